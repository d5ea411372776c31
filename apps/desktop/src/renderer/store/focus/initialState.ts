import type { FocusPreset, GitFiles } from '@loupe/common';

export interface FocusToolsState {
  /** The open project's presets, by name. */
  presets: FocusPreset[];
  /** What git lists as changed now and on this branch (null until loaded). */
  git: GitFiles | null;
  /** A command running (its button waits). */
  busy: string | null;
}

export const initialFocusToolsState: FocusToolsState = { presets: [], git: null, busy: null };
