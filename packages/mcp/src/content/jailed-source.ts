// Temporary content source until the engine's content pipeline lands: reads a visible file through
// the path jail, slices lines, hashes the bytes. No masking, no compression, and it says so.
import { readFile } from 'node:fs/promises';
import { decodeText, type JailView, jailPath, LoupeError, type RelPath, sha256 } from '@loupe/engine';
import type { ContentSource, ReadOptions, ReadResult } from './source';

const FLAG_TEXT: Record<string, string> = {
  binary: 'it is a binary file',
  'too-large': 'it is larger than the size limit for text',
  unreadable: 'it could not be read',
};

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function createJailedSource(view: JailView, deps = { readFile }): ContentSource {
  return {
    maskingNotice: 'Masking is not active in this build: secret values are sent as they are in the files.',
    async read(path: RelPath, options: ReadOptions = {}): Promise<ReadResult> {
      const verdict = jailPath(path, view);
      if (!verdict.ok) throw new LoupeError('outside-root', verdict.reason);
      if (verdict.kind !== 'file') throw new LoupeError('not-a-file', `"${path}" is a folder, not a file.`);
      if (options.symbol)
        throw new LoupeError(
          'unsupported',
          'Reading one declaration by name arrives with the declarations index; read by line numbers meanwhile.',
        );
      const base = { path: verdict.path, level: 'full' as const, masked: {}, maskingActive: false };
      if (verdict.flag && FLAG_TEXT[verdict.flag])
        return {
          ...base,
          text: '',
          lines: [1, 0],
          totalLines: 0,
          hash: '',
          withheld: FLAG_TEXT[verdict.flag],
        };
      const bytes = await deps.readFile(verdict.abs);
      const hash = sha256(bytes);
      if (bytes.subarray(0, 8000).includes(0))
        return { ...base, text: '', lines: [1, 0], totalLines: 0, hash, withheld: FLAG_TEXT.binary };
      const all = splitLines(decodeText(bytes));
      const total = all.length;
      const from = Math.max(1, Math.min(options.lines?.[0] ?? 1, total + 1));
      const to = Math.min(total, Math.max(from - 1, options.lines?.[1] ?? total));
      const notes =
        options.detail && options.detail !== 'full'
          ? [`Detail level "${options.detail}" is not available in this build yet; the full text is sent.`]
          : undefined;
      return {
        ...base,
        text: all.slice(from - 1, to).join('\n'),
        lines: [from, to],
        totalLines: total,
        hash,
        ...(notes ? { notes } : {}),
      };
    },
  };
}
