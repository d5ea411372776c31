// Where Loupe keeps caches: the user's cache folder, never the project. Also the one way cache
// files are written (temp file + rename, so a reader sees the old file or the new one, never half).
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureFolder } from '../state/private-fs';

export interface CacheDirDeps {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  homedir: () => string;
}

/**
 * `LOUPE_CACHE_DIR` if set; otherwise `$XDG_CACHE_HOME/loupe` or `~/.cache/loupe` (Linux and other
 * Unix), `~/Library/Caches/Loupe` (macOS), `%LOCALAPPDATA%\Loupe\Cache` (Windows).
 */
export function userCacheDir(
  deps: CacheDirDeps = { env: process.env, platform: process.platform, homedir: os.homedir },
): string {
  const { env, platform } = deps;
  if (env.LOUPE_CACHE_DIR) return path.resolve(env.LOUPE_CACHE_DIR);
  if (platform === 'win32') {
    const pw = path.win32;
    const local = env.LOCALAPPDATA || pw.join(deps.homedir(), 'AppData', 'Local');
    return pw.join(local, 'Loupe', 'Cache');
  }
  if (platform === 'darwin') return path.join(deps.homedir(), 'Library', 'Caches', 'Loupe');
  // The XDG spec says to ignore a relative XDG_CACHE_HOME.
  const xdg = env.XDG_CACHE_HOME;
  return xdg && path.isAbsolute(xdg) ? path.join(xdg, 'loupe') : path.join(deps.homedir(), '.cache', 'loupe');
}

/**
 * Writes `data` to `file` atomically: a sibling temp file (created exclusively, so never through
 * a link), then rename over the target. Folders are created 0700 (an existing one must be this
 * user's, writable by nobody else) and files 0600: caches name the user's project paths.
 */
export async function writeFileAtomic(file: string, data: Uint8Array): Promise<void> {
  ensureFolder(path.dirname(file), 'owned', 'its caches');
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data, { mode: 0o600, flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
