// Builds small project trees for smart-ignore tests: `{ 'a/b.txt': 'text', 'c/': DIR,
// 'd': link('target') }`. Paths are relative to the fixture's folder.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DIR = Symbol('dir');
export interface Link {
  link: string;
}
export type Spec = Record<string, string | typeof DIR | Link>;

export const link = (target: string): Link => ({ link: target });

export const CACHEDIR_TAG =
  'Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag.\n';

export function build(dir: string, spec: Spec): string {
  mkdirSync(dir, { recursive: true });
  for (const [rel, value] of Object.entries(spec)) {
    const abs = path.join(dir, rel);
    if (value === DIR) {
      mkdirSync(abs, { recursive: true });
      continue;
    }
    mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof value === 'string') writeFileSync(abs, value);
    else symlinkSync(value.link, abs);
  }
  return dir;
}
