// The window's own phrases: the focus line and times. Numbers and plurals are @loupe/common's, so
// the window writes `34.1k tokens` and `1,234 files` exactly as the agents' live context does.
import { compactCount, plural } from '@loupe/common';

/** `12 files · 34.1k tokens of 1.2M` */
export function focusLine(s: {
  files: number;
  tokens: number;
  totalTokens: number;
  everything: boolean;
}): string {
  const core = `${plural(s.files, 'file')} · ${compactCount(s.tokens)} tokens of ${compactCount(s.totalTokens)}`;
  return s.everything ? `Nothing ticked: whole project, ${core}` : core;
}

export function formatTime(ms: number): string {
  const d = new Date(ms);
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
