// The public shape of packing: options in, one document plus its coverage out.
import { PACK_FORMATS, type PackFormat } from '@loupe/common';
import type { Level } from '../compress/types';
import type { MaskSession } from '../mask/session';
import type { Counts } from '../tree/view';
import type { Encoding, RelPath } from '../types';
import type { IndexEntry } from '../workspace/file-index';
import type { PackWatch } from './watch';

/** The formats are @loupe/common's list (the window and the MCP tool offer the same). */
export { PACK_FORMATS, type PackFormat };

/** The default budget of a pack, in tokens. */
export const DEFAULT_BUDGET = 32_000;
/** The tree section takes at most this share of the budget. */
export const TREE_SHARE = 0.25;
/** One file takes at most this share of what remains. */
export const FILE_SHARE = 0.4;

/** Where a session already received a file, at the same content hash. */
export interface ReceivedBefore {
  call: number;
  revision: number;
}

/** The session ledger's answer for a file at a content hash (SHA-256 hex of its bytes). */
export type AlreadyReceived = (path: RelPath, hash: string) => ReceivedBefore | undefined;

export interface PackOptions extends PackWatch {
  /** Token budget of the whole document; 0 or null: no cap (a full pack). Default 32,000. */
  budget?: number | null;
  format?: PackFormat;
  /** Detail each file is offered at first (default full); a file that does not fit steps down. */
  detail?: Level;
  /** Pack these files and folders (ticked explicitly) instead of the focus. */
  paths?: readonly RelPath[];
  /**
   * The files `paths` choose from (an agent's focus; then globs work too, as in search); default:
   * every visible file. With it, a path that matches none of them is stated in the footer, not refused.
   * Without `paths`, it is the focus to pack (default: the workspace's).
   */
  within?: readonly IndexEntry[];
  /** Count what the ignore rules hide without naming it (strict focus: no name outside the focus). */
  hiddenCountsOnly?: boolean;
  /** Prefix each line with the file's own line number. */
  lineNumbers?: boolean;
  /**
   * Mask secret values (default: the project's setting). `false` is a person's explicit choice for
   * one export; the document then says that masking is off.
   */
  masking?: boolean;
  /** Placeholder numbering (an agent session passes its own, so numbers agree across calls). */
  session?: MaskSession;
  /** Session-aware packs: files received unchanged become one-line references. */
  alreadyReceived?: AlreadyReceived;
  /**
   * Wraps the project-derived part (tree and files) for agents, e.g. the MCP server's
   * nonce-delimited data block; the header and the coverage footer stay outside. The result's
   * token count includes the wrapping.
   */
  wrapData?: (label: string, body: string) => string;
  /** How the header names the root (default: the root folder's name). */
  rootLabel?: string;
  /**
   * The person's instructions, heading the document (the window's export); counted in the
   * budget like the rest of the header. Agents' packs have none.
   */
  instructions?: string;
  // `signal` and `onProgress` (the window's Cancel and progress) come from PackWatch (watch.ts).
}

/** One try of a file at a level: the tokens its section would take, and whether that fit. */
export interface Step {
  level: Level;
  tokens: number;
  fits: boolean;
  /** Set when compression gave back another level (e.g. a parse error kept the full text). */
  note?: string;
}

export type OmitKind = 'over-cap' | 'not-tried' | 'budget' | 'not-read';

export interface Included {
  kind: 'included';
  path: RelPath;
  level: Level;
  requested: Level;
  /** Why the applied level differs from the one first offered (step-down or compression fallback). */
  levelReason?: string;
  /** Tokens of the file's section (label, fences and text), counted alone. */
  tokens: number;
  steps: Step[];
  hash: string;
  lines: number;
  /** Placeholders of masked values in the emitted text, per rule. */
  masked: Record<string, number>;
  /** Set when line numbers were asked for and this file carries none (and why). */
  unnumbered?: string;
}

export interface Referenced {
  kind: 'referenced';
  path: RelPath;
  hash: string;
  call: number;
  revision: number;
  tokens: number;
  /** Tokens of the file at full detail, freed for other files. */
  saved: number;
}

export interface Omitted {
  kind: 'omitted';
  path: RelPath;
  reason: OmitKind;
  /** A phrase: why, with the numbers that decided it. */
  why: string;
  /** Tokens of the file at full detail (after masking when it was read); undefined when unknown. */
  tokens?: number;
  steps: Step[];
}

export type Outcome = Included | Referenced | Omitted;

export interface PackCoverage {
  format: PackFormat;
  encoding: Encoding;
  /** null: no cap. */
  budget: number | null;
  /** Exact tokens of the whole document. */
  tokens: number;
  revision: number;
  detail: Level;
  masking: boolean;
  lineNumbers: boolean;
  /** Tokens of the tree section counted alone, and its cap. */
  tree: { tokens: number; cap?: number; total: Counts; shown: Counts; leftOut: Counts };
  /** Files in the pack's scope, in document order (included and referenced), then omitted by priority. */
  outcomes: Outcome[];
  counts: {
    scope: number;
    full: number;
    compressed: Partial<Record<Level, number>>;
    referenced: number;
    omitted: number;
    notRead: number;
  };
  masked: { total: number; byRule: Record<string, number> };
  /** summarizeHidden() of what the ignore rules hide, and how many entries that is. */
  hidden: { summary: string; entries: number };
  /**
   * What the pack covers: the focus or given paths, how many visible files lie outside it, and the
   * given paths that matched no file of `within`.
   */
  scope: { kind: 'focus' | 'paths'; everything: boolean; outside: number; unmatched?: string[] };
}

/** What a consumer may record as delivered (the MCP session ledger). */
export interface PackDelivery {
  path: RelPath;
  hash: string;
  level: Level;
  lines: number;
  tokens: number;
}

export interface PackResult {
  text: string;
  /** Exact tokens of `text` in the workspace's encoding. */
  tokens: number;
  coverage: PackCoverage;
  delivered: PackDelivery[];
}

/** The tree section as a pack writes it (context.ts). */
export interface TreeSection {
  section: string;
  tokens: number;
  cap?: number;
  total: { files: number; folders: number };
  shown: { files: number; folders: number };
  leftOut: { files: number; folders: number };
}
