import { readFileSync } from 'node:fs';
import path from 'node:path';
import { focusedFiles, Workspace } from '@loupe/engine';
import { MaskSession } from './src/mask/session';

const dir = path.resolve(process.argv[2]!);
let t = performance.now();
const ws = await Workspace.open(dir, { stateDir: null, countTokens: false });
console.log('open', Math.round(performance.now() - t), ws.index.size);
const files = focusedFiles(ws);
t = performance.now();
let bytes = 0,
  hits = 0;
for (const f of files) {
  const b = readFileSync(path.join(dir, f.path));
  bytes += b.length;
  if (b.includes('render')) hits++;
}
console.log('plain read+indexOf', Math.round(performance.now() - t), bytes, hits);
t = performance.now();
const s = new MaskSession(ws.maskKey);
const r = await ws.content.readMaskedMany(files.slice(0, 200), s);
console.log('mask warm-up 200', Math.round(performance.now() - t));
t = performance.now();
const r2 = await ws.content.readMaskedMany(files, s);
console.log(
  'mask all',
  Math.round(performance.now() - t),
  r2.filter((x) => x.kind === 'masked' && x.findings.length).length,
);
await ws.close();
