// A Workspace's focus as saved in Loupe's state (focus/saved.ts): saved on every change, followed
// when another process saved a different one, and damaged saved focus held as damage (the focus
// unknown, agents refused) until a person sets the focus again, here or elsewhere.
import type { Focus, FocusDelta } from '../focus/focus';
import { loadFocus, saveFocus } from '../focus/saved';
import type { DamagedState } from '../state/damage';

export class SavedFocus {
  /** `file`: the saved focus (undefined: kept in memory only); `warnings`: the workspace's own list. */
  constructor(
    private readonly file: string | undefined,
    private readonly focus: Focus,
    private readonly damage: DamagedState,
    private readonly warnings: string[],
  ) {}

  /** Saves the focus as it is now; a focus saved resolves damaged saved focus. */
  save(): void {
    if (!this.file) return;
    try {
      saveFocus(this.file, this.focus.snapshot);
      this.damage.resolve('focus');
    } catch (error) {
      this.warnings.push(`The focus could not be saved (${(error as Error).message}).`);
    }
  }

  /**
   * Follows the saved focus when another process changed it: the rules saved there become this
   * focus. Returns the delta, or undefined when the saved focus is the one held (or none is saved).
   */
  reload(): FocusDelta | undefined {
    if (!this.file) return undefined;
    const saved = loadFocus(this.file);
    if (saved.problem && !this.warnings.includes(saved.problem)) this.warnings.push(saved.problem);
    if (saved.damage) {
      // Damaged since (by another process): fail closed until a person sets the focus again.
      if (!this.damage.get('focus')) this.damage.set('focus', saved.damage);
      return undefined;
    }
    // Damaged here, and another process has set the focus since (or removed the set-aside copy).
    if (this.damage.get('focus')) return this.focus.set(saved.focus ?? { include: [], exclude: [] });
    return saved.focus ? this.focus.adopt(saved.focus) : undefined;
  }

  /** While the saved focus is damaged: another process may have set it since, and this one follows. */
  recheckDamage(): void {
    if (!this.damage.get('focus') || !this.file) return;
    const saved = loadFocus(this.file);
    if (!saved.damage) this.focus.set(saved.focus ?? { include: [], exclude: [] }); // resolves
  }
}
