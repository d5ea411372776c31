import path from 'node:path';
import { focusedFiles, Workspace } from '@loupe/engine';
import { groups } from './src/mask/pool';
import streamTask from './src/search/stream-worker';

const dir = path.resolve(process.argv[2]!);
const word = process.argv[3]!;
const ws = await Workspace.open(dir, { stateDir: null, countTokens: false });
const files = focusedFiles(ws);
const inputs = files.map((f) => ({ ...ws.content.input(f), size: f.size }));
const batches = groups(inputs, (f) => f.size ?? 16384);
const spec = { literal: word.toLowerCase(), caseSensitive: word !== word.toLowerCase() };
await streamTask({ files: inputs.slice(0, 5), spec, masking: true, key: new Uint8Array(32) });
const t = performance.now();
let n = 0;
for (const b of batches) {
  const r = await streamTask({ files: b, spec, masking: true, key: new Uint8Array(32) });
  n += r.filter((x) => x.kind !== 'no-match').length;
}
console.log('one thread', Math.round(performance.now() - t), n, batches.length);
await ws.close();
