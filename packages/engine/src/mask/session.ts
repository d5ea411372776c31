// Placeholder numbering for one export or one agent session. The same value under the same rule
// gets the same number in every file, so a model can see that two files share a key; values are
// known only by a keyed hash (HMAC-SHA-256 with a random per-session key) and never stored.
import { createHmac, randomBytes } from 'node:crypto';

export class MaskSession {
  /** HMAC key for value identities. Workers receive it; it never appears in any output. */
  readonly key: Buffer;
  private readonly numbers = new Map<string, number>();
  private readonly counters = new Map<string, number>();

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

  /** Distinct values seen per rule in this session. */
  distinct(): Record<string, number> {
    return Object.fromEntries(this.counters);
  }
}

/** A value's identity under a session key: a keyed hash, never the value, never its length. */
export function valueIdentity(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('base64url');
}
