// The running window's bridge (set once at start-up).
import type { Bridge } from './bridge';

let current: Bridge | undefined;

export function setBridge(b: Bridge): void {
  current = b;
}

export function bridge(): Bridge {
  if (!current) throw new Error('The window has not started yet.');
  return current;
}
