// The window's size, position and maximized state, remembered in Loupe's state folder (atomic
// write with a backup; a corrupt file is set aside and the defaults are used).
import path from 'node:path';
import { readState, writeState } from '@loupe/engine/state/state-file';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

const DEFAULTS: WindowState = { width: 1200, height: 800, maximized: false };

const valid = (raw: unknown): WindowState | undefined => {
  const r = raw as Partial<WindowState> | null;
  const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  if (!r || !num(r.width) || !num(r.height) || typeof r.maximized !== 'boolean') return undefined;
  if ((r.x !== undefined && !num(r.x)) || (r.y !== undefined && !num(r.y))) return undefined;
  return r as WindowState;
};

export function loadWindowState(stateDir: string): { state: WindowState; problem?: string } {
  const read = readState(path.join(stateDir, 'window.json'), valid);
  return { state: { ...DEFAULTS, ...read.value }, ...(read.problem ? { problem: read.problem } : {}) };
}

export function saveWindowState(stateDir: string, state: WindowState): void {
  try {
    writeState(path.join(stateDir, 'window.json'), state);
  } catch {
    // losing the window position is not worth an error message
  }
}
