// core.ignoreCase without a `git config` process. Loupe's git calls see no system or global
// config (git.ts), so the value comes from the repository's own config file alone. The common
// plain file is read here; anything this reader does not follow exactly as git does (includes,
// per-worktree config, quotes, escapes, a byte-order mark, a line it does not know, a value that
// is not a plain boolean) is asked of git instead, so the answer is always git's.
import { readFile } from 'node:fs/promises';

const SECTION = /^\s*\[([A-Za-z0-9.-]+)\]\s*$/;
const KEY = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/;
const BOOL = /^(?:true|yes|on|false|no|off|)$/i;

/**
 * What `git config --get --bool core.ignorecase` would say from this file: true, false, or
 * undefined when git must be asked.
 */
export function ignoreCaseFromConfig(text: string): boolean | undefined {
  if (/[\\"\uFEFF]|include|worktreeconfig/i.test(text)) return undefined;
  let core = false;
  let value: string | undefined;
  for (const line of text.split('\n')) {
    const body = line.replace(/[#;].*$/, '').trimEnd();
    if (!body.trim()) continue;
    const section = SECTION.exec(body);
    if (section) {
      core = section[1]!.toLowerCase() === 'core';
      continue;
    }
    const key = KEY.exec(body);
    if (!key) return undefined;
    if (core && key[1]!.toLowerCase() === 'ignorecase') value = key[2] === undefined ? 'true' : key[2].trim();
  }
  if (value === undefined) return false;
  if (!BOOL.test(value)) return undefined; // numbers and errors: git's answer
  return /^(?:true|yes|on)$/i.test(value);
}

/** Reads the config file at `file`; undefined when it cannot be read or must be left to git. */
export async function readIgnoreCase(file: string): Promise<boolean | undefined> {
  try {
    return ignoreCaseFromConfig((await readFile(file)).toString('latin1'));
  } catch {
    return undefined;
  }
}
