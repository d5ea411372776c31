// Smart ignore: build output hidden by evidence, under the rules of the nearest stack marker.
// The walk calls three things: `ownerOf` with each folder's entries (markers), `candidateRules`
// for each subfolder (a name lookup), and `judgeCandidate` with a candidate's entries once it has
// read them anyway; only proofs that look one level further cost extra I/O.
import type { Dirent } from 'node:fs';
import type { HiddenReason } from '../../types';
import type { Owner, StackId } from './markers';
import { judge, type ProbeDeps } from './probe';
import { ANYWHERE_RULES, type Rule, STACK_RULES } from './rules';

export { isOsJunk } from './junk';
export { MARKERS, type Owner, ownerOf, type StackId } from './markers';
export { MAX_ENTRIES, MAX_MANIFEST_BYTES } from './probe';
export { ANYWHERE_RULES, type Rule, STACK_RULES, type Test } from './rules';
export { summarizeHidden } from './summary';

/** A rule as it applies under one owner: with the marker that brought it ('' for anywhere rules). */
export interface Applied {
  rule: Rule;
  owner: string;
}

/** A rule in a table shared by all owners with the same stacks: the marker is looked up later. */
interface Entry {
  rule: Rule;
  stack: StackId | undefined;
}

interface Table {
  byName: Map<string, Entry[]>;
  patterns: Entry[];
}

const tables = new Map<string, Table>();

function tableFor(owner: Owner | undefined): Table {
  const key = owner?.key ?? '';
  let table = tables.get(key);
  if (table) return table;
  const t: Table = { byName: new Map(), patterns: [] };
  const seen = new Set<string>();
  const add = (rule: Rule, stack: StackId | undefined) => {
    if (seen.has(rule.id)) return; // one rule shared by two stacks of the same folder
    seen.add(rule.id);
    const entry = { rule, stack };
    if (rule.names instanceof RegExp) t.patterns.push(entry);
    else for (const n of rule.names) t.byName.set(n, [...(t.byName.get(n) ?? []), entry]);
  };
  if (owner) for (const stack of owner.stacks.keys()) for (const r of STACK_RULES[stack]) add(r, stack);
  for (const r of ANYWHERE_RULES) add(r, undefined);
  table = t;
  tables.set(key, table);
  return table;
}

/**
 * The rules that make a subfolder named `name` a candidate, with the markers they come from;
 * undefined for the vast majority of folders. The folder holding it is `base/dir` (two pieces, so
 * the walk need not join them): only rules for well-known stores look at its name.
 */
export function candidateRules(
  owner: Owner | undefined,
  name: string,
  base = '',
  dir = '',
): Applied[] | undefined {
  const table = tableFor(owner);
  let found = table.byName.get(name);
  for (const p of table.patterns) if ((p.rule.names as RegExp).test(name)) found = [...(found ?? []), p];
  if (found?.some((a) => a.rule.parent !== undefined)) {
    const holder = dir || base;
    const holderName = holder.slice(holder.lastIndexOf('/') + 1);
    found = found.filter((a) => a.rule.parent === undefined || a.rule.parent === holderName);
  }
  if (!found?.length) return undefined;
  return found.map((e) => ({ rule: e.rule, owner: (e.stack && owner?.stacks.get(e.stack)) || '' }));
}

/**
 * Judges a candidate from its entries (already read by the walk) and, where a proof needs it, a
 * bounded look into its subfolders. Returns the reason to hide it, or undefined to keep it.
 */
export async function judgeCandidate(
  applied: readonly Applied[],
  abs: string,
  entries: readonly Dirent[],
  deps?: ProbeDeps,
): Promise<HiddenReason | undefined> {
  const { verdict } = await judge(
    applied.map((a) => a.rule),
    abs,
    entries,
    deps,
  );
  if (!verdict) return undefined;
  const owner = applied.find((a) => a.rule === verdict.rule)!.owner;
  return { kind: 'build-output', rule: verdict.rule.id, owner, evidence: verdict.evidence };
}
