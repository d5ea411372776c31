// A headless server (`loupe mcp`, `loupe bridge` with no app) follows what the person saves for
// the project while it runs: the focus (`loupe focus --set`, a window elsewhere), the show/hide
// overrides (`loupe ls --show`, the window's Settings) and the masking choice. They are read at the
// start of every tool call, not on a watch event: the call made after a save sees it, every time,
// whatever the machine's load (three small files; a rescan only when the overrides differ).
import { loadOverrides, loadProjectSettings, type Overrides, type Workspace } from '@loupe/engine';

const key = (o: Overrides | undefined) =>
  JSON.stringify([[...(o?.show ?? [])].sort(), [...(o?.hide ?? [])].sort()]);

/**
 * Returns the function a call awaits before it runs: the saved focus (when `ws` keeps one),
 * overrides and masking of `stateDir` applied to `ws`. Calls queue, so each sees every save made
 * before it started.
 */
export function followSavedState(ws: Workspace, stateDir: string): () => Promise<void> {
  const reported = new Set<string>();
  const report = (problem: string | undefined) => {
    if (problem && !reported.has(problem)) {
      reported.add(problem);
      ws.warnings.push(problem);
    }
  };
  const sync = async () => {
    ws.reloadFocus();
    const saved = loadOverrides(stateDir, ws.root);
    report(saved.problem);
    if (saved.damage) {
      // Which files the person hid is unknown now: agents get none until it is saved again.
      if (!ws.damage.get('overrides')) ws.damage.set('overrides', saved.damage);
    } else if (ws.damage.get('overrides') || key(saved.overrides) !== key(ws.scanOptions().overrides))
      await ws.overridesSaved(saved.overrides); // a rescan; resolves damage held here

    const settings = loadProjectSettings(stateDir, ws.root);
    report(settings.problem);
    ws.setMasking(settings.settings.masking);
  };
  let queue: Promise<void> = Promise.resolve();
  return () => {
    queue = queue.then(sync, sync);
    return queue;
  };
}
