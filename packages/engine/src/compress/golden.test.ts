// Golden tests: every input under fixtures/compress/<language>/ against its expected output at
// each level (and its declarations). UPDATE_GOLDEN=1 rewrites the expected files; review the diff.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sameTextAs } from '../content/detail';
import { declarations } from '../declarations/declarations';
import { grammarOf, languageOf } from '../lang/languages';
import { SYNTAX } from '../syntax/index';
import { compress } from './compress';
import { isTestFile } from './testfiles';
import type { CompressOptions } from './types';

const root = fileURLToPath(new URL('../../fixtures/compress/', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';

const VARIANTS: Array<{ name: string; options: CompressOptions; when: 'code' | 'all' | 'tests' }> = [
  { name: 'compact', options: { level: 'compact' }, when: 'all' },
  { name: 'signatures', options: { level: 'signatures' }, when: 'code' },
  {
    name: 'signatures-stripped',
    options: { level: 'signatures', stripComments: true, stripDocstrings: true },
    when: 'code',
  },
  { name: 'outline', options: { level: 'outline' }, when: 'tests' },
];

function golden(file: string, actual: string): void {
  if (update || !existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

const cases = readdirSync(root).flatMap((lang) =>
  readdirSync(path.join(root, lang), { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => ({ lang, name: e.name, rel: `${lang}/${e.name}` })),
);

describe('compression goldens', () => {
  for (const c of cases) {
    const text = readFileSync(path.join(root, c.rel), 'utf8');
    const grammar = grammarOf(languageOf(c.name)!)!;
    const code = Boolean(SYNTAX[grammar].structure);
    for (const v of VARIANTS) {
      if (v.when === 'code' && !code) continue;
      if (v.when === 'tests' && !(code && SYNTAX[grammar].outline && isTestFile(c.rel, text))) continue;
      it(`${c.rel} at ${v.name}`, async () => {
        const result = await compress(text, c.rel, v.options);
        expect({ level: result.level, reason: result.reason }).toEqual({
          level: v.options.level,
          reason: undefined,
        });
        golden(path.join(root, c.lang, 'expected', `${c.name}.${v.name}`), result.text);
      });
    }
    if (code)
      it(`${c.rel} declarations`, async () => {
        const list = await declarations(text, c.rel);
        const lines = list.map(
          (d) =>
            `${d.kind} ${d.qualifiedName} ${d.startLine}-${d.endLine}${d.docLine ? ` doc@${d.docLine}` : ''}${d.local ? ' local' : ''}`,
        );
        golden(path.join(root, c.lang, 'expected', `${c.name}.declarations`), `${lines.join('\n')}\n`);
      });
  }
});

// A budgeted pack does not compress a file at outline after signatures when sameTextAs says the
// text cannot differ (content/detail.ts): outline must then give signatures' text exactly.
describe('outline after signatures', () => {
  for (const c of cases) {
    const text = readFileSync(path.join(root, c.rel), 'utf8');
    if (!sameTextAs('signatures', 'outline', c.rel, text)) continue;
    it(`${c.rel}: outline gives the text signatures gives`, async () => {
      const signatures = await compress(text, c.rel, { level: 'signatures' });
      const outline = await compress(text, c.rel, { level: 'outline' });
      expect(outline.text).toBe(signatures.text);
    });
  }
  it('a test file is compressed at outline again (its cases fold)', () => {
    const tests = cases.filter((c) => isTestFile(c.rel, readFileSync(path.join(root, c.rel), 'utf8')));
    expect(tests.length).toBeGreaterThan(0);
    for (const c of tests)
      expect(sameTextAs('signatures', 'outline', c.rel, readFileSync(path.join(root, c.rel), 'utf8'))).toBe(
        false,
      );
  });
});
