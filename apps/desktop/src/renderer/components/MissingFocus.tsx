// Ticked paths that no longer exist (deleted or renamed on disk): the watcher keeps them in the
// focus as missing rather than dropping them silently, so the header names them and offers to
// forget them.
import { noun, plural } from '@loupe/common';
import { useState } from 'react';
import { projectStore, uiStore } from '../store/index';

export function MissingFocus({ missing }: { missing: string[] }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!missing.length) return null;
  const label = `${plural(missing.length, 'ticked path')} ${noun(missing.length, 'no longer exists', 'no longer exist')}`;
  const clear = async () => {
    setBusy(true);
    const n = await projectStore.getState().forgetMissing();
    setBusy(false);
    setOpen(false);
    if (n) uiStore.getState().toast(`Removed ${plural(n, 'missing path')} from the focus`);
  };
  return (
    <span className="warning missing" data-testid="missing-focus">
      <button
        type="button"
        className="link"
        aria-expanded={open}
        title={missing.join('\n')}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      <button
        type="button"
        disabled={busy}
        title="Remove these paths from the focus (when nothing else stays ticked, the focus is the whole project)"
        onClick={() => void clear()}
      >
        Clear
      </button>
      {open ? (
        <ul className="missing-list" aria-label="Ticked paths that no longer exist">
          {missing.map((p) => (
            <li key={p}>
              <code>{p}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
