import { describe, expect, it } from 'vitest';
import { codeFamily, codeRegions, regionAt } from './regions';

const show = (text: string, family: 'c' | 'hash' | 'dash') =>
  codeRegions(text, family).map((r) => `${r.kind}:${text.slice(r.start, r.end)}`);

describe('code regions', () => {
  it('knows code files by extension and leaves config, shell and prose alone', () => {
    expect(['a.ts', 'b.go', 'c.java', 'd.cs', 'e.rs', 'f.php'].map(codeFamily)).toEqual([
      'c',
      'c',
      'c',
      'c',
      'c',
      'c',
    ]);
    expect(['a.py', 'b.rb'].map(codeFamily)).toEqual(['hash', 'hash']);
    expect(['a.sql', 'b.lua'].map(codeFamily)).toEqual(['dash', 'dash']);
    expect(['.env', 'a.yaml', 'run.sh', 'README.md', 'Makefile', 'dir.ts/x'].map(codeFamily)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('finds C-family strings, templates, comments and skips regex literals', () => {
    const text = `const a = "x\\"y"; // note 'q'\nconst b = \`t\n\${c}\`; /* k = "v" */ const r = /"[^"]*"/g; const d = 'z';`;
    expect(show(text, 'c')).toEqual([
      'string:x\\"y',
      "comment:// note 'q'",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} is the point of this case
      'string:t\n${c}',
      'comment: k = "v" ',
      'string:z',
    ]);
  });

  it('handles C# verbatim strings, Go raw strings and an unterminated string ending at the line', () => {
    expect(show('var p = @"C:\\dir ""q"""; x', 'c')).toEqual(['string:C:\\dir ""q""']);
    expect(show('s := `a\\nb`\n', 'c')).toEqual(['string:a\\nb']);
    expect(show('x = "open\ny = 1', 'c')).toEqual(['string:open']);
  });

  it('finds Python triple-quoted, raw and prefixed strings and # comments', () => {
    const text = `a = r"\\d+"  # c\nb = f'{x}'\nc = """doc\n'q'"""\n`;
    expect(show(text, 'hash')).toEqual(['string:\\d+', 'comment:# c', 'string:{x}', "string:doc\n'q'"]);
  });

  it('finds -- comments for SQL and Lua', () => {
    expect(show("select 'a' -- b\n", 'dash')).toEqual(['string:a', 'comment:-- b']);
  });

  it('looks regions up by offset', () => {
    const regions = codeRegions('a "bc" d "ef"', 'c');
    expect(regionAt(regions, 3)?.start).toBe(3);
    expect(regionAt(regions, 6)).toBeUndefined();
    expect(regionAt(regions, 11)?.end).toBe(12);
  });
});
