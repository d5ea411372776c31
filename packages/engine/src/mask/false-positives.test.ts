// Real code without secrets must come out unchanged: this repository's own tracked sources,
// the sources of well-known packages in node_modules (checked by hand to hold no secrets, and
// passed with package-relative paths so Gitleaks' node_modules path allowlist does not hide
// them), and files made of the tricky patterns the issue names (test/tricky.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskText } from './mask';
import { loadMaskRules, type MaskRules } from './rules';
import { MaskSession } from './session';
import { repoRoot } from './test/samples';
import { trickyFiles } from './test/tricky';

/** Package folders, each verified to hold no secrets (libraries' shipped sources and typings). */
const PACKAGES = [
  ['typescript', 'lib', /^lib\..*\.d\.ts$/],
  ['vite', 'dist', /\.(?:js|d\.ts)$/],
  ['yaml', 'dist', /\.(?:js|d\.ts)$/],
  ['zod', 'src/v4/core', /\.ts$/],
  ['piscina', 'dist', /\.(?:js|d\.ts)$/],
  ['ws', 'lib', /\.js$/],
  ['smol-toml', 'dist', /\.(?:js|d\.ts)$/],
  ['picomatch', 'lib', /\.js$/],
  ['chokidar', '.', /\.(?:js|d\.ts)$/],
  ['zustand', '.', /\.(?:js|mjs|d\.ts)$/],
  ['@modelcontextprotocol/sdk', 'dist/esm', /\.(?:js|d\.ts)$/],
] as const;

interface Source {
  path: string;
  text: string;
}

function walk(dir: string, keep: RegExp, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') walk(p, keep, out);
    else if (e.isFile() && keep.test(e.name)) out.push(p);
  }
  return out;
}

function packageSources(): Source[] {
  const out: Source[] = [];
  for (const [name, sub, keep] of PACKAGES) {
    const root = path.join(repoRoot, 'node_modules', name);
    for (const file of walk(path.join(root, sub), keep))
      out.push({ path: `${name}/${path.relative(root, file)}`, text: readFileSync(file, 'utf8') });
  }
  return out;
}

function repoSources(): Source[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  return files
    .filter((f) => existsSync(path.join(repoRoot, f)) && statSync(path.join(repoRoot, f)).size < 4 << 20)
    .map((f) => ({ path: f, text: readFileSync(path.join(repoRoot, f), 'utf8') }))
    .filter((s) => !s.text.includes('\u0000'));
}

let rules: MaskRules;
beforeAll(async () => {
  rules = await loadMaskRules();
});

function masks(sources: Source[]): string[] {
  const session = new MaskSession();
  const out: string[] = [];
  for (const s of sources) {
    const r = maskText(s.text, s.path, rules, session);
    if (r.withheld) out.push(`${s.path}: withheld (${r.withheld})`);
    for (const f of r.findings) out.push(`${s.path}:${f.line}:${f.column} ${f.rule}`);
    if (!r.withheld && r.findings.length === 0 && r.text !== s.text)
      out.push(`${s.path}: changed without findings`);
  }
  return out;
}

describe('false-positive corpus', () => {
  const sizes: Record<string, number> = {};
  const bytes = (xs: Source[]) => xs.reduce((n, s) => n + Buffer.byteLength(s.text), 0);

  it("masks nothing in this repository's own sources", () => {
    const sources = repoSources();
    sizes.repo = bytes(sources);
    expect(masks(sources)).toEqual([]);
  });

  it('masks nothing in the sources of well-known packages', () => {
    const sources = packageSources();
    sizes.packages = bytes(sources);
    expect(masks(sources)).toEqual([]);
  });

  it('masks nothing in the tricky patterns (references, types, calls, templates, placeholders, example hosts)', () => {
    const sources = trickyFiles();
    sizes.tricky = bytes(sources);
    expect(sources.length).toBeGreaterThanOrEqual(15);
    expect(masks(sources)).toEqual([]);
  });

  it('covers at least 2 MB of real code', () => {
    expect((sizes.repo ?? 0) + (sizes.packages ?? 0)).toBeGreaterThan(2_000_000);
  });
});
