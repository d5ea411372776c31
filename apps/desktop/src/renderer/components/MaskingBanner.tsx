// The open project's masking is off: a warning that stays while it is, with the way back on.
import { useState } from 'react';
import { useProject } from '../store/hooks';
import { projectStore } from '../store/index';

export function MaskingBanner() {
  const masking = useProject((s) => s.project?.masking);
  const [busy, setBusy] = useState(false);
  if (masking !== false) return null;
  const turnOn = async () => {
    setBusy(true);
    await projectStore.getState().setMasking(true);
    setBusy(false);
  };
  return (
    <div className="warning masking-banner" role="alert" data-testid="masking-off">
      <span>
        Masking is off for this project: agents, previews and exports get secret values as they are in the
        files.
      </span>
      <button type="button" disabled={busy} onClick={() => void turnOn()}>
        Turn masking on
      </button>
    </div>
  );
}
