// Short confirmations (toasts) and messages from the host (notices).
import { useEffect } from 'react';
import { useProject, useUi } from '../store/hooks';
import { projectStore, uiStore } from '../store/index';

export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  const notices = useProject((s) => s.notices);
  useEffect(() => {
    if (!toasts.length) return;
    const timer = setTimeout(() => uiStore.getState().dismissToast(toasts[0]!.id), 4000);
    return () => clearTimeout(timer);
  }, [toasts]);
  return (
    <div className="toasts" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice ${n.level}`} role={n.level === 'error' ? 'alert' : 'status'}>
          <span>{n.message}</span>
          <button type="button" aria-label="Dismiss" onClick={() => projectStore.getState().dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
      {toasts.map((t) => (
        <div key={t.id} className="toast" role="status" data-testid="toast">
          {t.text}
        </div>
      ))}
    </div>
  );
}
