// Settings: tokenizer encoding, default detail, theme, export defaults, and this project's own
// settings (masking) and show/hide overrides.
import type { Detail, Encoding, Theme } from '@loupe/common';
import { useEffect, useState } from 'react';
import { DetailOptions } from '../components/PackOptions';
import { useProject, useSettings } from '../store/hooks';
import { projectStore, settingsStore } from '../store/index';

function OverridesList() {
  const project = useProject((s) => s.project);
  const overrides = useSettings((s) => s.overrides);
  useEffect(() => {
    if (project)
      void settingsStore
        .getState()
        .loadOverrides()
        .catch(() => {});
  }, [project]);
  if (!project) return <p className="muted">Open a project to see its overrides.</p>;
  if (!overrides) return <p className="muted">Loading overrides…</p>;
  const all = [
    ...overrides.show.map((p) => [p, 'show'] as const),
    ...overrides.hide.map((p) => [p, 'hide'] as const),
  ];
  if (!all.length) return <p className="muted">No overrides: visibility follows git and smart ignore.</p>;
  return (
    <ul className="overrides">
      {all.map(([p, state]) => (
        <li key={p}>
          <code>{p}</code> always {state}{' '}
          <button
            type="button"
            onClick={() =>
              settingsStore
                .getState()
                .setOverride(p, 'default')
                .catch((e: Error) => projectStore.getState().notify({ level: 'error', message: e.message }))
            }
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

function ProjectMasking() {
  const project = useProject((s) => s.project);
  // The box turns at once and shows the choice while the host applies it (a refusal turns it back).
  const [pending, setPending] = useState<boolean | null>(null);
  if (!project) return <p className="muted">Open a project to see its settings.</p>;
  const choose = async (on: boolean) => {
    setPending(on);
    await projectStore.getState().setMasking(on);
    setPending(null);
  };
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={pending ?? project.masking}
          disabled={pending !== null}
          onChange={(e) => void choose(e.target.checked)}
        />
        Mask secret values (agents, previews, exports)
      </label>
      {!project.masking ? (
        <p className="warning">
          Off for this project: agents, previews and exports get secret values as they are in the files.
        </p>
      ) : null}
    </>
  );
}

export function SettingsPanel() {
  const settings = useSettings((s) => s.settings);
  if (!settings) return <section className="panel">Loading…</section>;
  const update = (patch: Parameters<ReturnType<typeof settingsStore.getState>['update']>[0]) =>
    void settingsStore
      .getState()
      .update(patch)
      .catch((e: Error) => projectStore.getState().notify({ level: 'error', message: e.message }));
  return (
    <section className="panel settings-panel" aria-label="Settings">
      <h2>Settings</h2>
      <div className="form-grid">
        <label>
          Tokenizer
          <select
            value={settings.encoding}
            onChange={(e) => update({ encoding: e.target.value as Encoding })}
          >
            <option value="o200k_base">o200k_base (GPT-4o and later)</option>
            <option value="cl100k_base">cl100k_base (GPT-4, GPT-3.5)</option>
          </select>
        </label>
        <label>
          Default detail
          <select value={settings.detail} onChange={(e) => update({ detail: e.target.value as Detail })}>
            <DetailOptions />
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.httpEndpoint}
            onChange={(e) => update({ httpEndpoint: e.target.checked })}
          />
          Serve MCP over HTTP on 127.0.0.1 (address and token in Connect)
        </label>
        <label>
          Theme
          <select value={settings.theme} onChange={(e) => update({ theme: e.target.value as Theme })}>
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
      </div>
      <h3>This project</h3>
      <ProjectMasking />
      <h3>Overrides for this project</h3>
      <OverridesList />
    </section>
  );
}
