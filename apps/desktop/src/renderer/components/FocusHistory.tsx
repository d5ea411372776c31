// Undo and Redo of focus changes, beside the revision they make: each names in its tooltip the
// revision whose focus it sets again (the step itself is a new revision).
import { redoFocus, undoFocus } from '../app/commands';
import { useHistory } from '../store/hooks';

const mod = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘' : 'Ctrl+';

export function FocusHistory() {
  const { undoTo, redoTo, busy } = useHistory((s) => ({
    undoTo: s.past.at(-1)?.revision,
    redoTo: s.future.at(-1)?.revision,
    busy: s.busy,
  }));
  return (
    <span className="focus-history">
      <button
        type="button"
        disabled={undoTo === undefined || busy}
        title={undoTo === undefined ? 'Nothing to undo' : `Undo: back to the focus of r${undoTo} (${mod}Z)`}
        onClick={() => void undoFocus()}
      >
        Undo
      </button>
      <button
        type="button"
        disabled={redoTo === undefined || busy}
        title={
          redoTo === undefined
            ? 'Nothing to redo'
            : `Redo: forward to the focus of r${redoTo} (${mod}Shift+Z)`
        }
        onClick={() => void redoFocus()}
      >
        Redo
      </button>
    </span>
  );
}
