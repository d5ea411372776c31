// The file preview: the selected file exactly as an agent's get_file receives it (masked, at the
// chosen detail level, with its exact token count), from the same content pipeline. Selecting a
// file in the tree (click or Enter) shows it; moving through files with the panel open follows.
import { type Detail, groupDigits, plural } from '@loupe/common';
import { useMemo } from 'react';
import { DetailOptions } from '../components/PackOptions';
import { VirtualList } from '../components/VirtualList';
import { usePreview } from '../store/hooks';
import { previewStore } from '../store/index';

export function PreviewPanel() {
  const { path, detail, result, busy, error } = usePreview((s) => ({
    path: s.path,
    detail: s.detail,
    result: s.result,
    busy: s.busy,
    error: s.error,
  }));
  const lines = useMemo(() => (result ? result.text.split('\n') : []), [result]);
  return (
    <section className="panel preview-panel" aria-label="File preview" data-testid="preview">
      <h2>Preview</h2>
      <div className="form-grid">
        <label>
          Preview detail
          <select
            value={detail}
            onChange={(e) => void previewStore.getState().setDetail(e.target.value as Detail)}
          >
            <DetailOptions />
          </select>
        </label>
      </div>
      {path === null ? (
        <p className="muted">Select a file in the tree (click it, or Enter) to see what an agent receives.</p>
      ) : (
        <p className="preview-path">
          <code>{path}</code>
        </p>
      )}
      {error ? <p className="error">{error}</p> : null}
      {result && result.path === path ? (
        <>
          <p className="export-count" data-testid="preview-tokens">
            {groupDigits(result.tokens)} tokens ({result.encoding}) · {plural(result.totalLines, 'line')} ·{' '}
            {result.detail === result.requested
              ? `detail ${result.detail}`
              : `detail ${result.detail} (asked ${result.requested})`}{' '}
            · {groupDigits(result.masked)} masked{busy ? ' · updating…' : ''}
          </p>
          {!result.maskingActive ? (
            <p className="warning" role="alert">
              Masking is off for this project: agents receive secret values as they are in the file.
            </p>
          ) : null}
          {result.withheld ? <p className="warning">Withheld: {result.withheld}</p> : null}
          {result.notes.length ? (
            <ul className="notes">
              {result.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
          {!result.withheld ? (
            <VirtualList
              className="preview"
              count={lines.length}
              rowHeight={18}
              testId="file-preview"
              renderRow={(i) => <pre className="line">{lines[i]}</pre>}
            />
          ) : null}
        </>
      ) : path !== null && !error ? (
        <p className="muted">Reading…</p>
      ) : null}
    </section>
  );
}
