// The scripted agent's vocabulary: a task (one information need, the facts that answer it, and the
// fixed call sequence a sensible agent makes with each server), the steps that read earlier
// answers (Repomix's output id and the packed-output line numbers its grep reports), and the fact
// check. Pure functions over answers; the servers are in agent-servers.ts.
import type { Answer, ServerName } from './agent-servers';

export type Kind = 'pinpoint' | 'overview';

/**
 * A fact the answers must show: an exact substring of the repository's text at the pinned commit.
 * With `path`, one answer must show both (the location, not just the text somewhere).
 */
export interface Fact {
  text: string;
  path?: string;
}

export interface Step {
  tool: string;
  /** Fixed arguments, or arguments read from the answers so far (undefined: the agent cannot go on). */
  args: Record<string, unknown> | ((answers: Answer[]) => Record<string, unknown> | undefined);
  /** Taken only when this holds for the answers so far (an agent doing what an answer asks). */
  when?: (answers: Answer[]) => boolean;
}

export interface Task {
  id: string;
  /** Matched against the basename of a BENCH_REPOS checkout. */
  repo: string;
  kind: Kind;
  question: string;
  facts: Fact[];
  scripts: Record<ServerName, Step[]>;
}

/** What a reader sees in an answer: its text, and for JSON answers (Repomix) every string in it decoded. */
export function readable(raw: string): string {
  const t = raw.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return raw;
  const strings: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      // Repomix nests JSON in strings (pack_codebase's "result").
      const s = v.trim();
      if (s.startsWith('{') && s.endsWith('}')) {
        try {
          walk(JSON.parse(s));
          return;
        } catch {
          // plain text that happens to start with a brace
        }
      }
      strings.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    else if (v !== null && v !== undefined) strings.push(String(v));
  };
  try {
    walk(JSON.parse(t));
  } catch {
    return raw;
  }
  return `${raw}\n${strings.join('\n')}`;
}

/** Whether the answers show the fact (see Fact). */
export function shows(answers: readonly Answer[], fact: Fact): boolean {
  return answers.some((a) => {
    const seen = readable(a.raw);
    return seen.includes(fact.text) && (fact.path === undefined || seen.includes(fact.path));
  });
}

type ReadRequest = { path: string; symbol?: string; lines?: string };

/** The reads not shown yet: a declaration a search showed as its best match is left out (its rest kept, when capped). */
function unseen(
  answers: readonly Answer[],
  requests: readonly ReadRequest[],
): Array<Record<string, unknown>> {
  const todo: Array<Record<string, unknown>> = [];
  for (const r of requests) {
    const seen = r.symbol
      ? bestMatches(answers).find((b) => b.path === r.path && b.symbol === r.symbol)
      : undefined;
    if (!seen) todo.push(r);
    else if (seen.rest) todo.push(seen.rest);
  }
  return todo;
}

// Steps for Loupe: search, then one get_file of what the answers point at.
export const loupe = {
  search: (query: string, more: Record<string, unknown> = {}): Step => ({
    tool: 'search',
    args: { query, ...more },
  }),
  /**
   * The search again inside `paths`, taken only when the previous answer says the regular
   * expression stopped at its byte limit and asks to narrow it with paths.
   */
  narrowed: (query: string, paths: string[], more: Record<string, unknown> = {}): Step => ({
    tool: 'search',
    args: { query, paths, ...more },
    when: (answers) => /stopped at its limit of .* of files searched/.test(answers.at(-1)?.raw ?? ''),
  }),
  /**
   * One get_file of these reads, less a declaration a search already showed as its best match
   * (plus the rest of it, when the search capped it and named the call for the rest).
   */
  read: (...requests: ReadRequest[]): Step => ({
    tool: 'get_file',
    when: (answers) => unseen(answers, requests).length > 0,
    args: (answers) => {
      const todo = unseen(answers, requests);
      return todo.length === 1 ? todo[0]! : { requests: todo };
    },
  }),
  related: (path: string, more: Record<string, unknown> = {}): Step => ({
    tool: 'related_files',
    args: { path, ...more },
  }),
  tree: (args: Record<string, unknown> = {}): Step => ({ tool: 'get_tree', args }),
};

/**
 * The declarations Loupe's searches showed as their best match ("Best match: PATH, method NAME,
 * lines A–B of N"), with the get_file call for the lines it left out when it capped the body.
 */
export function bestMatches(
  answers: readonly Answer[],
): Array<{ path: string; symbol: string; rest?: Record<string, unknown> }> {
  const out: Array<{ path: string; symbol: string; rest?: Record<string, unknown> }> = [];
  for (const a of answers) {
    if (a.tool !== 'search') continue;
    const m = /^Best match: (.+?), [a-z ]+? (\S+), lines? \d+/m.exec(a.raw);
    if (!m) continue;
    const rest = /^lines \d+–\d+ not shown; get_file (\{.*\})$/m.exec(a.raw);
    out.push({ path: m[1]!, symbol: m[2]!, ...(rest ? { rest: JSON.parse(rest[1]!) } : {}) });
  }
  return out;
}

/** The output id of the latest pack_codebase answer. */
export function outputId(answers: readonly Answer[]): string | undefined {
  for (const a of [...answers].reverse()) {
    if (a.tool !== 'pack_codebase') continue;
    const m = /outputId\\?"\s*:\s*\\?"([0-9a-f]+)/.exec(a.raw);
    if (m) return m[1];
  }
  return undefined;
}

/** Matches of grep_repomix_output answers, latest answer first: packed-output line and its text. */
export function grepHits(answers: readonly Answer[]): Array<{ line: number; text: string }> {
  const hits: Array<{ line: number; text: string }> = [];
  for (const a of [...answers].reverse()) {
    if (a.tool !== 'grep_repomix_output' || a.isError) continue;
    try {
      const r = JSON.parse(a.raw) as { matches?: Array<{ lineNumber: number; line: string }> };
      for (const m of r.matches ?? []) hits.push({ line: m.lineNumber, text: m.line });
    } catch {
      // not JSON: no matches to read
    }
  }
  return hits;
}

/** The packed-output line of the first grep hit whose text holds `needle`. */
export function hitLine(answers: readonly Answer[], needle: string): number | undefined {
  return grepHits(answers).find((h) => h.text.includes(needle))?.line;
}

// Steps for Repomix: pack once, grep the packed output, read the lines a hit points at.
export const repomix = {
  pack: (includePatterns: string, more: Record<string, unknown> = {}): Step => ({
    tool: 'pack_codebase',
    args: { directory: '.', includePatterns, ...more },
  }),
  grep: (pattern: string, more: Record<string, unknown> = {}): Step => ({
    tool: 'grep_repomix_output',
    args: (answers) => {
      const id = outputId(answers);
      return id ? { outputId: id, pattern, ...more } : undefined;
    },
  }),
  /** Lines `before` above to `after` below the first grep hit holding `needle`. */
  readAt: (needle: string, before: number, after: number): Step => ({
    tool: 'read_repomix_output',
    args: (answers) => {
      const id = outputId(answers);
      const at = hitLine(answers, needle);
      return id && at !== undefined
        ? { outputId: id, startLine: Math.max(1, at - before), endLine: at + after }
        : undefined;
    },
  }),
  file: (path: string): Step => ({ tool: 'file_system_read_file', args: { path } }),
  dir: (path: string): Step => ({ tool: 'file_system_read_directory', args: { path } }),
};
