// Follows the open project's saved state when another process writes it: `loupe focus --set` (the
// focus), `loupe focus --save` (the presets). One watch on the project's state folder (files there
// are replaced by rename, so the folder, not the file, is what to watch); a burst of events for
// one file is one call.
import { mkdirSync, watch } from 'node:fs';

const SETTLE_MS = 30;

export function watchProjectState(
  dir: string,
  files: Record<string, () => void>,
  settleMs = SETTLE_MS,
): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let watcher: ReturnType<typeof watch>;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    watcher = watch(dir, { persistent: false }, (_event, name) => {
      const file = name ? String(name) : '';
      const run = files[file];
      if (!run) return;
      clearTimeout(timers.get(file));
      timers.set(
        file,
        setTimeout(() => {
          timers.delete(file);
          run();
        }, settleMs),
      );
    });
  } catch {
    return () => {}; // no watch (a read-only state folder): the window follows on its next action
  }
  watcher.on('error', () => {});
  return () => {
    for (const t of timers.values()) clearTimeout(t);
    watcher.close();
  };
}
