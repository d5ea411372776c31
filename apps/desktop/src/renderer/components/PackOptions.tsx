// The detail levels and pack formats as <option>s, in @loupe/common's order: the export and the
// settings offer the same lists the host checks against. A label per value; the compiler rejects
// a level or format without one.
import { DETAILS, type Detail, PACK_FORMATS, type PackFormat } from '@loupe/common';

const DETAIL_LABELS: Record<Detail, string> = {
  full: 'Full files',
  compact: 'Compact (no comments)',
  signatures: 'Signatures',
  outline: 'Outline',
};

const FORMAT_LABELS: Record<PackFormat, string> = {
  markdown: 'Markdown',
  xml: 'XML',
  plain: 'Plain text',
};

export function DetailOptions() {
  return (
    <>
      {DETAILS.map((value) => (
        <option key={value} value={value}>
          {DETAIL_LABELS[value]}
        </option>
      ))}
    </>
  );
}

export function FormatOptions() {
  return (
    <>
      {PACK_FORMATS.map((value) => (
        <option key={value} value={value}>
          {FORMAT_LABELS[value]}
        </option>
      ))}
    </>
  );
}
