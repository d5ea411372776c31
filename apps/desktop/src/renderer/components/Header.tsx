// The header: project and path, open/recent, focus summary with revision, connected agents,
// progress with cancel, and the panel switches.
import { PANELS } from '@loupe/common';
import { useState } from 'react';
import { focusLine } from '../model/format';
import { useProject, useSessions, useUi } from '../store/hooks';
import { projectStore, uiStore } from '../store/index';
import { FocusHistory } from './FocusHistory';
import { MissingFocus } from './MissingFocus';

export function OpenControls() {
  const { recent, opening } = useProject((s) => ({ recent: s.recent, opening: s.opening }));
  const [typing, setTyping] = useState(false);
  const [path, setPath] = useState('');
  const p = projectStore.getState();
  const choose = async () => {
    const r = await p.chooseAndOpen();
    if (r === 'no-dialog') setTyping(true);
  };
  return (
    <div className="open-controls">
      <button type="button" onClick={() => void choose()} disabled={opening}>
        Open folder…
      </button>
      {recent.length ? (
        <select
          aria-label="Open a recent project"
          value=""
          onChange={(e) => {
            if (e.target.value) void p.open(e.target.value);
          }}
        >
          <option value="">Recent…</option>
          {recent.map((r) => (
            <option key={r.root} value={r.root} disabled={!r.exists} title={r.root}>
              {r.name} — {r.root}
              {r.exists ? '' : ' (missing)'}
            </option>
          ))}
        </select>
      ) : null}
      {typing ? (
        <form
          className="path-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (path.trim()) void p.open(path.trim()).then((info) => info && setTyping(false));
          }}
        >
          <input
            aria-label="Folder path"
            placeholder="/path/to/project"
            value={path}
            onChange={(e) => setPath(e.target.value)}
          />
          <button type="submit">Open</button>
        </form>
      ) : null}
    </div>
  );
}

function ProgressLine() {
  const progress = useProject((s) => s.progress);
  if (progress.phase === 'idle') return null;
  const pct = progress.total ? Math.round((progress.done / progress.total) * 100) : null;
  return (
    <div className="progress" role="status" aria-live="polite">
      <span>{progress.message}</span>
      <span className="bar" aria-hidden="true">
        <span
          style={{ width: pct === null ? '30%' : `${pct}%` }}
          className={pct === null ? 'indeterminate' : ''}
        />
      </span>
      {progress.cancellable ? (
        <button type="button" onClick={() => void projectStore.getState().cancel()}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}

export function Header() {
  const { project, summary, revision } = useProject((s) => ({
    project: s.project,
    summary: s.summary,
    revision: s.revision,
  }));
  const connected = useSessions((s) =>
    s.sessions.filter((x) => x.connected).map((x) => `${x.id}\0${x.client}`),
  );
  const panel = useUi((s) => s.panel);
  return (
    <header className="header">
      <div className="title">
        <strong className="project-name">{project?.name ?? 'Loupe'}</strong>
        {project ? (
          <span className="project-path" title={project.root}>
            {project.root}
          </span>
        ) : null}
      </div>
      <OpenControls />
      {summary ? (
        <div className="summary" data-testid="focus-summary" title="The focus agents receive">
          <span data-testid="focus-line">{focusLine(summary)}</span>
          <span className="revision" data-testid="revision" title="Focus revision">
            r{revision}
          </span>
          <FocusHistory />
          <MissingFocus missing={summary.missing} />
        </div>
      ) : null}
      <div className="agents" data-testid="agents" title="Connected agent sessions">
        {connected.length ? (
          connected.map((c) => (
            <span key={c} className="chip">
              {c.split('\0')[1]}
            </span>
          ))
        ) : (
          <span className="muted">no agent connected</span>
        )}
      </div>
      <ProgressLine />
      {project ? (
        <button
          type="button"
          title="Scan the project again"
          onClick={() => void projectStore.getState().rescan()}
        >
          Rescan
        </button>
      ) : null}
      <nav className="panels" aria-label="Panels">
        {PANELS.map(({ id, title, needsProject }) => (
          <button
            key={id}
            type="button"
            aria-pressed={panel === id}
            onClick={() => uiStore.getState().toggle(id)}
            disabled={needsProject && !project}
          >
            {title}
          </button>
        ))}
      </nav>
    </header>
  );
}
