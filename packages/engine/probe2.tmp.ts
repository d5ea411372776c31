import { readFileSync } from 'node:fs';
import path from 'node:path';
import { focusedFiles, Workspace } from '@loupe/engine';
import { maskHere } from './src/content/maskers';
import { MaskSession } from './src/mask/session';

const dir = path.resolve(process.argv[2]!);
const ws = await Workspace.open(dir, { stateDir: null, countTokens: false });
const files = focusedFiles(ws);
const texts = files.map((f) => readFileSync(path.join(dir, f.path), 'utf8'));
const m = maskHere(new MaskSession(ws.maskKey));
await m.mask('x', 'a.ts');
const t = performance.now();
let found = 0;
for (let i = 0; i < texts.length; i++) {
  const r: any = await m.mask(texts[i]!, files[i]!.path);
  if (r.findings?.length) found++;
}
console.log(
  'mask here all',
  Math.round(performance.now() - t),
  found,
  texts.reduce((a, b) => a + b.length, 0),
);
await ws.close();
