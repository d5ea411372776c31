// Ports for the engines that land with their own issues (search and relations: issue 7; packing:
// issue 8). A tool calls its port when the engine is wired in, and otherwise says plainly that the
// feature is not in this build and which calls serve meanwhile.
import type { DeliveredReceipt, IndexEntry, RelPath } from '@loupe/engine';

export interface EngineAnswer {
  /** Project-derived text (hits, names, packed files): goes inside a data block. */
  data: string;
  /** Label of the data block. */
  label: string;
  /** Trusted lines after the block (coverage, budget, masking counts). */
  trailer: string[];
  delivered?: DeliveredReceipt[];
  masked?: Record<string, number>;
}

export interface PackRequest {
  budget: number;
  format: 'markdown' | 'xml' | 'plain';
  detail?: string;
  paths?: RelPath[];
  files: readonly IndexEntry[];
  /** Files this session already received unchanged: one-line references in the pack. */
  received: ReadonlySet<RelPath>;
}

export interface Engines {
  pack?(request: PackRequest): Promise<EngineAnswer>;
}
