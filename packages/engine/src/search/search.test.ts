// Ranking, fair cut, body capping, scope and coverage statements of searchFocus, end to end over a
// real project folder opened as a Workspace (real scan, real masking pipeline, real parses).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDelivered, searchResultJson } from './data';
import type { SearchOptions, SearchResult } from './result';
import { searchFocus } from './search';
import { openProject, type TestProject } from './testing';

const SERVICE = [
  'import type { OrderInput } from "../types";',
  '',
  '/** Places and cancels orders. */',
  'export class OrderService {',
  '  private readonly log: string[] = [];',
  '',
  '  /** Places one order. */',
  '  placeOrder(input: OrderInput): number {',
  '    this.log.push(input.id);',
  '    return this.log.length;',
  '  }',
  '',
  '  cancel(id: string): void {',
  '    this.log.splice(this.log.indexOf(id), 1);',
  '  }',
  '}',
  '',
].join('\n');

const FILES: Record<string, string> = {
  'src/orders/service.ts': SERVICE,
  'src/types.ts': 'export interface OrderInput {\n  id: string;\n}\n',
  'src/api/routes.ts': [
    'import { OrderService } from "../orders/service";',
    'const service = new OrderService();',
    'export function route(body: { id: string }) {',
    '  // placeOrder is the only writer',
    '  const first = service.placeOrder(body);',
    '  const again = service.placeOrder(body);',
    '  return first + again + service.placeOrder(body);',
    '}',
    '',
  ].join('\n'),
  'src/api/handler.ts': [
    'import type { OrderInput } from "../types";',
    'export function handle(input: OrderInput, place: (i: OrderInput) => number) {',
    '  const copy: OrderInput = { ...input };',
    '  return place(copy); // not placeOrder',
    '}',
    '',
  ].join('\n'),
  'test/service.test.ts': [
    'import { describe, it } from "vitest";',
    'function placeOrder() { return 0; }',
    'describe("orders", () => it("places", () => placeOrder()));',
    '',
  ].join('\n'),
  'vendor/lib/orders.js': 'export function placeOrder() { return 1; }\n',
  'src/api/copy.ts': 'export function copy(x: object) {\n  return x as OrderInput;\n}\n',
  'docs/orders.md': '# Orders\n\nCall `placeOrder` to place one.\n',
  'a/same.ts': 'export const tie = 1; // tie\n',
  'b/same.ts': 'export const tie = 1; // tie\n',
};

let p: TestProject;
beforeAll(async () => {
  p = await openProject(FILES);
});
afterAll(() => p.close());

const find = (query: string, options: SearchOptions = {}): Promise<SearchResult> =>
  searchFocus(p.ws, query, options);

const order = (r: Awaited<ReturnType<typeof searchFocus>>) => r.files.map((f) => `${f.path} ${f.bestTier}`);

describe('search ranking', () => {
  it('puts the declaration first, then references by rarity; vendored, test and doc files weigh less', async () => {
    const r = await find('placeOrder');
    expect(order(r)).toEqual([
      'src/orders/service.ts name',
      'test/service.test.ts name',
      'vendor/lib/orders.js name',
      'src/api/handler.ts content',
      'src/api/routes.ts content',
      'docs/orders.md content',
    ]);
    expect(r.best).toMatchObject({ path: 'src/orders/service.ts', line: 8, tier: 'name' });
    expect(r.best?.declaration?.qualifiedName).toBe('OrderService.placeOrder');
    // The body is the whole method with its doc comment.
    expect(r.best?.range).toEqual({ start: 7, end: 11 });
    expect(r.best?.parts.map((x) => x.text).join('\n')).toBe(SERVICE.split('\n').slice(6, 11).join('\n'));
    expect(r.best?.omitted).toEqual([]);
  });

  it('ranks a qualified query on the qualified declaration, which no literal match shows', async () => {
    const r = await find('OrderService.placeOrder');
    expect(order(r)).toEqual(['src/orders/service.ts qualified']);
    expect(r.declarations.map((d) => `${d.path} ${d.declaration.qualifiedName}`)).toEqual([
      'src/orders/service.ts OrderService.placeOrder',
    ]);
    expect(r.declarations[0]?.call).toEqual({
      path: 'src/orders/service.ts',
      symbol: 'OrderService.placeOrder',
    });
  });

  it('puts a declaration name above declaration syntax above plain content', async () => {
    const r = await find('OrderInput');
    // service.ts and handler.ts both hold it in a signature; service.ts's is rarer in its file
    // (2 matches against 4); copy.ts holds it once, in a body only.
    expect(order(r)).toEqual([
      'src/types.ts name',
      'src/orders/service.ts syntax',
      'src/api/handler.ts syntax',
      'src/api/copy.ts content',
    ]);
    expect(r.files.map((f) => f.matches)).toEqual([1, 2, 4, 1]);
  });

  it('an explicit file in the path scope outranks everything; folders and globs only scope', async () => {
    const r = await find('placeOrder', { paths: ['src/api/routes.ts', 'test/**'] });
    expect(order(r)).toEqual(['src/api/routes.ts content', 'test/service.test.ts name']);
    expect(r.coverage).toMatchObject({ focus: 10, inScope: 2, searched: 2, unmatchedScope: [] });
    const none = await find('placeOrder', { paths: ['nowhere/', '*.py'] });
    expect(none.files).toEqual([]);
    expect(none.coverage.unmatchedScope).toEqual(['nowhere/', '*.py']);
  });

  it('breaks ties by path, then line', async () => {
    const r = await find('tie');
    expect(r.files.map((f) => f.path)).toEqual(['a/same.ts', 'b/same.ts']);
    expect(r.files[0]?.score).toBe(r.files[1]?.score);
  });

  it('is case-insensitive unless the query has capitals', async () => {
    expect((await find('placeorder')).totals.files).toBe(6);
    expect((await find('PlaceOrder')).totals.files).toBe(0);
    expect((await find('ORDERS')).caseSensitive).toBe(true);
  });
});

describe('search result shape', () => {
  it('cuts fairly: every matching file gets one match before any gets a second', async () => {
    // The best match (service.ts) shows its own match; five more go one per file in rank order.
    const r = await find('placeOrder', { maxResults: 5, context: 0 });
    expect(r.files.map((f) => [f.path, f.shownHits, f.inBest])).toEqual([
      ['src/orders/service.ts', 1, 1],
      ['test/service.test.ts', 1, 0],
      ['vendor/lib/orders.js', 1, 0],
      ['src/api/handler.ts', 1, 0],
      ['src/api/routes.ts', 1, 0],
      ['docs/orders.md', 1, 0],
    ]);
    expect(r.totals).toMatchObject({ matches: 10, files: 6, shownHits: 6, shownFiles: 6 });
    // Two more: the files that have a second match get it, in rank order (the test file, routes.ts).
    const r2 = await find('placeOrder', { maxResults: 7, context: 0 });
    expect(r2.files.map((f) => f.shownHits)).toEqual([1, 2, 1, 1, 2, 1]);
    // One fewer: the last file in rank order is left out, and named.
    const r3 = await find('placeOrder', { maxResults: 4, context: 0 });
    expect(r3.files.map((f) => f.shownHits)).toEqual([1, 1, 1, 1, 1]);
    expect(r3.notShown).toEqual({
      files: [{ path: 'docs/orders.md', matches: 1, capped: false }],
      folders: [],
    });
  });

  it('names every matching file it does not show: the first 20 and root files by name, the rest per folder', async () => {
    const files: Record<string, string> = { 'lib/a.ts': 'export const needle = 1;\n' };
    for (let i = 0; i < 40; i++) files[`test/t${String(i).padStart(2, '0')}.ts`] = `needle(${i});\n`;
    // Generated files at the root rank last (below the tests): beyond the first 20, named all the same.
    for (let i = 0; i < 3; i++) files[`n${i}.min.js`] = 'needle;\n';
    const q = await openProject(files);
    try {
      const r = await searchFocus(q.ws, 'needle', { maxResults: 5 });
      // The best match's file, then five in rounds.
      expect(r.files).toHaveLength(6);
      expect(r.notShown.files.length).toBe(20 + 3);
      expect(
        r.notShown.files
          .filter((f) => !f.path.includes('/'))
          .map((f) => f.path)
          .sort(),
      ).toEqual(['n0.min.js', 'n1.min.js', 'n2.min.js']);
      const inFolders = r.notShown.folders.reduce((n, g) => n + g.files, 0);
      expect(r.files.length + r.notShown.files.length + inFolders).toBe(r.totals.files);
      expect(r.notShown.folders).toEqual([{ folder: 'test/', files: 15, matches: 15, capped: false }]);
      const named = new Set([...r.files, ...r.notShown.files].map((f) => f.path));
      expect(named.size).toBe(29);
    } finally {
      await q.close();
    }
  });

  it('lists the declarations holding matches with ready get_file calls', async () => {
    const r = await find('placeOrder');
    const brief = r.declarations.map((h) => [h.path, h.declaration.qualifiedName, h.matches, h.tier, h.call]);
    expect(brief).toContainEqual([
      'src/orders/service.ts',
      'OrderService.placeOrder',
      1,
      'name',
      { path: 'src/orders/service.ts', symbol: 'OrderService.placeOrder' },
    ]);
    expect(brief).toContainEqual([
      'src/api/routes.ts',
      'route',
      4,
      'content',
      { path: 'src/api/routes.ts', symbol: 'route' },
    ]);
    expect(r.coverage).toMatchObject({ focus: 10, searched: 10, outsideFocus: 0 });
  });

  it('JSON: lines and files as a header and rows, smaller than objects with repeated keys', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 8; i++) files[`dir/file${i}.txt`] = `line one\nthe needle ${i}\n`;
    const q = await openProject(files);
    try {
      const r = await searchFocus(q.ws, 'needle', { context: 1 });
      const json = searchResultJson(r) as { lines: { columns: string[]; rows: unknown[][] } };
      expect(json.lines.columns).toEqual(['path', 'line', 'match', 'text']);
      expect(json.lines.rows).toContainEqual(['dir/file1.txt', 2, 1, 'the needle 1']);
      expect(json.lines.rows).toContainEqual(['dir/file1.txt', 1, 0, 'line one']);
      expect(JSON.stringify(json).length).toBeLessThan(JSON.stringify(r).length);
    } finally {
      await q.close();
    }
  });

  it('says what it showed of each file, for receipts', async () => {
    const r = await find('placeOrder', { context: 0 });
    const delivered = searchDelivered(r);
    expect(delivered.find((d) => d.path === 'src/orders/service.ts')).toMatchObject({
      lines: [[7, 11]],
      detail: 'full',
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(delivered.find((d) => d.path === 'src/api/routes.ts')?.lines).toEqual([[4, 7]]);
  });

  it('states how many files outside the focus were not searched', async () => {
    p.ws.setFocus({ include: ['src'], exclude: [] });
    try {
      const r = await find('placeOrder');
      expect(r.files.map((f) => f.path)).toEqual([
        'src/orders/service.ts',
        'src/api/handler.ts',
        'src/api/routes.ts',
      ]);
      expect(r.coverage).toMatchObject({ focus: 5, outsideFocus: 5 });
    } finally {
      p.ws.setFocus({ include: [], exclude: [] });
    }
  });

  it('counts a word exactly however often it occurs; a fragment past the count cap says "at least"', async () => {
    const q = await openProject({
      'big.txt': 'cart '.repeat(12_000),
      'small.ts': 'export const cart = 1;\n',
    });
    try {
      const word = await searchFocus(q.ws, 'cart');
      expect(word.totals).toMatchObject({ matches: 12_001, capped: false, files: 2 });
      expect(word.files.map((f) => [f.path, f.matches])).toEqual([
        ['small.ts', 1],
        ['big.txt', 12_000],
      ]);
      const fragment = await searchFocus(q.ws, 'cart ');
      expect(fragment.totals).toMatchObject({ matches: 10_001, capped: true, files: 2 });
    } finally {
      await q.close();
    }
  });

  it('regex: RE2 syntax, smart case, refusals in one sentence', async () => {
    const r = await find('place\\w+\\(', { regex: true });
    expect(r.regex).toBe(true);
    expect(r.caseSensitive).toBe(false);
    expect(r.files[0]?.path).toBe('src/orders/service.ts');
    await expect(find('(?<=x)y', { regex: true })).rejects.toThrow(/not valid RE2 syntax/);
    await expect(find('')).rejects.toThrow(/empty/);
    const late = await find('x', { regex: true, byteLimit: 0 });
    expect(late.coverage.stopped).toBeDefined();
  });

  it('regex: stops at a count of bytes, the same file every time, whatever the load', async () => {
    // Files are searched in path order; a limit of exactly the first k files' bytes reaches those k.
    const inPathOrder = [...p.ws.index.all()].sort((x, y) => (x.path < y.path ? -1 : 1));
    const k = 5;
    const limit = inPathOrder.slice(0, k).reduce((sum, f) => sum + f.size, 0);
    const runs = await Promise.all(
      Array.from({ length: 20 }, () => find('\\w+', { regex: true, byteLimit: limit })),
    );
    for (const r of runs)
      expect(r.coverage.stopped).toEqual({
        limitBytes: limit,
        lastSearched: inPathOrder[k - 1]!.path,
        firstNotReached: inPathOrder[k]!.path,
        notReached: inPathOrder.length - k,
      });
    // The default reaches a small project whole.
    expect((await find('\\w+', { regex: true })).coverage.stopped).toBeUndefined();
  });
});
