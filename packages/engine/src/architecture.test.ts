// Import direction for the whole repository (shared/DESIGN.md): engine imports nothing of ours;
// mcp imports engine; host imports engine and mcp; the apps import host; the renderer imports
// only the host API's types; pure type files import nothing from Node or the DOM.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(e.name)) out.push(p);
    }
  };
  const root = path.join(repo, dir);
  if (existsSync(root)) walk(root);
  return out;
}

interface Import {
  file: string;
  spec: string;
  typeOnly: boolean;
}

function imports(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const out: Import[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) out.push({ file, spec: m[3]!, typeOnly: Boolean(m[2]) });
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
    out.push({ file, spec: m[1]!, typeOnly: false });
  return out;
}

/** Which layer a resolved import lands in, or undefined for npm packages and Node built-ins. */
function layerOf(from: string, spec: string): string | undefined {
  const pkg = /^@loupe\/(engine|mcp|host)/.exec(spec);
  if (pkg) return pkg[1];
  if (!spec.startsWith('.')) return undefined;
  const target = path.relative(repo, path.resolve(path.dirname(from), spec));
  const m = /^(packages\/(engine|mcp|host)|apps\/(cli|desktop|bench))/.exec(target);
  if (!m) return 'outside';
  return m[2] ?? m[3];
}

const allowed: Record<string, string[]> = {
  engine: ['engine'],
  mcp: ['engine', 'mcp'],
  host: ['engine', 'mcp', 'host'],
  cli: ['host', 'cli', 'engine', 'mcp'],
  bench: ['host', 'bench', 'engine', 'mcp', 'cli'],
};

describe('architecture', () => {
  for (const [layer, dir] of [
    ['engine', 'packages/engine/src'],
    ['mcp', 'packages/mcp/src'],
    ['host', 'packages/host/src'],
  ] as const) {
    it(`${layer} imports only ${allowed[layer]!.join(', ')}`, () => {
      const bad = sources(dir)
        .flatMap(imports)
        .filter((i) => {
          const target = layerOf(i.file, i.spec);
          return target !== undefined && !allowed[layer]!.includes(target);
        })
        .map((i) => `${path.relative(repo, i.file)} -> ${i.spec}`);
      expect(bad).toEqual([]);
    });
  }

  it('the engine uses neither Electron nor React nor the DOM', () => {
    const bad = sources('packages/engine/src')
      .flatMap(imports)
      .filter((i) => /^(electron|react|react-dom)(\/|$)/.test(i.spec))
      .map((i) => `${path.relative(repo, i.file)} -> ${i.spec}`);
    expect(bad).toEqual([]);
  });

  it('the renderer imports only the host API types, never Node or Electron', () => {
    const bad = sources('apps/desktop/src/renderer')
      .flatMap(imports)
      .filter((i) => {
        if (/^(node:|electron)/.test(i.spec)) return true;
        const target = layerOf(i.file, i.spec);
        if (target === undefined) return false;
        if (target === 'desktop')
          return !path
            .relative(repo, path.resolve(path.dirname(i.file), i.spec))
            .startsWith('apps/desktop/src/renderer');
        return !(target === 'host' && i.typeOnly);
      })
      .map((i) => `${path.relative(repo, i.file)} -> ${i.spec}`);
    expect(bad).toEqual([]);
  });

  it('pure type files import nothing from Node', () => {
    const bad = ['packages/engine/src/types.ts', 'packages/host/src/api.ts']
      .map((f) => path.join(repo, f))
      .flatMap((f) => {
        try {
          return imports(f);
        } catch {
          return [];
        }
      })
      .filter((i) => i.spec.startsWith('node:') || !i.typeOnly)
      .map((i) => `${path.relative(repo, i.file)} -> ${i.spec}`);
    expect(bad).toEqual([]);
  });

  it('the layer detector itself works', () => {
    const f = path.join(repo, 'packages/engine/src/x.ts');
    expect(layerOf(f, '../../mcp/src/server')).toBe('mcp');
    expect(layerOf(f, '@loupe/host')).toBe('host');
    expect(layerOf(f, './scan/git')).toBe('engine');
    expect(layerOf(f, 'node:fs')).toBeUndefined();
  });
});
