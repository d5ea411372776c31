// Commands the window runs from more than one place (a button, the native menu, a shortcut).
import { groupDigits } from '@loupe/common';
import type { HistoryMove } from '../store/history';
import {
  exportStore,
  historyStore,
  previewStore,
  projectStore,
  settingsStore,
  treeStore,
  uiStore,
} from '../store/index';
import { treeSelectors } from '../store/tree/index';

const fail = (error: unknown) =>
  projectStore.getState().notify({ level: 'error', message: (error as Error).message });

/** Packs the focus with the export options, copies exactly that text, and says how many tokens. */
export async function copyContext(): Promise<void> {
  try {
    const result = await exportStore.getState().copy(projectStore.getState().revision);
    uiStore.getState().toast(`Copied ${groupDigits(result.tokens)} tokens to the clipboard`);
  } catch (error) {
    // Cancelled by the person: the export panel says so; nothing was copied.
    if (exportStore.getState().cancelled) uiStore.getState().toast('Cancelled: nothing was copied');
    else fail(error);
  }
}

/** Ticks or unticks a row; under a filter a folder's tick takes the matches shown, and says so. */
export function tick(node: number): void {
  const note = treeSelectors.tickNote(treeStore.getState(), node);
  void treeStore.getState().toggleCheck(node).catch(fail);
  if (note) uiStore.getState().toast(note);
}

async function stepFocus(how: 'undo' | 'redo'): Promise<void> {
  let moved: HistoryMove | null;
  try {
    moved = await historyStore.getState()[how]();
  } catch (error) {
    fail(error);
    return;
  }
  if (moved)
    uiStore
      .getState()
      .toast(`${how === 'undo' ? 'Undone' : 'Redone'}: the focus of r${moved.to} again (r${moved.revision})`);
}

/** Sets the focus before the last change again (a new revision); Ctrl/Cmd+Z. */
export const undoFocus = () => stepFocus('undo');
/** Sets the undone focus again; Ctrl/Cmd+Shift+Z. */
export const redoFocus = () => stepFocus('redo');

/** Shows a path in the tree (opening folders, clearing a filter that hides it). */
export function revealInTree(path: string): void {
  if (!treeStore.getState().reveal(path))
    projectStore
      .getState()
      .notify({ level: 'info', message: `${path} is not in the project tree any more.` });
  else (document.querySelector('[role="tree"]') as HTMLElement | null)?.focus();
}

/** Opens the preview on a file: what an agent's get_file receives (first at the default detail). */
export function showPreview(path: string): void {
  const preview = previewStore.getState();
  uiStore.getState().open('preview');
  const detail = preview.path === null ? settingsStore.getState().settings?.detail : undefined;
  void preview.show(path, detail);
}
