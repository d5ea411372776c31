// Gitleaks' filter(): a generic finding yields to a specific one on its line whose secret contains
// its secret. Pairwise that is findings² (a hostile line holds up to maxMatches of each), so the
// findings are grouped by line and each line answers "contained in any?" with one Aho–Corasick
// pass: linear in the secrets' total length, whatever their number.

const NL = 10;

/** What the filter reads of a finding (detect.ts's RuleFinding; no import back, so no cycle). */
interface Placed {
  rule: { generic?: boolean };
  secret: string;
  rawStart: number;
}

export function dropShadowedGeneric<F extends Placed>(findings: F[], buf: Buffer): F[] {
  if (!findings.some((f) => f.rule.generic)) return findings;
  const line = lineKeys(
    findings.map((f) => f.rawStart),
    buf,
  );
  const byLine = new Map<number, { generic: string[]; specific: string[] }>();
  findings.forEach((f, i) => {
    let g = byLine.get(line[i]!);
    if (!g) {
      g = { generic: [], specific: [] };
      byLine.set(line[i]!, g);
    }
    (f.rule.generic ? g.generic : g.specific).push(f.secret);
  });
  const shadowed = new Map<number, Set<string>>();
  for (const [key, g] of byLine) {
    if (g.generic.length === 0 || g.specific.length === 0) continue;
    const needles = [...new Set(g.generic)];
    const found = occursIn(needles, [...new Set(g.specific)]);
    shadowed.set(key, new Set(needles.filter((_, i) => found[i])));
  }
  return findings.filter((f, i) => !f.rule.generic || shadowed.get(line[i]!)?.has(f.secret) !== true);
}

/**
 * Per offset, the number of newlines at or before it: two offsets a ≤ b get the same key exactly
 * when no newline lies in (a, b], the original's "same line" test.
 */
function lineKeys(offsets: number[], buf: Buffer): number[] {
  const order = offsets.map((_, i) => i).sort((a, b) => offsets[a]! - offsets[b]!);
  const out = new Array<number>(offsets.length);
  let count = 0;
  let nl = buf.indexOf(NL);
  for (const i of order) {
    while (nl >= 0 && nl <= offsets[i]!) {
      count++;
      nl = buf.indexOf(NL, nl + 1);
    }
    out[i] = count;
  }
  return out;
}

/**
 * For each needle (distinct), whether it occurs in any haystack: `haystacks.some((h) =>
 * h.includes(needle))` for all needles at once, in time linear in the total length of both.
 */
export function occursIn(needles: string[], haystacks: string[]): boolean[] {
  const size = needles.reduce((n, s) => n + s.length, 1);
  // The trie: children as sibling lists (for the breadth-first pass), edges in maps for lookup.
  const edges = new Map<number, number>();
  const code = new Uint16Array(size);
  const firstChild = new Int32Array(size).fill(-1);
  const nextSibling = new Int32Array(size).fill(-1);
  const ends = new Int32Array(size).fill(-1);
  let nodes = 1;
  const edge = (node: number, c: number) => edges.get(node * 65536 + c);
  needles.forEach((s, i) => {
    let node = 0;
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      let next = edge(node, c);
      if (next === undefined) {
        next = nodes++;
        code[next] = c;
        nextSibling[next] = firstChild[node]!;
        firstChild[node] = next;
        edges.set(node * 65536 + c, next);
      }
      node = next;
    }
    ends[node] = i;
  });
  // Failure links, and for each node the nearest needle end on its failure chain.
  const fail = new Int32Array(nodes);
  const dict = new Int32Array(nodes).fill(-1);
  const queue = new Int32Array(nodes);
  let head = 0;
  let tail = 0;
  for (let v = firstChild[0]!; v >= 0; v = nextSibling[v]!) queue[tail++] = v;
  while (head < tail) {
    const u = queue[head++]!;
    for (let v = firstChild[u]!; v >= 0; v = nextSibling[v]!) {
      let f = fail[u]!;
      let to = edge(f, code[v]!);
      while (to === undefined && f !== 0) {
        f = fail[f]!;
        to = edge(f, code[v]!);
      }
      fail[v] = to ?? 0;
      dict[v] = ends[fail[v]!]! >= 0 ? fail[v]! : dict[fail[v]!]!;
      queue[tail++] = v;
    }
  }
  const found = needles.map((s) => s === '' && haystacks.length > 0);
  const seen = new Uint8Array(nodes);
  for (const h of haystacks) {
    let node = 0;
    for (let k = 0; k < h.length; k++) {
      const c = h.charCodeAt(k);
      let to = edge(node, c);
      while (to === undefined && node !== 0) {
        node = fail[node]!;
        to = edge(node, c);
      }
      node = to ?? 0;
      // Each needle end is marked once: a marked node's chain is marked already.
      for (let t = ends[node]! >= 0 ? node : dict[node]!; t > 0 && seen[t] === 0; t = dict[t]!) {
        seen[t] = 1;
        found[ends[t]!] = true;
      }
    }
  }
  return found;
}
