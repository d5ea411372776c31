// Commands the window runs from more than one place (a button, the native menu, a shortcut).
import { groupDigits } from '@loupe/common';
import { exportStore, projectStore, treeStore, uiStore } from '../store/index';

/** Packs the focus with the export options, copies exactly that text, and says how many tokens. */
export async function copyContext(): Promise<void> {
  try {
    const result = await exportStore.getState().copy();
    uiStore.getState().toast(`Copied ${groupDigits(result.tokens)} tokens to the clipboard`);
  } catch (error) {
    projectStore.getState().notify({ level: 'error', message: (error as Error).message });
  }
}

/** Shows a path in the tree (opening folders, clearing a filter that hides it). */
export function revealInTree(path: string): void {
  if (!treeStore.getState().reveal(path))
    projectStore
      .getState()
      .notify({ level: 'info', message: `${path} is not in the project tree any more.` });
  else (document.querySelector('[role="tree"]') as HTMLElement | null)?.focus();
}
