// Child process of the token benchmark, bundled like the shipped CLI (no tsx): scan the folder,
// count every visible text file through the token service, then read every file once (the I/O
// floor). Prints one JSON line. Usage: node tokens-driver.js ROOT CACHE_DIR
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTokenService, scanProject } from '@loupe/engine';

const [root = '.', cacheDir = ''] = process.argv.slice(2);
const started = performance.now();
const scan = await scanProject(root);
const scanned = performance.now();
const files = scan.files
  .filter((f) => !f.flag)
  .map((f) => ({ path: f.path, abs: path.join(scan.root, f.path), size: f.size, mtimeMs: f.mtimeMs }));
const service = createTokenService({ encoding: 'o200k_base', cacheDir });
const counts = await service.countFiles(files, { root: scan.root });
const counted = performance.now();
await service.close();
let tokens = 0;
for (const c of counts.values()) tokens += c.tokens;
const maxRssMb = process.resourceUsage().maxRSS / 1024;

let bytes = 0;
const readStart = performance.now();
for (const f of files) bytes += readFileSync(f.abs).length;
const readMs = performance.now() - readStart;

process.stdout.write(
  `${JSON.stringify({
    visible: scan.files.length,
    counted: files.length,
    bytes,
    tokens,
    scanMs: scanned - started,
    countMs: counted - scanned,
    readMs,
    maxRssMb,
  })}\n`,
);
