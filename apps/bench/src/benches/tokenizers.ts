// o200k against cl100k on real code: the measured ground for the margin results keep below a
// client's token limit (packages/mcp/src/reply-limits.ts, TOKEN_MARGIN). Both by js-tiktoken.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_MARGIN } from '@loupe/mcp';
import { getEncoding } from 'js-tiktoken';
import { type Bench, type Check, check } from '../harness';

const CODE = /\.(py|ts|tsx|js|mjs|cjs|go|rs|java|rb|c|h|cc|cpp|cs|php|swift|kt)$/;
const MAX_FILE = 512 * 1024;

export const tokenizersBench: Bench = {
  name: 'tokenizers',
  async run(ctx) {
    const o200k = getEncoding('o200k_base');
    const cl100k = getEncoding('cl100k_base');
    const rows: Array<Record<string, string | number>> = [];
    const checks: Check[] = [];
    for (const repo of ctx.repos) {
      const files = execFileSync('git', ['-C', repo, 'ls-files', '-z'], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      })
        .split('\0')
        .filter((f) => CODE.test(f));
      let a = 0;
      let b = 0;
      let chars = 0;
      let worst = 0;
      let counted = 0;
      for (const f of files) {
        const abs = path.join(repo, f);
        const info = statSync(abs, { throwIfNoEntry: false });
        if (!info?.isFile() || info.size > MAX_FILE) continue;
        const text = readFileSync(abs, 'utf8');
        const x = o200k.encode(text, [], []).length;
        const y = cl100k.encode(text, [], []).length;
        a += x;
        b += y;
        chars += text.length;
        counted++;
        if (x >= 200) worst = Math.max(worst, y / x);
      }
      if (!counted) continue;
      rows.push({
        repo: path.basename(repo),
        files: counted,
        'o200k tokens': a,
        'cl100k tokens': b,
        'cl100k / o200k': (b / a).toFixed(3),
        'worst file (≥ 200 tokens)': worst.toFixed(3),
        'characters per o200k token': (chars / a).toFixed(2),
      });
      // The margin must leave room for a tokenizer that counts more than both.
      checks.push(
        check(
          `${path.basename(repo)}: worst cl100k / o200k within the margin`,
          worst,
          '<=',
          1 / TOKEN_MARGIN,
        ),
      );
    }
    return {
      title: 'Tokenizers: o200k against cl100k on code',
      rows,
      checks,
      notes: [
        `Results fill at most ${TOKEN_MARGIN * 100}% of a client's token limit by o200k: room for a tokenizer counting ${(1 / TOKEN_MARGIN).toFixed(2)}× as many.`,
        'Files: code tracked by git in each BENCH_REPOS checkout, up to 512 KiB each.',
      ],
    };
  },
};
