// The tools' content port over the engine's one content pipeline (Workspace.content): the same
// bytes the window previews and the clipboard export carries, masked, and withheld rather than
// ever sent unmasked.

import type { Detail } from '@loupe/common';
import { countByRule, LoupeError, type MaskSession, type RelPath, type Workspace } from '@loupe/engine';
import type { ContentSource, ReadOptions, ReadResult } from './source';

export function createPipelineSource(ws: Workspace): ContentSource {
  return {
    get maskingActive() {
      return ws.content.masking;
    },
    async read(path: RelPath, options: ReadOptions, mask: MaskSession): Promise<ReadResult> {
      const entry = ws.index.get(path);
      if (!entry)
        throw new LoupeError('not-found', `No visible file ${JSON.stringify(path)} in this project.`);
      const r = await ws.content.read(
        entry,
        {
          path,
          ...(options.detail ? { detail: options.detail } : {}),
          ...(options.lines ? { lines: { start: options.lines[0], end: options.lines[1] } } : {}),
          ...(options.symbol ? { symbol: options.symbol } : {}),
        },
        mask,
      );
      const base = { path, masked: {}, maskingActive: ws.content.masking, level: 'full' as Detail };
      if (r.kind === 'withheld')
        return { ...base, text: '', lines: [1, 0], totalLines: 0, hash: r.hash ?? '', withheld: r.reason };
      if (r.kind === 'symbol-miss')
        return {
          ...base,
          text: '',
          lines: [1, 0],
          totalLines: r.totalLines,
          hash: r.hash,
          symbolMiss:
            r.match.kind === 'ambiguous'
              ? { kind: 'ambiguous', declarations: r.match.candidates }
              : { kind: 'unknown', declarations: r.match.nearest },
        };
      const text = r.text.endsWith('\n') ? r.text.slice(0, -1) : r.text;
      return {
        ...base,
        text,
        tokens: r.tokens,
        level: r.level,
        lines: [r.range.start || 1, r.range.end],
        totalLines: r.range.total,
        masked: countByRule(r.findings),
        maskingActive: r.masked,
        hash: r.hash,
        ...(r.levelReason ? { notes: [`Detail ${r.level}, not ${r.requested}: ${r.levelReason}.`] } : {}),
      };
    },
  };
}
