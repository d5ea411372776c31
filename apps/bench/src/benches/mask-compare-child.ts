// One engine of `mask-compare`, in a process of its own (its own heap and compiled code, as in
// use): `node --import tsx mask-compare-child.ts ENGINE_ENTRY [RULES_FILE]`, driven over IPC.
// {load: name, root, files} reads a corpus; {pass: name, repeat} masks it `repeat` times
// (prepareMask, a fresh session key) and answers the MB per process CPU second and the marks.
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Message = { load: string; root: string; files: string[] } | { pass: string; repeat: number };

const [entry, rulesFile] = process.argv.slice(2);
const engine = await import(entry!);
const rules = await engine.loadMaskRules(rulesFile || undefined);
const corpora = new Map<string, Array<{ path: string; text: string }>>();

process.on('message', (m: Message) => {
  if ('load' in m) {
    corpora.set(
      m.load,
      m.files.map((f) => ({ path: f, text: readFileSync(path.join(m.root, f), 'utf8') })),
    );
    process.send!({ loaded: m.load });
    return;
  }
  const sources = corpora.get(m.pass)!;
  const bytes = sources.reduce((n, s) => n + Buffer.byteLength(s.text), 0);
  const key = new engine.MaskSession().key;
  let marks = 0;
  const cpu0 = process.cpuUsage();
  for (let k = 0; k < m.repeat; k++)
    for (const s of sources) marks += engine.prepareMask(s.text, s.path, rules, key).marks.length;
  const cpu = process.cpuUsage(cpu0);
  const mbPerCore = (bytes * m.repeat) / 1e6 / ((cpu.user + cpu.system) / 1e6);
  process.send!({ mbPerCore, marks: marks / m.repeat });
});
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
