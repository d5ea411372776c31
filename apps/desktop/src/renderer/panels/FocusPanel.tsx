// The focus panel: presets (save the focus under a name, restore it in one click, rename, delete;
// shared with `loupe focus --save/--load`) and git-aware ticking (changed files, this branch's
// files, and following the changed files as they appear).
import { compactCount, type FocusPreset, type GitFiles, type GitSet, plural } from '@loupe/common';
import { useState } from 'react';
import { useFocusTools, useProject } from '../store/hooks';
import { focusToolsStore } from '../store/index';

function describeRules(p: FocusPreset): string {
  if (!p.include.length) return 'nothing ticked (the whole project)';
  const shown =
    p.include.slice(0, 3).join(', ') + (p.include.length > 3 ? ` and ${p.include.length - 3} more` : '');
  return p.exclude.length ? `${shown}, minus ${plural(p.exclude.length, 'path')}` : shown;
}

function SaveAs() {
  const presets = useFocusTools((s) => s.presets);
  const [name, setName] = useState('');
  const exists = presets.some((p) => p.name === name.trim());
  const save = async () => {
    if (!name.trim()) return;
    if (exists && !window.confirm(`Replace the preset “${name.trim()}” with the current focus?`)) return;
    if (await focusToolsStore.getState().save(name)) setName('');
  };
  return (
    <form
      className="save-as"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <input
        aria-label="Preset name"
        placeholder="Name, e.g. review"
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" disabled={!name.trim()}>
        {exists ? 'Replace preset' : 'Save focus as…'}
      </button>
    </form>
  );
}

function PresetRow({ preset }: { preset: FocusPreset }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const busy = useFocusTools((s) => s.busy);
  const f = focusToolsStore.getState();
  const { name } = preset;
  if (renaming !== null)
    return (
      <li className="preset" data-testid="preset">
        <form
          className="rename"
          onSubmit={(e) => {
            e.preventDefault();
            void f.rename(name, renaming).then((ok) => ok && setRenaming(null));
          }}
        >
          <input
            aria-label={`New name for ${name}`}
            value={renaming}
            maxLength={80}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this one
            autoFocus
            onChange={(e) => setRenaming(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setRenaming(null);
            }}
          />
          <button type="submit">Rename</button>
          <button type="button" onClick={() => setRenaming(null)}>
            Cancel
          </button>
        </form>
      </li>
    );
  return (
    <li className="preset" data-testid="preset">
      <button
        type="button"
        className="restore"
        aria-label={`Restore focus preset ${name}`}
        title={`Tick exactly what “${name}” holds (a new revision)`}
        disabled={busy === `restore:${name}`}
        onClick={() => void f.restore(name)}
      >
        <span className="preset-name">{name}</span>
        <span className="muted preset-rules">{describeRules(preset)}</span>
      </button>
      <button type="button" aria-label={`Rename preset ${name}`} onClick={() => setRenaming(name)}>
        Rename
      </button>
      <button
        type="button"
        aria-label={`Delete preset ${name}`}
        onClick={() => {
          if (window.confirm(`Delete the preset “${name}”?`)) void f.remove(name);
        }}
      >
        Delete
      </button>
    </li>
  );
}

function gitBase(git: GitFiles): string {
  const base = git.bases.find((b) => b.repo === '') ?? git.bases[0];
  if (!base) return '';
  return base.atBase
    ? `on ${base.branch} (nothing committed apart from it)`
    : `since the merge base with ${base.branch} (${base.commit.slice(0, 8)})`;
}

function GitTicks() {
  const { git, busy } = useFocusTools((s) => ({ git: s.git, busy: s.busy }));
  const f = focusToolsStore.getState();
  if (!git) return <p className="muted">Asking git…</p>;
  const button = (which: GitSet, label: string, count: number) => (
    <button
      type="button"
      aria-label={label}
      disabled={!count || busy === `tick:${which}`}
      onClick={() => void f.tick(which)}
      data-testid={`tick-${which}`}
    >
      {label} <span className="count">({compactCount(count)})</span>
    </button>
  );
  return (
    <>
      <div className="git-buttons">
        {button('changed', 'Tick changed files', git.changed.length)}
        {button('branch', "Tick this branch's files", git.branch.length)}
      </div>
      <p className="muted" data-testid="git-summary">
        {plural(git.changed.length, 'changed file')} (modified, added, untracked);{' '}
        {plural(git.branch.length, 'file')} on this branch {gitBase(git)}.
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={git.following === 'changed'}
          disabled={busy === 'follow'}
          onChange={(e) => void f.follow(e.target.checked ? 'changed' : null)}
        />
        Keep ticking changed files as they appear
      </label>
      {git.notes.length ? (
        <ul className="notes">
          {git.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function FocusPanel() {
  const presets = useFocusTools((s) => s.presets);
  const revision = useProject((s) => s.revision);
  return (
    <section className="panel focus-panel" aria-label="Focus presets and git" data-testid="focus-panel">
      <h2>Focus</h2>
      <h3>Presets</h3>
      <p className="muted">
        Save the focus (r{revision}) under a name; restore it in one click. The same presets as{' '}
        <code>loupe focus --save NAME</code> and <code>--load NAME</code>.
      </p>
      <SaveAs />
      {presets.length ? (
        <ul className="presets">
          {presets.map((p) => (
            <PresetRow key={p.name} preset={p} />
          ))}
        </ul>
      ) : (
        <p className="muted">No presets yet.</p>
      )}
      <h3>From git</h3>
      <GitTicks />
    </section>
  );
}
