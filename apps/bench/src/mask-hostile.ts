// Whole-file masking CPU on hostile one-line and many-line texts (docs/benchmarks.md, "Masking's
// bounds are counts"): `SIZE=<MiB> CASE=<pw|gh|api|ghsparse> [ROOT=<a Loupe checkout>] npx tsx
// apps/bench/src/mask-hostile.ts` prints one JSON line: CPU and wall seconds, findings, the
// withheld reason and a digest of the masked text (the same digest is the same answer). ROOT runs
// another checkout's sources (a build before a change), with the same texts; NOCLOCK=1 lifts a
// checkout's old 20 s time limit, so its full cost is measured.
import { createHash } from 'node:crypto';
import path from 'node:path';

type Engine = typeof import('@loupe/engine');
const root = process.env.ROOT ?? path.resolve(import.meta.dirname, '../../..');
const mask = (m: string) => `${root}/packages/engine/src/mask/${m}.ts`;
const { loadMaskRules } = (await import(mask('rules'))) as Pick<Engine, 'loadMaskRules'>;
const { maskText } = (await import(mask('mask'))) as Pick<Engine, 'maskText'>;
const { MaskSession } = (await import(mask('session'))) as Pick<Engine, 'MaskSession'>;
const { DEFAULT_LIMITS } = (await import(mask('scan'))) as Pick<Engine, 'DEFAULT_LIMITS'>;
const limits = { ...DEFAULT_LIMITS, ...(process.env.NOCLOCK ? { timeLimitMs: 1e12 } : {}) };

// Built at run time so this source holds no secret-shaped literal.
const GH = `ghp_${'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z0A'}`;
const UNITS: Record<string, string> = {
  pw: `${'pass'}word = "aZ3$kLp9Qx" `, // no newline: one line
  gh: `TOKEN=${GH} x ${GH}\n`,
  api: `${'api'}_key=ab12cd34ef\n`,
  // The gh line padded, so 16 MiB stays under the 200,000-match cap.
  ghsparse: `TOKEN=${GH} x ${GH} ${'.'.repeat(216)}\n`,
};
const kind = process.env.CASE ?? 'pw';
const unit = UNITS[kind];
if (!unit) throw new Error(`CASE is one of ${Object.keys(UNITS).join(', ')}`);
const size = Math.round(Number(process.env.SIZE ?? '0.25') * 1024 * 1024);
const text = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const rules = await loadMaskRules();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const r = maskText(text, 'a.txt', rules, new MaskSession(), limits);
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const digest = createHash('sha256')
  .update(r.text ?? '')
  .update(String(r.withheld))
  .digest('hex')
  .slice(0, 12);
console.log(
  JSON.stringify({
    case: kind,
    mib: size / 1048576,
    cpu: +((cpu.user + cpu.system) / 1e6).toFixed(2),
    wall: +(wall / 1000).toFixed(2),
    findings: r.findings.length,
    withheld: r.withheld ?? null,
    digest,
  }),
);
