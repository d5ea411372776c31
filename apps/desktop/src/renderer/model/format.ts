// Numbers as the window shows them: `12.3k` tokens, `1.2M`, sizes in KB/MB.

const trim = (s: string) => s.replace(/\.0$/, '');

export function formatTokens(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 100_000) return `${trim((n / 1000).toFixed(1))}k`;
  if (n < 999_500) return `${Math.round(n / 1000)}k`;
  if (n < 100_000_000) return `${trim((n / 1_000_000).toFixed(1))}M`;
  return `${Math.round(n / 1_000_000)}M`;
}

/** `12,345`. Not toLocaleString: Chromium's first call builds an ICU formatter (~100 ms). */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.round(Math.abs(n)));
  let out = '';
  for (let i = digits.length; i > 0; i -= 3)
    out = (i > 3 ? ',' : '') + digits.slice(Math.max(0, i - 3), i) + out;
  return sign + out;
}

/** `12 files · 34.1k tokens of 1.2M` */
export function focusLine(s: {
  files: number;
  tokens: number;
  totalTokens: number;
  everything: boolean;
}): string {
  const files = `${formatCount(s.files)} ${s.files === 1 ? 'file' : 'files'}`;
  const core = `${files} · ${formatTokens(s.tokens)} tokens of ${formatTokens(s.totalTokens)}`;
  return s.everything ? `Nothing ticked: whole project, ${core}` : core;
}

export function formatTime(ms: number): string {
  const d = new Date(ms);
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
