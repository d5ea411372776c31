// The agent-facing text of related_files: the edges inside the focus (data), then what was left out
// and the next calls (Loupe's statements). The live-context line is the server's.

import { groupDigits as fmt, plural } from '@loupe/common';
import type { EdgeInfo, RelatedFile, Relations } from '@loupe/engine';
import { call } from '../format';
import { getFileCall, type RenderedSearch } from './search';

export type RenderedRelations = RenderedSearch;

function edge(e: EdgeInfo): string {
  return `line ${e.line} ${JSON.stringify(e.spec)}`;
}

function row(r: RelatedFile): string {
  const how = r.edges.map(edge).join(', ');
  const via = [...new Set(r.edges.map((e) => e.via).filter(Boolean))].join('; ');
  const through = r.through ? `via ${r.through}: ` : '';
  return `${r.path} (${through}${how}; ${r.status}${via ? `, ${via}` : ''})`;
}

function block(title: string, list: RelatedFile[]): string[] {
  const out = [`${title} (${fmt(list.length)}):`];
  if (!list.length) out.push('(none in the focus)');
  for (const d of [1, 2] as const) {
    const at = list.filter((r) => r.depth === d);
    if (d === 2 && at.length) out.push('two hops:');
    for (const r of at) out.push(row(r));
  }
  return out;
}

const sample = (xs: Array<{ spec: string }>, n = 8) =>
  `${[...new Set(xs.map((x) => x.spec))]
    .slice(0, n)
    .map((s) => JSON.stringify(s))
    .join(', ')}${new Set(xs.map((x) => x.spec)).size > n ? ', …' : ''}`;

export function renderRelations(r: Relations): RenderedRelations {
  const blocks: string[][] = [];
  if (r.direction !== 'imported_by') blocks.push(block(`${r.path} imports`, r.imports));
  if (r.direction !== 'imports') blocks.push(block(`${r.path} is imported by`, r.importedBy));
  const trailer: string[] = [];
  if (!r.supported)
    trailer.push(
      `Loupe has no import rules for ${r.language ?? 'this kind of file'}: it has no edges of its own (files of other languages may still import it).`,
    );
  trailer.push(
    `Edges inside the focus only, ${r.depth === 2 ? 'up to two hops' : 'one hop'}; "resolved": the language's rules name that file; "ambiguous": a heuristic or several candidates.`,
  );
  const l = r.left;
  if (r.direction !== 'imported_by') {
    const parts: string[] = [];
    if (l.outsideFocus.length)
      parts.push(
        `${plural(new Set(l.outsideFocus.map((o) => o.path)).size, 'imported file')} outside the focus (read by path with get_file)`,
      );
    if (l.external.length)
      parts.push(`${plural(l.external.length, 'external import')} (${sample(l.external)})`);
    if (l.unresolved.length)
      parts.push(`${plural(l.unresolved.length, 'import')} naming no visible file (${sample(l.unresolved)})`);
    if (parts.length) trailer.push(`Not listed: ${parts.join('; ')}.`);
  }
  if (r.direction !== 'imports') {
    let line = `imported_by looked at the ${plural(r.examined, 'file')} of the focus`;
    if (r.unreadable) line += ` (${fmt(r.unreadable)} not readable: binary or withheld)`;
    // None outside: nothing to say.
    if (r.outsideFocus > 0)
      line += `; ${plural(r.outsideFocus, 'file')} outside the focus ${r.outsideFocus === 1 ? 'was' : 'were'} not examined`;
    trailer.push(`${line}.`);
  }
  const next = r.imports[0] ?? r.importedBy[0];
  if (next)
    trailer.push(
      `Next: ${getFileCall({ path: next.path })} reads the first file listed; ${call('related_files', { path: next.path })} follows it.`,
    );
  return {
    label: 'Related files (path, then the import statements of each edge)',
    data: blocks.map((b) => b.join('\n')).join('\n\n'),
    trailer,
  };
}

export function renderRelationsResult(r: Relations): string {
  const { data, trailer } = renderRelations(r);
  return `${data}\n\n${trailer.join('\n')}\n`;
}
