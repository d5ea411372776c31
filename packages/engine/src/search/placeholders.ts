// Placeholders in a shared index. The search index masks every file once, for all agent sessions,
// through the content pipeline. Numbering the values index-wide would show every session the same
// `#3` for the same value: a correlation across sessions that per-session reads never give. So the
// index numbers each masked OCCURRENCE uniquely (the index text says nothing about which values are
// equal) behind a random nonce no file can forge, keeps each occurrence's rule and keyed value
// identity, and a result is rendered in the caller's session: `session.placeholder(rule, identity)`
// gives the number that session's reads give, when the session shares the workspace's mask key
// (`Workspace.newMaskSession()`); otherwise numbers are local to the one result.
import { randomBytes } from 'node:crypto';
import { MaskSession } from '../mask/session';

interface Occurrence {
  rule: string;
  identity: string;
}

export class IndexMaskSession extends MaskSession {
  /** Random per index; never shown (rendering replaces every index placeholder). */
  readonly nonce = `q${randomBytes(6).toString('hex')}`;
  private next = 0;
  private readonly occurrences = new Map<number, Occurrence>();
  private readonly pattern: RegExp;

  constructor(key?: Buffer) {
    super(key);
    this.pattern = new RegExp(`LOUPE_REDACTED\\[([^\\]#\\s]+)#${this.nonce}(\\d+)\\]`, 'g');
  }

  override placeholder(rule: string, identity: string): string {
    const k = ++this.next;
    this.occurrences.set(k, { rule, identity });
    return `LOUPE_REDACTED[${rule}#${this.nonce}${k}]`;
  }

  /** Spans [start, end) of the index-only part (`#nonce…]`) of each placeholder in `text`. */
  privateSpans(text: string): number[] {
    if (!text.includes(this.nonce)) return [];
    const spans: number[] = [];
    this.pattern.lastIndex = 0;
    for (let m = this.pattern.exec(text); m; m = this.pattern.exec(text)) {
      const end = m.index + m[0].length;
      spans.push(end - (m[2]!.length + this.nonce.length + 2), end);
    }
    return spans;
  }

  /** Forgets the occurrences in a text leaving the index. */
  release(text: string): void {
    if (!text.includes(this.nonce)) return;
    this.pattern.lastIndex = 0;
    for (let m = this.pattern.exec(text); m; m = this.pattern.exec(text))
      this.occurrences.delete(Number(m[2]));
  }

  /**
   * `text` with index placeholders in `session`'s numbering; `counts` gains one per placeholder
   * per rule. A session with another key cannot know these values: a local session numbers them.
   */
  render(text: string, session: MaskSession, counts?: Record<string, number>): string {
    if (!text.includes(this.nonce)) return text;
    return text.replace(this.pattern, (_whole, rule: string, k: string) => {
      const o = this.occurrences.get(Number(k));
      if (!o) return `LOUPE_REDACTED[${rule}]`;
      if (counts) counts[rule] = (counts[rule] ?? 0) + 1;
      return session.placeholder(o.rule, o.identity);
    });
  }

  get size(): number {
    return this.occurrences.size;
  }
}
