// Export for the clipboard. Until the packer (packages/engine/src/pack) lands, the export is the
// focus tree with exact per-file token counts; file contents are left out and the text says so.
// Contents are never sent without the content pipeline (masking), so this withholds rather than
// guesses.
import {
  buildTree,
  countTokens,
  renderTree,
  type TreeEntry,
  type TreeFormat,
  type Workspace,
} from '@loupe/engine';
import type { ExportOptions, ExportResult } from './api';

const TREE_FORMAT: Record<ExportOptions['format'], TreeFormat> = {
  markdown: 'markdown',
  xml: 'xml',
  plain: 'ascii',
};

const CONTENTS_NOTE =
  'File contents are left out: this build has no packer yet, so the export holds the focus tree only.';

export function exportFocus(ws: Workspace, options: ExportOptions): ExportResult {
  const files = ws.focusedFiles();
  const entries: TreeEntry[] = files.map((f) =>
    f.tokens === undefined ? { path: f.path } : { path: f.path, tokens: f.tokens },
  );
  const count = (text: string) => countTokens(text, ws.encoding);
  const rendering = renderTree(
    buildTree(entries),
    {
      format: TREE_FORMAT[options.format],
      fields: ['tokens'],
      rootName: ws.root.split(/[\\/]/).pop() ?? '',
      ...(options.budget ? { maxTokens: options.budget } : {}),
    },
    { count },
  );
  const uncounted = files.filter((f) => f.tokens === undefined).length;
  const notes = [CONTENTS_NOTE];
  if (rendering.leftOut.files)
    notes.push(
      `${rendering.leftOut.files} of ${files.length} files are left out of the tree to fit the budget.`,
    );
  if (uncounted) notes.push(`${uncounted} files are not counted yet; their token counts are missing.`);
  const footer = `\n${notes.map((n) => `<!-- ${n} -->`).join('\n')}\n`;
  const text = options.format === 'xml' ? rendering.text : `${rendering.text}${footer}`;
  const tokens = count(text);
  const leftOutTokens = files.reduce((sum, f) => sum + (f.tokens ?? 0), 0);
  return {
    text,
    tokens,
    encoding: ws.encoding,
    parts: { tree: tokens, files: 0, leftOut: leftOutTokens },
    filesIncluded: 0,
    leftOut: files.map((f) => ({ path: f.path, reason: 'contents not packed (no packer in this build)' })),
    masked: 0,
    revision: ws.focus.snapshot.revision,
    notes,
  };
}
