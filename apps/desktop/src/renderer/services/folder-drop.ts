// A folder dragged onto the window opens it. Only Electron can tell where a dropped item is on
// disk (the preload's `window.loupeFiles`, Electron's webUtils.getPathForFile); a browser page
// never learns a dropped folder's path, so there the window says how to open one instead.

/** What the Electron preload offers besides the host API: the path of a dropped file or folder. */
export interface DroppedPaths {
  pathFor(file: File): string;
}

export type DropOutcome = { path: string } | { problem: string };

/** Whether a drag carries files or folders from outside (not text or a link). */
export function carriesFiles(types: readonly string[]): boolean {
  return types.includes('Files');
}

/** What to do with a drop: open the first item's path, or the sentence saying why not. */
export function dropOutcome(files: readonly File[], paths: DroppedPaths | undefined): DropOutcome | null {
  const first = files[0];
  if (!first) return null;
  if (!paths)
    return {
      problem:
        'A browser page cannot see where a dropped folder is on disk: use Open folder… and type its path (the Loupe app opens dropped folders).',
    };
  const path = paths.pathFor(first);
  if (!path)
    return { problem: `Loupe could not tell where “${first.name}” is on disk; use Open folder… instead.` };
  return { path };
}
