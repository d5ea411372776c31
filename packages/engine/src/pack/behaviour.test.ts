import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaskSession } from '../mask/session';
import { countTokens } from '../tokens/count';
import { createTokenService, type TokenService } from '../tokens/service';
import { Workspace } from '../workspace/workspace';
import { packFocus } from './pack';
import { parsePack } from './parse';
import { checkPack } from './testing/check';
import type { Included, Omitted, Outcome, Referenced } from './types';

const work = mkdtempSync(path.join(tmpdir(), 'loupe-packb-'));
let tokens: TokenService;
beforeAll(() => {
  tokens = createTokenService({ cacheDir: null, threads: 1 });
});
afterAll(async () => {
  await tokens.close();
  rmSync(work, { recursive: true, force: true });
});

async function project(name: string, files: Record<string, string>): Promise<Workspace> {
  const dir = path.join(work, name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  const ws = await Workspace.open(dir, { stateDir: null, tokens });
  await ws.tokensReady;
  return ws;
}

const statements = (k: number) =>
  Array.from(
    { length: k },
    (_, i) => `    const v${i} = compute(${i}, 'value number ${i}');\n    total += v${i};`,
  ).join('\n');
/** Classes with long method bodies: signatures is a fraction of full. */
const service = (classes: number) =>
  Array.from(
    { length: classes },
    (_, c) =>
      `export class Service${c} {\n  run${c}(input: string): number {\n    let total = 0;\n${statements(8)}\n    return total;\n  }\n}\n`,
  ).join('\n');
/** A test file: signatures keeps the test callbacks whole, outline collapses them. */
const testFile = (groups: number) =>
  `import { describe, it } from 'vitest';\n\n${Array.from(
    { length: groups },
    (_, g) =>
      `describe('group ${g}', () => {\n  it('case ${g}', () => {\n    let total = 0;\n${statements(10)}\n  });\n});\n`,
  ).join('\n')}`;
const prose = (words: number, seed: string) =>
  `# ${seed}\n\n${Array.from({ length: words }, (_, i) => `${seed}${i % 7} word${i % 13}`).join(' ')}\n`;

const find = <T extends Outcome>(outcomes: Outcome[], p: string) =>
  outcomes.find((o) => o.path === p) as T | undefined;

describe('step-down before omission', () => {
  it('offers a file at signatures, then outline, records each try, and omits only after outline', async () => {
    const ws = await project('steps', {
      'src/svc.ts': service(10),
      'src/x.test.ts': testFile(12),
      'src/huge.ts': service(150),
    });
    const seen = { svc: new Set<string>(), test: new Set<string>(), huge: new Set<string>() };
    try {
      for (let budget = 900; budget <= 8900; budget += 500) {
        for (const [key, file] of [
          ['svc', 'src/svc.ts'],
          ['test', 'src/x.test.ts'],
          ['huge', 'src/huge.ts'],
        ] as const) {
          const session = new MaskSession();
          const result = await packFocus(ws, { budget, paths: [file], session });
          await checkPack({ ws, result, format: 'markdown', session, budget, lineNumbers: false });
          const o = find<Included | Omitted>(result.coverage.outcomes, file)!;
          // Each try is at a level further down, and only the last try can fit.
          expect(o.steps.map((s) => s.level)).toEqual(
            ['full', 'signatures', 'outline'].slice(0, o.steps.length),
          );
          expect(o.steps.slice(0, -1).every((s) => !s.fits)).toBe(true);
          if (o.kind === 'included') {
            expect(o.steps.at(-1)!.fits).toBe(true);
            expect(o.level).toBe(o.steps.at(-1)!.level);
            // The recorded tokens are the section's as it stands in the document.
            const doc = parsePack(result.text, 'markdown');
            expect(doc.files[0]!.path).toBe(file);
            if (o.level !== 'full')
              expect(doc.files[0]!.meta).toMatch(/^Detail: (signatures|outline) \(stepped down: full [\d,]+/);
            seen[key].add(o.level);
          } else {
            if (o.reason === 'over-cap') expect(o.steps).toHaveLength(3);
            expect(o.why).toMatch(/per-file cap/);
            expect(result.text).toContain(JSON.stringify(file));
            seen[key].add(`omitted:${o.reason}`);
          }
        }
      }
      expect(seen.svc).toEqual(new Set(['signatures', 'full']));
      expect(seen.test.has('outline')).toBe(true);
      expect([...seen.test].some((l) => l === 'signatures')).toBe(false); // no smaller than full, so never chosen
      expect(seen.huge.has('omitted:over-cap')).toBe(true);
    } finally {
      await ws.close();
    }
  }, 60_000);
});

describe('session-aware packs', () => {
  it('turns files received unchanged into one-line references and gives their tokens to other files', async () => {
    const ws = await project('session', {
      'docs/a.md': prose(300, 'alpha'),
      'docs/b.md': prose(300, 'beta'),
    });
    try {
      const first = await packFocus(ws, { budget: 20_000 });
      const hashA = find<Included>(first.coverage.outcomes, 'docs/a.md')!.hash;
      const ledger = (p: string, hash: string) =>
        p === 'docs/a.md' && hash === hashA ? { call: 4, revision: 2 } : undefined;
      let flipped: number | undefined;
      for (let budget = 1500; budget <= 6000; budget += 150) {
        const plain = await packFocus(ws, { budget });
        const aware = await packFocus(ws, { budget, alreadyReceived: ledger });
        const b = (r: typeof plain) => find<Outcome>(r.coverage.outcomes, 'docs/b.md')!.kind;
        // The tokens a reference frees never cost another file its place.
        if (b(plain) === 'included') expect(b(aware)).toBe('included');
        if (
          b(plain) === 'omitted' &&
          b(aware) === 'included' &&
          find<Outcome>(plain.coverage.outcomes, 'docs/a.md')!.kind === 'included'
        )
          flipped ??= budget;
      }
      expect(flipped).toBeDefined();
      const budget = flipped!;
      const session = new MaskSession();
      const aware = await packFocus(ws, { budget, alreadyReceived: ledger, session });
      await checkPack({ ws, result: aware, format: 'markdown', session, budget, lineNumbers: false });
      const ref = find<Referenced>(aware.coverage.outcomes, 'docs/a.md')!;
      expect(ref).toMatchObject({ kind: 'referenced', call: 4, revision: 2, hash: hashA });
      expect(ref.saved).toBe(countTokens(prose(300, 'alpha')));
      expect(aware.text).toContain(
        '## File: docs/a.md\nReceived unchanged in call 4 (focus revision 2); not repeated here.',
      );
      expect(aware.text).toMatch(/Referenced, not repeated .*[\d,]+ tokens went to other files/);
      expect(aware.delivered.map((d) => d.path)).toEqual(['docs/b.md']);

      // Changed on disk: the ledger's hash no longer matches, so the file is sent again.
      writeFileSync(path.join(ws.root, 'docs/a.md'), prose(300, 'alpha2'));
      const changed = await packFocus(ws, { budget, alreadyReceived: ledger });
      expect(find<Included>(changed.coverage.outcomes, 'docs/a.md')?.kind).toBe('included');
    } finally {
      await ws.close();
    }
  });
});

describe('translations and secrets', () => {
  it('packs the original README and the project before any translation of it', async () => {
    const files: Record<string, string> = {
      'README.md': prose(600, 'readme'),
      'CONTRIBUTING.md': prose(100, 'contrib'),
      'src/index.ts': service(2),
      'src/server.ts': service(2),
    };
    for (const l of ['ja', 'ko', 'zh', 'zh_TW', 'pt_BR', 'th', 'fa-ir'])
      files[`README-${l}.md`] = prose(600, `t${l}`);
    const ws = await project('awesome', files);
    try {
      const result = await packFocus(ws, { budget: 6000 });
      const inDoc = result.coverage.outcomes.filter((o) => o.kind === 'included').map((o) => o.path);
      expect(inDoc[0]).toBe('README.md');
      expect(inDoc).toEqual(expect.arrayContaining(['CONTRIBUTING.md', 'src/index.ts', 'src/server.ts']));
      const firstTranslation = inDoc.findIndex((p) => p.startsWith('README-'));
      if (firstTranslation >= 0) expect(firstTranslation).toBeGreaterThan(inDoc.indexOf('src/server.ts'));
    } finally {
      await ws.close();
    }
  });

  it('never emits a raw secret and counts each masked value in the footer by rule', async () => {
    const gh = `ghp_${'Zx9Qw3Er5T'.repeat(3)}y7U1i2`;
    const ws = await project('secrets', {
      'src/config.ts': `export const token = '${gh}';\nexport function f() {\n  return '${gh}';\n}\n`,
      '.env.example': `GITHUB_TOKEN=${gh}\n`,
    });
    try {
      for (const detail of ['full', 'signatures'] as const) {
        const session = new MaskSession();
        const result = await packFocus(ws, { budget: 4000, detail, session, lineNumbers: true });
        await checkPack({ ws, result, format: 'markdown', session, budget: 4000, lineNumbers: true });
        expect(result.text).not.toContain(gh);
        expect(result.text).toContain('LOUPE_REDACTED[github-pat#1]');
        expect(result.text).toContain('are placeholders for masked secrets');
        // At signatures the function body (and the value in it) is emptied: one fewer.
        expect(result.coverage.masked.total).toBe(detail === 'full' ? 3 : 2);
      }
    } finally {
      await ws.close();
    }
  });
});
