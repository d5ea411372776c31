// What to tell a person when the operating system refuses more watches. One sentence to act on,
// with the exact setting and command for their platform.
import { readFileSync } from 'node:fs';

function readNumber(file: string, read: (p: string) => string): number | undefined {
  try {
    const n = Number.parseInt(read(file).trim(), 10);
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/** The limit in force: the system's, or a container's (user namespace) when that is lower. */
export function inotifyWatchLimit(read = (p: string) => readFileSync(p, 'utf8')): number | undefined {
  const system = readNumber('/proc/sys/fs/inotify/max_user_watches', read);
  const namespace = readNumber('/proc/sys/user/max_inotify_watches', read);
  if (system === undefined) return namespace;
  return namespace !== undefined && namespace < system ? namespace : system;
}

/** The sentence for an error the watcher met (ENOSPC, EMFILE, anything else). */
export function watchProblem(error: NodeJS.ErrnoException, platform = process.platform): string {
  const code = error.code ?? '';
  if (code === 'ENOSPC' && platform === 'linux') {
    const limit = inotifyWatchLimit();
    return (
      `The system's limit on watched folders was reached (fs.inotify.max_user_watches${limit ? ` = ${limit}` : ''}), so Loupe rescanned the project and keeps rescanning it every minute instead of following each change. ` +
      'Raise the limit with `sudo sysctl fs.inotify.max_user_watches=524288`, and keep it across restarts with ' +
      '`echo fs.inotify.max_user_watches=524288 | sudo tee /etc/sysctl.d/60-loupe-watches.conf`, then reopen the project.'
    );
  }
  if (code === 'EMFILE' || code === 'ENFILE' || code === 'ENOSPC')
    return `The system refused more file watches (${code}), so Loupe rescanned the project and keeps rescanning it every minute instead of following each change; raise the open-files limit (ulimit -n, or launchctl limit maxfiles on macOS) and reopen the project.`;
  return `Watching the project failed (${code || error.message}), so Loupe rescanned it and keeps rescanning it every minute; reopen the project to try watching again.`;
}
