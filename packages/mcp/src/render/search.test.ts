// The agent-facing text of search and related_files over real projects (real scan, masking and
// parses): the statements each result makes, and one spelling for every ready call in them.
import { relatedFiles, type SearchOptions, searchFocus, Workspace } from '@loupe/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, makeProject } from '../testing/fixture';
import { renderRelationsResult } from './relations';
import { renderSearchResult } from './search';

const SERVICE = [
  '/** Places and cancels orders. */',
  'export class OrderService {',
  '  /** Places one order. */',
  '  placeOrder(input: string): number {',
  '    return input.length;',
  '  }',
  '}',
  '',
].join('\n');

const FILES: Record<string, string> = {
  'src/orders/service.ts': SERVICE,
  'src/api/routes.ts': [
    'import { OrderService } from "../orders/service";',
    'const service = new OrderService();',
    'export function route(body: string) {',
    '  const first = service.placeOrder(body);',
    '  return first + service.placeOrder(body);',
    '}',
    '',
  ].join('\n'),
  'src/api/index.ts': 'export { route } from "./routes";\nimport "react";\nimport "./gone";\n',
  'src/long.ts': `export function longWork(): number {\n${Array.from({ length: 120 }, (_, i) => `  const step${i} = ${i}; // padding line ${i}`).join('\n')}\n  return 0;\n}\n`,
  '.env': `GITHUB_TOKEN=${['ghp', '_', 'Xq7RmT2vLp9KsW4nBc8YdE1fHj6GaZ3uNo5i'].join('')}\n`,
};

let fx: Fixture;
let ws: Workspace;
beforeAll(async () => {
  fx = makeProject(FILES);
  ws = await Workspace.open(fx.root, { stateDir: null, cacheDir: null, countTokens: false });
});
afterAll(async () => {
  await ws.close();
  fx.cleanup();
});

const text = async (query: string, options: SearchOptions = {}) =>
  renderSearchResult(await searchFocus(ws, query, options));

/** Every `tool {…}` call in a text. */
function calls(out: string): string[] {
  return [...out.matchAll(/\b(get_file|related_files|search|get_tree) (\{[^\n]*?\})(?=[\s;.,)]|$)/gm)].map(
    (m) => m[0],
  );
}

describe('search as agents read it', () => {
  it('lists declarations holding matches with ready get_file calls, and what it searched', async () => {
    const out = await text('placeOrder');
    expect(out).toContain(
      'src/orders/service.ts:3–6 method OrderService.placeOrder (1 match, declared here) get_file {"path":"src/orders/service.ts","symbol":"OrderService.placeOrder"}',
    );
    expect(out).toContain(
      'src/api/routes.ts:3–6 function route (2 matches) get_file {"path":"src/api/routes.ts","symbol":"route"}',
    );
    expect(out).toContain('Searched 5 of 5 files in the focus.\n');
  });

  it('states the files outside the focus only when there are some', async () => {
    const none = await text('placeOrder');
    expect(none).not.toMatch(/outside the focus/);
    const focus = ws.index.all().filter((f) => f.path.startsWith('src/'));
    const some = await text('placeOrder', { files: focus });
    const outside = ws.index.size - focus.length;
    expect(outside).toBeGreaterThan(0);
    expect(some).toContain(
      `Searched ${focus.length} of ${focus.length} files in the focus; ${outside} ${outside === 1 ? 'file' : 'files'} outside the focus ${outside === 1 ? 'was' : 'were'} not searched.`,
    );
  });

  it('names the lines a capped declaration leaves out, with the call that reads them', async () => {
    const r = await searchFocus(ws, 'longWork');
    const gap = r.best!.omitted[0]!;
    const out = renderSearchResult(r);
    expect(out).toContain(
      `lines ${gap.start}–${gap.end} not shown; get_file {"path":"src/long.ts","lines":"${gap.start}-${gap.end}"}`,
    );
    expect(out).toContain(
      `The best match's declaration is capped at 1,800 characters: lines ${gap.start}–${gap.end} not shown`,
    );
  });

  it('says which scope entries matched nothing, and when a regular expression stopped', async () => {
    expect(await text('placeOrder', { paths: ['nowhere/', '*.py'] })).toContain(
      'These paths matched no file in the focus: "nowhere/", "*.py".',
    );
    // Stopped before the first file: it says so, and names where it stopped.
    expect(await text('x', { regex: true, byteLimit: 0 })).toContain(
      'The regular expression stopped at its limit of 0 bytes of files searched: no file was searched; the 5 files from ".env" on were not.',
    );
  });

  it('a qualified name that matches nothing points to its own name', async () => {
    expect(await text('Router.placeOrder')).toContain(
      'is found by its own name: search {"query":"placeOrder"}.',
    );
    expect(await text('nothing.here')).toContain('search {"query":"here"}');
    expect(await text('no such words')).not.toContain('its own name');
  });

  it('states masked placeholders and whose numbering they follow', async () => {
    const out = await text('GITHUB_TOKEN');
    expect(out).toMatch(/GITHUB_TOKEN=LOUPE_REDACTED\[github-pat#1\]/);
    expect(out).toContain('Secret values are masked (1 placeholder shown)');
    expect(out).toContain('Placeholder numbers are local to this result.');
  });

  it('writes every call in the one compact spelling the other tools use', async () => {
    const outs = [
      await text('placeOrder'),
      await text('longWork'),
      renderRelationsResult(await relatedFiles(ws, 'src/api/index.ts', { direction: 'both' })),
    ];
    const all = outs.flatMap(calls);
    expect(all.length).toBeGreaterThan(4);
    for (const c of all) {
      const json = c.slice(c.indexOf(' ') + 1);
      expect(JSON.stringify(JSON.parse(json)), c).toBe(json);
    }
  });
});

describe('related_files as agents read it', () => {
  it('counts and names what it does not list', async () => {
    const out = renderRelationsResult(await relatedFiles(ws, 'src/api/index.ts', { direction: 'both' }));
    expect(out).toContain(
      'Not listed: 1 external import ("react"); 1 import naming no visible file ("./gone").',
    );
    expect(out).toContain('Next: get_file {"path":"src/api/routes.ts"} reads the first file listed;');
    // Nothing lies outside this focus, so nothing is said about it.
    expect(out).toContain('imported_by looked at the 5 files of the focus.');
    expect(out).not.toMatch(/\b0 files outside/);
  });

  it('counts the files outside the focus when there are some', async () => {
    const files = ws.index.all().filter((f) => f.path.startsWith('src/'));
    const out = renderRelationsResult(await relatedFiles(ws, 'src/api/index.ts', { files }));
    const outside = ws.index.size - files.length;
    expect(outside).toBeGreaterThan(0);
    expect(out).toContain(
      `imported_by looked at the ${files.length} files of the focus; ${outside} ${outside === 1 ? 'file' : 'files'} outside the focus ${outside === 1 ? 'was' : 'were'} not examined.`,
    );
  });
});
