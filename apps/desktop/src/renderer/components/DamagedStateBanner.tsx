// Saved state that could not be read (the focus, the show/hide overrides): a warning that stays
// until the person resolves it, with the host's sentence and the one button that resolves it
// without asking anything else (ticking, or hiding a path again, resolves it too).
import { useState } from 'react';
import { useTree } from '../store/hooks';
import { settingsStore, treeStore } from '../store/index';

const ACTIONS = {
  focus: { label: 'Keep as shown', run: () => treeStore.getState().keepFocus() },
  overrides: { label: 'Start with none', run: () => settingsStore.getState().clearOverrides() },
} as const;

export function DamagedStateBanner() {
  const damaged = useTree((s) => s.damaged);
  const [busy, setBusy] = useState(false);
  return (
    <>
      {damaged.map((d) => (
        <div key={d.kind} className="warning damaged-banner" role="alert" data-testid={`damaged-${d.kind}`}>
          <span>{d.message}</span>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void ACTIONS[d.kind].run().finally(() => setBusy(false));
            }}
          >
            {ACTIONS[d.kind].label}
          </button>
        </div>
      ))}
    </>
  );
}
