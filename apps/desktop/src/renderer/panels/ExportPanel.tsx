// Export: format, budget, detail, masking (with a warning when off), line numbers, a virtualized
// preview of exactly what Copy puts on the clipboard, and a token bar of where the tokens went.
import {
  compactCount,
  type Detail,
  type ExportProgress,
  type ExportResult,
  groupDigits,
  type PackFormat,
  plural,
} from '@loupe/common';
import { useEffect, useMemo } from 'react';
import { copyContext } from '../app/commands';
import { DetailOptions, FormatOptions } from '../components/PackOptions';
import { VirtualList } from '../components/VirtualList';
import { useExport, useProject } from '../store/hooks';
import { exportStore } from '../store/index';

function TokenBar({
  tree,
  files,
  frame,
  leftOut,
  leftOutNotCounted = 0,
  instructions = 0,
}: ExportResult['parts']) {
  // Files the pack left out without counting them are named, not guessed at.
  const notCounted = leftOutNotCounted ? ` and ${plural(leftOutNotCounted, 'file')} not counted` : '';
  const total = Math.max(1, tree + files + frame + leftOut + instructions);
  const part = (n: number) => `${(n / total) * 100}%`;
  return (
    <div className="token-bar-wrap">
      <div
        className="token-bar"
        role="img"
        aria-label={`instructions ${instructions}, tree ${tree}, files ${files}, header and footer ${frame}, left out ${leftOut} tokens${notCounted}`}
      >
        <span className="seg instructions" style={{ width: part(instructions) }} />
        <span className="seg frame" style={{ width: part(frame) }} />
        <span className="seg tree" style={{ width: part(tree) }} />
        <span className="seg files" style={{ width: part(files) }} />
        <span className="seg left" style={{ width: part(leftOut) }} />
      </div>
      <div className="legend">
        {instructions ? (
          <>
            <span className="key instructions" /> instructions {compactCount(instructions)}{' '}
          </>
        ) : null}
        <span className="key frame" /> header and footer {compactCount(frame)} <span className="key tree" />{' '}
        tree {compactCount(tree)} <span className="key files" /> files {compactCount(files)}{' '}
        <span className="key left" /> left out {compactCount(leftOut)}
        {notCounted}
      </div>
    </div>
  );
}

const MIB = 1 << 20;
const bytesText = (n: number) =>
  n >= MIB ? `${(n / MIB).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} bytes`;

/** The export in flight: what it read so far, and the Cancel that stops the host's work. */
function ExportWork({ progress }: { progress: ExportProgress | null }) {
  return (
    <p className="export-progress muted" data-testid="export-progress" aria-live="polite">
      {progress
        ? `Preparing: ${groupDigits(progress.files)} of ${plural(progress.total, 'file')} read · ${bytesText(progress.bytes)}`
        : 'Preparing the export…'}{' '}
      <button type="button" data-testid="export-cancel" onClick={() => void exportStore.getState().cancel()}>
        Cancel
      </button>
    </p>
  );
}

export function ExportPanel() {
  const { options, preview, busy, error, previewRevision, progress, cancelled, stale } = useExport((s) => ({
    options: s.options,
    preview: s.preview,
    busy: s.busy,
    error: s.error,
    previewRevision: s.previewRevision,
    progress: s.progress,
    cancelled: s.cancelled,
    stale: s.stale,
  }));
  const revision = useProject((s) => s.revision);
  const e = exportStore.getState();

  // Each new options object (any input) or focus revision previews again, after an error too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `options` is the trigger, read by the store
  useEffect(() => {
    if (previewRevision === revision) return;
    const timer = setTimeout(() => void exportStore.getState().refresh(revision), 200);
    return () => clearTimeout(timer);
  }, [options, previewRevision, revision]);

  const lines = useMemo(() => (preview ? preview.text.split('\n') : []), [preview]);

  return (
    <section className="panel export-panel" aria-label="Export">
      <h2>Export</h2>
      <div className="form-grid">
        <label>
          Format
          <select
            value={options.format}
            onChange={(ev) => e.setOptions({ format: ev.target.value as PackFormat })}
          >
            <FormatOptions />
          </select>
        </label>
        <label>
          Budget (tokens)
          <input
            type="number"
            min={1}
            placeholder="none"
            value={options.budget ?? ''}
            onChange={(ev) => {
              const n = Number.parseInt(ev.target.value, 10);
              e.setOptions({ budget: Number.isFinite(n) && n > 0 ? n : null });
            }}
          />
        </label>
        <label>
          Detail
          <select
            value={options.detail}
            onChange={(ev) => e.setOptions({ detail: ev.target.value as Detail })}
          >
            <DetailOptions />
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={options.masking}
            onChange={(ev) => e.setOptions({ masking: ev.target.checked })}
          />
          Mask secrets
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={options.lineNumbers}
            onChange={(ev) => e.setOptions({ lineNumbers: ev.target.checked })}
          />
          Line numbers
        </label>
      </div>
      <label className="instructions">
        Instructions (head the export, saved for this project)
        <textarea
          rows={3}
          placeholder="e.g. Review the error handling in these files and list what can fail."
          value={options.instructions ?? ''}
          onChange={(ev) => e.setInstructions(ev.target.value)}
        />
      </label>
      {!options.masking ? (
        <p className="warning" role="alert">
          Masking is off: secret values in these files will be copied as they are.
        </p>
      ) : null}
      {error ? (
        <p className="error" role="alert" data-testid="export-error">
          {error}
        </p>
      ) : null}
      {busy ? <ExportWork progress={progress} /> : null}
      {cancelled && !busy ? (
        <p className="muted" data-testid="export-cancelled">
          Cancelled: nothing was copied.{' '}
          <button type="button" onClick={() => void exportStore.getState().refresh(revision)}>
            Preview again
          </button>
        </p>
      ) : null}
      {preview ? (
        <>
          <TokenBar {...preview.parts} />
          <p className="export-count" data-testid="export-tokens">
            {groupDigits(preview.tokens)} tokens ({preview.encoding}) ·{' '}
            {plural(preview.filesIncluded, 'file')} · {groupDigits(preview.masked)} masked · r
            {preview.revision}
            {busy ? ' · updating…' : ''}
            {stale && !busy ? ' · files changed since: Copy packs again' : ''}
          </p>
          {preview.notes.length ? (
            <ul className="notes">
              {preview.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
          {preview.leftOutCount ? (
            <details className="left-out">
              <summary>Left out: {plural(preview.leftOutCount, 'file')}</summary>
              <ul>
                {preview.leftOut.map((f) => (
                  <li key={f.path}>
                    <code>{f.path}</code> <span className="muted">{f.reason}</span>
                  </li>
                ))}
                {preview.leftOutCount > preview.leftOut.length ? (
                  <li className="muted">
                    … and {groupDigits(preview.leftOutCount - preview.leftOut.length)} more (the text's footer
                    lists them)
                  </li>
                ) : null}
              </ul>
            </details>
          ) : null}
          <VirtualList
            className="preview"
            count={lines.length}
            rowHeight={18}
            testId="export-preview"
            renderRow={(i) => <pre className="line">{lines[i]}</pre>}
          />
        </>
      ) : error || busy || cancelled ? null : (
        <p className="muted">No preview yet.</p>
      )}
      <div className="actions">
        <button type="button" className="primary" onClick={() => void copyContext()} data-testid="copy">
          Copy to clipboard
        </button>
      </div>
    </section>
  );
}
