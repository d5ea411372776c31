// The path jail as the agent meets it: every hostile path through get_file, get_tree and
// related_files is refused with a reason, and the content source never reads a byte for it.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Workspace } from '@loupe/engine';
import { hostileInputs } from '@loupe/engine/jail/testing/hostile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipelineSource } from './content/pipeline-source';
import type { ContentSource } from './content/source';
import { McpProject } from './project';
import { closeProject, type Fixture, makeProject, memoryClient, type TestClient } from './testing/fixture';

const SENTINEL = 'OUTSIDE-SECRET-4b1d';
let fx: Fixture;
let outside: string;
let project: McpProject;
let c: TestClient;
const reads: string[] = [];

beforeAll(async () => {
  fx = makeProject({
    '.gitignore': 'dist/\n*.log\n.env\n',
    'src/app.ts': 'export const app = 1;\n',
    'src/util.ts': 'export const util = 2;\n',
    'README.md': '# project\n',
    'dist/bundle.js': `bundle ${SENTINEL}\n`,
    '.env': `TOKEN=${SENTINEL}\n`,
    'debug.log': `${SENTINEL}\n`,
  });
  outside = path.join(fx.base, 'outside');
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'secret.txt'), SENTINEL);
  symlinkSync(path.join(outside, 'secret.txt'), path.join(fx.root, 'link-out.txt'));
  symlinkSync(outside, path.join(fx.root, 'linkdir'));
  const ws = await Workspace.open(fx.root, { stateDir: null, cacheDir: null, tokenThreads: 1 });
  await ws.tokensReady;
  // Every read the tools ask of the content pipeline passes through here.
  const pipeline = createPipelineSource(ws);
  const content: ContentSource = {
    get maskingActive() {
      return pipeline.maskingActive;
    },
    read(p, options, mask) {
      reads.push(p);
      return pipeline.read(p, options, mask);
    },
  };
  project = new McpProject(ws, { content });
  c = await memoryClient(project);
});

afterAll(async () => {
  await c.close();
  await closeProject(project, fx);
});

describe('hostile paths through the tools', () => {
  it('refuses every one in get_file, alone and batched, reading nothing', async () => {
    const inputs = hostileInputs(fx.root, outside);
    expect(inputs.length).toBeGreaterThanOrEqual(60);
    for (const input of inputs) {
      const r = await c.result('get_file', { path: input });
      expect(r.isError, `get_file ${JSON.stringify(input)}`).toBe(true);
      expect(r.text).toMatch(/Refused: |is a folder|Invalid arguments|no longer exists|needs a path/);
      expect(r.text).not.toContain(SENTINEL);
    }
    const strings = inputs.filter((i): i is string => typeof i === 'string');
    for (let i = 0; i < strings.length; i += 8) {
      const r = await c.result('get_file', { requests: strings.slice(i, i + 8) });
      expect(r.isError).toBe(true);
      expect(r.text).not.toContain(SENTINEL);
    }
    expect(reads).toEqual([]);
  });

  it('refuses them in get_tree and related_files too', async () => {
    for (const input of hostileInputs(fx.root, outside).filter((i) => typeof i === 'string')) {
      for (const tool of ['get_tree', 'related_files']) {
        const r = await c.result(tool, { path: input });
        expect(r.text).not.toContain(SENTINEL);
        if (!r.isError) expect(tool).toBe('get_tree'); // a visible folder is fine for get_tree
      }
    }
    expect(reads).toEqual([]);
  });

  it('still reads visible files, which proves the spy sees reads', async () => {
    expect(await c.call('get_file', { path: './src//app.ts' })).toContain('export const app = 1;');
    expect(reads).toEqual(['src/app.ts']);
  });
});
