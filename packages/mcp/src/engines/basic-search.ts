// A plain literal line search over the focus, through the content pipeline (so it searches what
// an agent may see: masked text once masking is active). It stands in until the ranked search
// engine of issue 7 is wired in, and says so in its trailer.
import type { DeliveredReceipt, IndexEntry, LineSpan, MaskSession } from '@loupe/engine';
import { maskingTrailer } from '../content/notices';
import type { ContentSource } from '../content/source';
import { grouped, plural } from '../format';
import type { EngineAnswer, SearchRequest } from './types';

interface FileHits {
  path: string;
  hash: string;
  lines: Array<{ n: number; text: string }>;
  nameHit: boolean;
}

const MAX_LINE = 240;

function inScope(path: string, scope: string[] | undefined): boolean {
  if (!scope?.length) return true;
  return scope.some((s) => {
    const p = s.replace(/^\.?\//, '').replace(/\/+$/, '');
    if (!/[*?[]/.test(p)) return p === '' || path === p || path.startsWith(`${p}/`);
    const re = new RegExp(
      `^${p
        .replace(/[.+^${}()|\\]/g, '\\$&')
        .replace(/\*\*\/?/g, '\u0000')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/\u0000/g, '(?:.*/)?')}$`,
    );
    return re.test(path) || re.test(path.slice(path.lastIndexOf('/') + 1));
  });
}

export async function basicSearch(
  request: SearchRequest,
  content: ContentSource,
  mask: MaskSession,
  budgetChars: number,
  budgetMs = 3000,
): Promise<EngineAnswer> {
  const caseSensitive = /[A-Z]/.test(request.query);
  const needle = caseSensitive ? request.query : request.query.toLowerCase();
  const files = request.files.filter((f: IndexEntry) => !f.flag && inScope(f.path, request.paths));
  const hits: FileHits[] = [];
  let total = 0;
  const masked: Record<string, number> = {};
  // A time budget keeps one call bounded on a huge focus; what it did not reach is stated.
  const deadline = performance.now() + budgetMs;
  let searched = 0;
  for (const f of files) {
    if (performance.now() > deadline) break;
    searched++;
    let res: Awaited<ReturnType<ContentSource['read']>>;
    try {
      res = await content.read(f.path, {}, mask);
    } catch {
      continue; // vanished or refused since the scan
    }
    if (res.withheld) continue;
    const lines: FileHits['lines'] = [];
    const all = res.text.split('\n');
    for (let i = 0; i < all.length; i++) {
      const line = all[i]!;
      if ((caseSensitive ? line : line.toLowerCase()).includes(needle)) lines.push({ n: i + 1, text: line });
    }
    const name = f.path.slice(f.path.lastIndexOf('/') + 1);
    const nameHit = (caseSensitive ? name : name.toLowerCase()).includes(needle);
    if (lines.length || nameHit) {
      hits.push({ path: f.path, hash: res.hash, lines, nameHit });
      total += lines.length;
      for (const [rule, n] of Object.entries(res.masked)) masked[rule] = (masked[rule] ?? 0) + n;
    }
  }
  // Name matches first, then files where the match is rare (a focused hit beats a noisy file).
  hits.sort(
    (a, b) =>
      Number(b.nameHit) - Number(a.nameHit) || a.lines.length - b.lines.length || (a.path < b.path ? -1 : 1),
  );

  // Fair cut: every file gets one hit before any file gets a second.
  const shown = new Map<string, number>();
  let used = 0;
  let count = 0;
  for (let round = 0; count < request.maxResults; round++) {
    let progressed = false;
    for (const h of hits) {
      if (count >= request.maxResults) break;
      const line = h.lines[round];
      if (!line) {
        if (round === 0 && h.nameHit && !shown.has(h.path)) shown.set(h.path, 0);
        continue;
      }
      const cost = Math.min(line.text.length, MAX_LINE) + 12;
      if (used + cost > budgetChars) break;
      used += cost;
      count++;
      shown.set(h.path, round + 1);
      progressed = true;
    }
    if (!progressed) break;
  }
  const out: string[] = [];
  const delivered: DeliveredReceipt[] = [];
  for (const h of hits) {
    const k = shown.get(h.path);
    if (k === undefined) continue;
    out.push(`${h.path}${h.lines.length > k ? ` (${k} of ${h.lines.length} matching lines)` : ''}`);
    const ranges: LineSpan[] = [];
    for (const line of h.lines.slice(0, k)) {
      const t = line.text.length > MAX_LINE ? `${line.text.slice(0, MAX_LINE)}…` : line.text;
      out.push(`  ${line.n}: ${t.trim()}`);
      ranges.push([line.n, line.n]);
    }
    delivered.push({ path: h.path, lines: ranges, hash: h.hash, detail: 'full' });
  }
  const trailer = [
    ...(searched < files.length
      ? [
          `Stopped after ${budgetMs / 1000} s: ${plural(files.length - searched, 'file')} of the focus not searched (in path order); narrow the search with paths, e.g. search {"query": …, "paths": ["src"]}.`,
        ]
      : []),
    `${plural(total, 'matching line')} in ${plural(hits.length, 'file')} (searched ${searched < files.length ? `${grouped(searched)} of ` : ''}${plural(files.length, 'file')} of the focus${request.paths?.length ? ' in the given paths' : ''}); shown: ${grouped(count)} lines in ${plural(shown.size, 'file')}${count < total ? '; every matching file gets one line before any gets a second' : ''}.`,
    `Basic ${caseSensitive ? 'case-sensitive' : 'case-insensitive'} literal search: the ranked search engine (declarations, relevance, regular expressions) is not in this build yet.`,
  ];
  if (request.regex)
    trailer.push('regex was asked for but is not available yet; the query was searched literally.');
  trailer.push(...maskingTrailer(masked, content.maskingActive));
  return {
    data: out.join('\n') || '(no matches)',
    label: 'Matches (path, then line number: text)',
    trailer,
    delivered,
    masked,
  };
}
