// `BENCH_REPOS=… npm run bench -- mask-fp`: every mask in whole real repositories, for review by
// eye. Each tracked text file of each BENCH_REPOS checkout is masked in one session per
// repository; every mask is listed with its path, line and rule (never the value) in
// apps/bench/.work/mask-fp/<repo>.txt, and the counts per repository and rule are recorded. The
// reviewed summary (what remains and why each is right) is in docs/masking.md; a change in the
// counts is a change to review again.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isBinary, loadMaskRules, MaskSession, maskText } from '@loupe/engine';
import type { Bench } from '../harness';

export const maskFpBench: Bench = {
  name: 'mask-fp',
  async run(ctx) {
    const rules = await loadMaskRules();
    const outDir = path.join(ctx.workDir, 'mask-fp');
    mkdirSync(outDir, { recursive: true });
    const rows: Array<Record<string, string | number>> = [];
    if (ctx.repos.length === 0) ctx.log('mask-fp: no BENCH_REPOS given; nothing to review');
    for (const repo of ctx.repos) {
      const name = path.basename(repo);
      ctx.log(`mask-fp: ${name}`);
      const files = execFileSync('git', ['ls-files', '-z'], {
        cwd: repo,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      })
        .split('\0')
        .filter(Boolean);
      const session = new MaskSession();
      const lines: string[] = [];
      const byRule: Record<string, number> = {};
      let withheld = 0;
      let masked = 0;
      for (const f of files) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(path.join(repo, f));
        } catch {
          continue; // a submodule or a file missing from the checkout
        }
        if (isBinary(bytes)) continue;
        const r = maskText(bytes.toString('utf8'), f, rules, session);
        if (r.withheld) {
          withheld++;
          lines.push(`${f}: withheld (${r.withheld})`);
        }
        if (r.findings.length) masked++;
        for (const x of r.findings) {
          lines.push(`${f}:${x.line} ${x.rule}`);
          byRule[x.rule] = (byRule[x.rule] ?? 0) + 1;
        }
      }
      writeFileSync(path.join(outDir, `${name}.txt`), `${lines.join('\n')}\n`);
      rows.push({
        repository: name,
        files: files.length,
        'files with masks': masked,
        masks: Object.values(byRule).reduce((a, b) => a + b, 0),
        withheld,
        'by rule': Object.entries(byRule)
          .sort((a, b) => b[1] - a[1])
          .map(([r, n]) => `${r} ${n}`)
          .join(', '),
      });
    }
    return {
      title: 'Masks in whole real repositories (for review by eye)',
      rows,
      checks: [],
      notes: [
        'Every tracked text file masked in one session per repository; the full list (path, line, rule; never a value) is in apps/bench/.work/mask-fp/<repo>.txt.',
        'The reviewed list and why each remaining mask is right: docs/masking.md, "Masks in real repositories".',
      ],
    };
  },
};
