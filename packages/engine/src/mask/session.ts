// Placeholder numbering for one export or one agent session. The same value under the same rule
// gets the same number in every file, so a model can see that two files share a key; values are
// known only by a keyed hash (HMAC-SHA-256 with a random per-session key) and never stored.
// The session also remembers each masked value's anchor (everywhere.ts) so that later files mask
// it wherever it occurs.
import { createHmac, randomBytes } from 'node:crypto';

/** What a session knows of a value, enough to find it again (everywhere.ts): never the value. */
export interface KnownValue {
  /** Keyed hash of the value's first characters. */
  anchor: number;
  length: number;
  identity: string;
  /** The rule the value was first masked by: later occurrences get the same placeholder. */
  rule: string;
}

/** The session's known values, in the form a worker receives (structured-clone safe). */
export interface KnownValues {
  values: KnownValue[];
}

export class MaskSession {
  /** HMAC key for value identities. Workers receive it; it never appears in any output. */
  readonly key: Buffer;
  private readonly numbers = new Map<string, number>();
  private readonly counters = new Map<string, number>();
  /** Values to find again, in the order first seen (append-only: a snapshot is a prefix). */
  private readonly remembered: KnownValue[] = [];
  private readonly identities = new Set<string>();

  constructor(key: Buffer = randomBytes(32)) {
    this.key = key;
  }

  /** Placeholder for a value identity (see `valueIdentity`) under a rule. */
  placeholder(rule: string, identity: string): string {
    const id = `${rule}\u0000${identity}`;
    let n = this.numbers.get(id);
    if (n === undefined) {
      n = (this.counters.get(rule) ?? 0) + 1;
      this.counters.set(rule, n);
      this.numbers.set(id, n);
    }
    return `LOUPE_REDACTED[${rule}#${n}]`;
  }

  /** Remembers a masked value by its anchor, length and identity (under the rule it was first masked by). */
  remember(rule: string, identity: string, anchor: number, length: number): void {
    if (this.identities.has(identity)) return;
    this.identities.add(identity);
    this.remembered.push({ anchor, length, identity, rule });
  }

  /** The values remembered so far (a snapshot; safe to send to a worker). */
  known(): KnownValues {
    return { values: this.remembered.slice() };
  }

  /** Values remembered after the first `from` (those a snapshot of that size did not hold). */
  knownSince(from: number): KnownValues {
    return { values: this.remembered.slice(from) };
  }

  /** Distinct values seen per rule in this session. */
  distinct(): Record<string, number> {
    return Object.fromEntries(this.counters);
  }
}

/** A value's identity under a session key: a keyed hash, never the value, never its length. */
export function valueIdentity(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('base64url');
}
