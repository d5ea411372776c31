// The UTF-8 copies RE2 reads share one budget in the process. An index gives its share back when
// its project closes or masking switches, so a process that opens and closes projects (the window,
// `loupe serve`, an MCP server switching projects) keeps the whole budget for the ones open now.
import { describe, expect, it } from 'vitest';
import { searchFocus } from './search';
import { openProject, shownText } from './testing';
import { Utf8Ledger, utf8KeptBytes } from './utf8';

const FILES = {
  'src/a.ts': 'const café = 1; // naïve\n'.repeat(200),
  'src/b.ts': 'export const x = 2;\n'.repeat(300),
  'README.md': 'No constants here.\n',
};
// Each file that may match keeps its copy (no values are masked here: the text is the file's).
const MATCHING = Buffer.byteLength(FILES['src/a.ts']) + Buffer.byteLength(FILES['src/b.ts']);
const REGEX = { regex: true, stream: false } as const;

describe('the UTF-8 copies budget', () => {
  it('comes back when a project closes, however many are opened and closed in one process', async () => {
    const start = utf8KeptBytes();
    let shown: string | undefined;
    for (let round = 0; round < 4; round++) {
      const p = await openProject(FILES);
      const r = await searchFocus(p.ws, 'const [^ ]+ =', REGEX);
      expect(r.files.map((f) => f.path).sort()).toEqual(['src/a.ts', 'src/b.ts']);
      shown ??= shownText(r);
      expect(shownText(r)).toBe(shown);
      expect(utf8KeptBytes() - start).toBe(MATCHING);
      await p.close();
      expect(utf8KeptBytes()).toBe(start);
    }
  });

  it('comes back from the index masking replaced, and the next index keeps its own', async () => {
    const start = utf8KeptBytes();
    const p = await openProject(FILES);
    try {
      const masked = await searchFocus(p.ws, 'const [^ ]+ =', REGEX);
      expect(utf8KeptBytes() - start).toBe(MATCHING);
      p.ws.setMasking(false);
      const plain = await searchFocus(p.ws, 'const [^ ]+ =', REGEX);
      expect(shownText(plain)).toBe(shownText(masked));
      expect(utf8KeptBytes() - start).toBe(MATCHING);
    } finally {
      await p.close();
    }
    expect(utf8KeptBytes()).toBe(start);
  });

  it('keeps nothing for a closed ledger, and gives back only what it holds', () => {
    const start = utf8KeptBytes();
    const a = new Utf8Ledger();
    const b = new Utf8Ledger();
    expect(a.take(100)).toBe(true);
    expect(b.take(50)).toBe(true);
    a.give(40);
    expect(utf8KeptBytes() - start).toBe(110);
    a.close();
    expect(utf8KeptBytes() - start).toBe(50);
    a.give(60); // an entry of the closed index leaving later: already given back
    a.close();
    expect(utf8KeptBytes() - start).toBe(50);
    expect(a.take(1)).toBe(false);
    b.close();
    expect(utf8KeptBytes()).toBe(start);
  });
});
