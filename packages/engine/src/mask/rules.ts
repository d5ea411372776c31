// Loads the pinned Gitleaks rule file and compiles it for RE2: one regex per rule, its allowlists,
// the global allowlist, and the keyword prefilter. The file is pinned by SHA-256 so that what the
// docs and tests describe is exactly what runs.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import RE2 from 're2';
import { LoupeError } from '../errors';
import { initTreeSitter } from '../parse/runtime';
import { readBesideBundle } from '../util/bundle';
import { smolToml } from '../util/lazy';
import { type CompiledAllowlist, compileAllowlist, type RawAllowlist } from './allowlist';
import { TIER_KEYWORDS, TIER_PATTERNS } from './formats/index';
import { compileGo, escapeLiteral, type RE2Set, translateGoRegex } from './go-regex';
import { type PrefixSplit, splitPrefix } from './prefix';

/** SHA-256 of resources/rules/gitleaks.toml (Gitleaks b58d3f10, 222 rules). */
export const PINNED_RULES_SHA256 = 'e163e53b9e7e8a8511e77271e2b323ed057759542a6d988258afe3a1fa329caf';

export interface CompiledRule {
  index: number;
  id: string;
  /** The Go pattern as written in the rule file. */
  source?: string;
  /** Global regex with indices (`gd`) for the scan; undefined for path-only rules. */
  regex?: RE2;
  /** The same search in two faster steps, for patterns that begin with a class prefix (prefix.ts). */
  prefix?: PrefixSplit;
  /** The same pattern without `g`: Gitleaks re-runs it on the match to pick the secret group. */
  submatch?: RE2;
  /**
   * The same pattern, sticky, with indices: a match where it is run. Re-run at the start of a
   * match, it usually answers what `submatch` would (the leftmost start is the first possible one)
   * without the unanchored search.
   */
  anchored?: RE2;
  secretGroup: number;
  /** 0 = no entropy check; otherwise the secret's entropy must be strictly above it. */
  entropy: number;
  path?: RE2;
  /** Lower-case, de-duplicated. Empty = the rule always runs. */
  keywords: string[];
  allowlists: CompiledAllowlist[];
  /** Gitleaks' "generic" rules yield to a specific rule that found the same secret on the line. */
  generic: boolean;
  /**
   * The value is recognised by its key (`key = value`), not by its own shape. In source code such
   * a value is accepted only inside a string literal (see regions.ts).
   */
  contextual: boolean;
  /** The regex ends with its own boundary (`\b`, `$`, a terminator group): the token ends where the match ends. */
  boundedEnd: boolean;
}

export interface MaskRules {
  rules: CompiledRule[];
  global: CompiledAllowlist[];
  /**
   * Distinct keywords of all rules, lower-case, then the format tier's keywords, then the names of
   * its patterns; index = pattern index in `keywordSet` (one pass over the text answers all).
   */
  keywords: string[];
  /** Keywords before this index gate rules; the rest switch on format-tier scanners. */
  ruleKeywordCount: number;
  /** Entries from this index on are format-tier patterns (by name), not literals. */
  tierPatternStart: number;
  /**
   * Rules whose keywords are common in code (`s.`, `sk`, `ey`): when one is switched on,
   * `screenSet` (pattern i is `screened[i]`) says in one pass which of them match at all, sparing
   * a pass per rule.
   */
  screened: number[];
  keywordSet: RE2Set;
  /** The screened rules' patterns; undefined when RE2 cannot hold them in one set. */
  screenSet?: RE2Set;
  /** Rule indices gated by each keyword. */
  rulesByKeyword: number[][];
  /** Rules without keywords: they run on every file. */
  alwaysRules: number[];
  file: string;
  sha256: string;
}

interface RawRule {
  id?: string;
  regex?: string;
  secretGroup?: number;
  entropy?: number;
  path?: string;
  keywords?: string[];
  allowlists?: RawAllowlist[];
  allowlist?: RawAllowlist;
  skipReport?: boolean;
}

export interface RawConfig {
  rules?: RawRule[];
  allowlist?: RawAllowlist;
  allowlists?: Array<RawAllowlist & { targetRules?: string[] }>;
  extend?: unknown;
}

const RULES_RELATIVE = path.join('resources', 'rules', 'gitleaks.toml');

/** Finds resources/rules/gitleaks.toml above this module (works from sources and from bundles). */
export function defaultRulesPath(from = fileURLToPath(import.meta.url)): string {
  let dir = path.dirname(from);
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, RULES_RELATIVE);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new LoupeError(
    'not-found',
    `The masking rules (${RULES_RELATIVE}) were not found above ${path.dirname(from)}; pass the rule file path explicitly.`,
  );
}

const cache = new Map<string, Promise<MaskRules>>();

/**
 * Loads and compiles the pinned rule file (cached per path). Refuses any other file. The
 * tree-sitter runtime is initialised alongside (its wasm compiles on background threads while the
 * rules load): masking is synchronous and reads source-code literals from a parse (formats/code.ts).
 * A runtime that cannot start leaves those literals to the lexer.
 */
export function loadMaskRules(
  rulesPath?: string,
  deps: { readFile: (p: string) => Promise<Buffer> } = { readFile },
): Promise<MaskRules> {
  const file = path.resolve(rulesPath ?? defaultRulesPath());
  let pending = cache.get(file);
  if (!pending) {
    const parsing = initTreeSitter().catch(() => undefined);
    pending = readRules(file, deps.readFile).then(async (rules) => {
      await parsing;
      return rules;
    });
    cache.set(file, pending);
    pending.catch(() => cache.delete(file));
  }
  return pending;
}

async function readRules(file: string, read: (p: string) => Promise<Buffer>): Promise<MaskRules> {
  let bytes: Buffer;
  try {
    bytes = await read(file);
  } catch {
    throw new LoupeError(
      'unreadable',
      `The masking rule file ${file} could not be read; check that it exists.`,
    );
  }
  return compileMaskRules(bytes, file);
}

/** Name of a rule file's parsed form, prebuilt by the CLI build beside the bundle: its SHA-256. */
export const parsedRulesName = (sha256: string) => `${sha256}.json`;

/** The parsed form of a rule file, as JSON (what the CLI build writes). */
export function parsedRulesJson(bytes: Buffer): string {
  return JSON.stringify(smolToml().parse(bytes.toString('utf8')));
}

/**
 * The rule file parsed: read from its prebuilt form beside the bundle (dist/rules/, seen from
 * dist/ or dist/workers/) when there is one for exactly these bytes, which spares parsing the
 * TOML (~20 ms) in every process and thread; else parsed here.
 */
export function parseRuleFile(bytes: Buffer, sha256: string, here = import.meta.url): RawConfig {
  const prebuilt = readBesideBundle(here, 'rules', parsedRulesName(sha256));
  if (prebuilt !== undefined)
    try {
      return JSON.parse(prebuilt) as RawConfig;
    } catch {
      // damaged: the TOML itself
    }
  return smolToml().parse(bytes.toString('utf8')) as RawConfig;
}

/** A regex that ends with its own boundary says where the token ends; others may stop mid-token. */
export function endsWithBoundary(source: string): boolean {
  return /(?:\\b|\$|\\z|\|\$\)|\|\\z\)|\|\\b\))$/.test(source);
}

/** Verifies the pin, parses the TOML and compiles every pattern. */
export function compileMaskRules(bytes: Buffer, file: string, pin = PINNED_RULES_SHA256): MaskRules {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== pin)
    throw new LoupeError(
      'invalid-argument',
      `The masking rule file ${file} is not the pinned Gitleaks rule set (SHA-256 ${sha256.slice(0, 12)}…, expected ${pin.slice(0, 12)}…); restore resources/rules/gitleaks.toml from the Loupe sources.`,
    );
  const config = parseRuleFile(bytes, sha256);
  if (config.extend !== undefined)
    throw new LoupeError(
      'unsupported',
      `The masking rule file ${file} uses [extend], which Loupe does not support.`,
    );

  const global: CompiledAllowlist[] = [];
  const targeted = new Map<string, CompiledAllowlist[]>();
  const globals = [...(config.allowlist ? [config.allowlist] : []), ...(config.allowlists ?? [])];
  for (const raw of globals) {
    const compiled = compileAllowlist(raw, 'global allowlist');
    const targets = (raw as { targetRules?: string[] }).targetRules ?? [];
    if (targets.length === 0) global.push(compiled);
    for (const id of targets) targeted.set(id, [...(targeted.get(id) ?? []), compiled]);
  }

  const rules: CompiledRule[] = [];
  for (const raw of config.rules ?? []) {
    if (!raw.id) throw new LoupeError('invalid-argument', `A rule in ${file} has no id.`);
    if (raw.skipReport) continue;
    if (!raw.regex && !raw.path)
      throw new LoupeError('invalid-argument', `The rule ${raw.id} in ${file} has no regex or path.`);
    rules.push(lazyRule({ raw, id: raw.id, file, targeted: targeted.get(raw.id) ?? [] }, rules.length));
  }

  return withKeywordIndex(rules, global, file, sha256);
}

/** What a rule is compiled from. */
interface RuleSpec {
  raw: RawRule;
  id: string;
  file: string;
  /** Global allowlists that name this rule. */
  targeted: CompiledAllowlist[];
}

const specs = new WeakMap<CompiledRule, RuleSpec>();

/** Defines `key` as computed on first read, then kept. */
function lazy<K extends keyof CompiledRule>(rule: CompiledRule, key: K, make: () => CompiledRule[K]): void {
  Object.defineProperty(rule, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = make();
      Object.defineProperty(rule, key, { value, enumerable: true });
      return value;
    },
  });
}

/**
 * A rule whose regexes and allowlists compile when first used: most files switch on few rules
 * (keyword prefilter), and compiling all 222 rules' patterns up front took ~0.1 s per thread. The
 * file is pinned, so every pattern compiles (the rule tests compile them all); were one not to,
 * the error surfaces while masking a file, and that file is withheld (mask.ts).
 */
function lazyRule(spec: RuleSpec, index: number): CompiledRule {
  const { raw, id, file } = spec;
  const what = `rule ${id}`;
  const compile = (source: string, flags: string) => {
    try {
      return compileGo(source, flags);
    } catch (error) {
      throw new LoupeError(
        'invalid-argument',
        `The ${what} in ${file} has a pattern RE2 cannot compile (${(error as Error).message}).`,
      );
    }
  };
  const rule = {
    index,
    id,
    source: raw.regex,
    secretGroup: raw.secretGroup ?? 0,
    entropy: raw.entropy ?? 0,
    keywords: [...new Set((raw.keywords ?? []).map((k) => k.toLowerCase()))],
    generic: id.toLowerCase().includes('generic'),
    // The shared "key … = value" template of Gitleaks' semi-generic rules.
    contextual: raw.regex?.includes('(?:=|>|:{1,3}=|\\|\\||:|=>|\\?=|,)') ?? false,
    boundedEnd: raw.regex ? endsWithBoundary(raw.regex) : true,
  } as CompiledRule;
  lazy(rule, 'regex', () => (raw.regex ? compile(raw.regex, 'gd') : undefined));
  lazy(rule, 'submatch', () => (raw.regex ? compile(raw.regex, 'd') : undefined));
  lazy(rule, 'anchored', () => (raw.regex ? compile(raw.regex, 'yd') : undefined));
  lazy(rule, 'prefix', () => {
    try {
      return raw.regex ? splitPrefix(raw.regex) : undefined;
    } catch {
      return undefined; // searched as written (and a pattern RE2 cannot compile fails there)
    }
  });
  lazy(rule, 'path', () => (raw.path ? compile(raw.path, '') : undefined));
  lazy(rule, 'allowlists', () => {
    const lists = [...(raw.allowlists ?? []), ...(raw.allowlist ? [raw.allowlist] : [])];
    return [...lists.map((a) => compileAllowlist(a, what)), ...spec.targeted];
  });
  specs.set(rule, spec);
  return rule;
}

/** A rule set restricted to some rules (upstream validates each rule alone, with the global allowlist). */
export function selectRules(all: MaskRules, keep: (rule: CompiledRule) => boolean): MaskRules {
  const rules = all.rules.filter(keep).map((r, index) => lazyRule(specs.get(r)!, index));
  return withKeywordIndex(rules, all.global, all.file, all.sha256);
}

function withKeywordIndex(
  rules: CompiledRule[],
  global: CompiledAllowlist[],
  file: string,
  sha256: string,
): MaskRules {
  const keywords: string[] = [];
  const rulesByKeyword: number[][] = [];
  const alwaysRules: number[] = [];
  const at = new Map<string, number>();
  for (const rule of rules) {
    if (rule.keywords.length === 0) alwaysRules.push(rule.index);
    for (const k of rule.keywords) {
      let i = at.get(k);
      if (i === undefined) {
        i = keywords.push(k) - 1;
        at.set(k, i);
        rulesByKeyword.push([]);
      }
      rulesByKeyword[i]!.push(rule.index);
    }
  }
  // RE2.Set folds case like Unicode simple folding, a superset of Go's strings.ToLower match:
  // at worst a rule runs on a file it could have skipped.
  const ruleKeywordCount = keywords.length;
  keywords.push(...TIER_KEYWORDS);
  const tierPatternStart = keywords.length;
  const literals = keywords.map((k) => `(?i:${escapeLiteral(k)})`);
  for (const [name, pattern] of Object.entries(TIER_PATTERNS)) {
    keywords.push(name);
    literals.push(pattern);
  }
  // Screened rules: short keywords, plain token shapes (the key-context and multi-line rules would
  // blow up the set's automaton). A set of their own: in one set with the keywords, the automaton
  // of the product costs more to build in a fresh process than the two passes cost together.
  const screened = rules
    .filter(
      (r) => r.source && !r.path && !r.generic && !r.contextual && r.keywords.some((k) => k.length <= 3),
    )
    .map((r) => r.index);
  const keywordSet = new RE2.Set(literals);
  let screenSet: RE2Set | undefined;
  try {
    if (screened.length) screenSet = new RE2.Set(screened.map((i) => translateGoRegex(rules[i]!.source!)));
  } catch {
    screenSet = undefined; // each screened rule then runs its own pass
  }
  return {
    rules,
    global,
    keywords,
    ruleKeywordCount,
    tierPatternStart,
    screened,
    keywordSet,
    ...(screenSet ? { screenSet } : {}),
    rulesByKeyword,
    alwaysRules,
    file,
    sha256,
  };
}
