// Damaged state that decides what agents see (the saved focus, the saved show/hide overrides),
// held per open project until a person resolves it. While the focus is damaged, nothing is in the
// focus; while the overrides are, no agent gets any file: Loupe cannot tell what the person hid.
// What resolves it: saving that state again (ticking in the window, a show/hide change in the
// window or with `--show/--hide/--unset`), or removing the set-aside copy (docs/security.md).
import path from 'node:path';
import { Emitter } from '../util/emitter';
import type { StateDamage } from './state-file';

export type DamageKind = 'focus' | 'overrides';

const WHAT: Record<DamageKind, { name: string; was: string }> = {
  focus: { name: 'The saved focus', was: 'was' },
  overrides: { name: 'The saved show/hide choices', was: 'were' },
};

const RESOLVE: Record<DamageKind, (file: string) => string> = {
  focus: (file) =>
    `Loupe cannot tell what you ticked, so agents get nothing focus-scoped until you set the focus again: tick in the Loupe window (or press "Keep as shown" there), or remove ${file} to start with nothing ticked.`,
  overrides: (file) =>
    `Loupe cannot tell which files you hid, so agents get no files until you save them again: hide or show a path in the Loupe window or with \`loupe ls DIR --hide PATH\`, press "Start with none" there, or remove ${file} to start with none.`,
};

/** One sentence for a person (the window's banner, a CLI error): what, why, and how to resolve it. */
export function damageNotice(kind: DamageKind, d: StateDamage): string {
  const { name, was } = WHAT[kind];
  const file = path.basename(d.file);
  const moved = d.aside !== d.file;
  const what = d.earlier
    ? `${name} (${file}) ${was} damaged and set aside as ${d.aside}, and ${was === 'was' ? 'has' : 'have'} not been saved since.`
    : `${name} (${file}) could not be read (${d.reason})${moved ? ` and ${was} set aside as ${d.aside}` : ''}.`;
  return `${what} ${RESOLVE[kind](moved ? 'that copy' : d.file)}`;
}

export class DamagedState {
  private readonly items = new Map<DamageKind, StateDamage>();
  private readonly changed = new Emitter<void>();
  /** Damage was found or resolved. */
  readonly onDidChange = this.changed.event;

  set(kind: DamageKind, damage: StateDamage): void {
    this.items.set(kind, damage);
    this.changed.fire();
  }

  /** The person saved that state again (or removed the set-aside copy). */
  resolve(kind: DamageKind): void {
    if (this.items.delete(kind)) this.changed.fire();
  }

  get(kind: DamageKind): StateDamage | undefined {
    return this.items.get(kind);
  }

  get kinds(): DamageKind[] {
    return [...this.items.keys()].sort();
  }

  get size(): number {
    return this.items.size;
  }

  /** The sentence for a person about one kind of damage (undefined when there is none). */
  notice(kind: DamageKind): string | undefined {
    const d = this.items.get(kind);
    return d && damageNotice(kind, d);
  }

  /** The sentences for a person, one per damaged file. */
  notices(): string[] {
    return this.kinds.map((k) => this.notice(k)!);
  }
}
