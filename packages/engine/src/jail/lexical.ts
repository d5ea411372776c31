// The lexical half of the path jail: turns a path an agent sent into a project path, or refuses it
// with the reason a person would give. No file system access; the root is not even needed.
import type { RelPath } from '../types';

export type LexicalRefusal =
  | 'not-a-string'
  | 'too-long'
  | 'nul'
  | 'url'
  | 'absolute'
  | 'drive'
  | 'unc'
  | 'device'
  | 'home'
  | 'escape';

export type LexicalResult =
  | { ok: true; path: RelPath; absoluteHint?: undefined }
  | { ok: false; code: LexicalRefusal; reason: string };

const MAX_LENGTH = 4096;

// CON, PRN, AUX, NUL, COM0-9, LPT0-9 (and the superscript digits Windows also reserves), CONIN$,
// CONOUT$: reserved in every folder and with any extension (`nul.txt` is the device too).
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$|clock\$)$/i;

/** The Windows device name a segment stands for, if any (`NUL.txt ` -> `NUL`). */
export function deviceName(segment: string): string | undefined {
  const stem = segment
    .replace(/[. ]+$/, '')
    .split('.')[0]!
    .replace(/ +$/, '');
  return DEVICE.test(stem) ? stem : undefined;
}

const refuse = (code: LexicalRefusal, reason: string): LexicalResult => ({ ok: false, code, reason });

/**
 * Normalizes `input` to a project path (`/` separators, no `.` or `..` segments, no leading or
 * trailing slash; '' is the root) or refuses it. Backslashes count as separators here, so a
 * Windows-style escape (`..\..\x`) is refused on every platform; the caller may still look up the
 * literal name first when the index holds names with backslashes.
 */
export function lexicalPath(input: unknown): LexicalResult {
  if (typeof input !== 'string') return refuse('not-a-string', 'The path must be a string.');
  if (input.length > MAX_LENGTH)
    return refuse('too-long', `The path is ${input.length} characters long; no project path is that long.`);
  if (input.includes('\0'))
    return refuse('nul', 'The path contains a NUL byte, which no file name can hold.');
  const raw = input.trim() === input ? input : input.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw))
    return refuse('url', 'The path is a URL; give a path relative to the project root, like "src/app.ts".');
  if (/^[\\/]{2}[?.][\\/]/.test(raw))
    return refuse(
      'device',
      'The path is a Windows device path (\\\\?\\ or \\\\.\\); only project paths are served.',
    );
  if (/^[\\/]{2}[^\\/]/.test(raw))
    return refuse('unc', 'The path is a network (UNC) path; only paths inside the project are served.');
  if (/^[a-z]:/i.test(raw))
    return refuse('drive', 'The path names a Windows drive; give a path relative to the project root.');
  if (/^[\\/]/.test(raw))
    return refuse(
      'absolute',
      'The path is absolute; give it relative to the project root, like "src/app.ts".',
    );
  const segments = raw.split(/[\\/]+/);
  if (/^~/.test(segments[0]!) && (segments[0] === '~' || segments.length > 1 || !segments[0]!.includes('.')))
    return refuse(
      'home',
      'The path starts with "~" (a home folder); give a path relative to the project root.',
    );
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (!out.length)
        return refuse(
          'escape',
          'The path climbs above the project root with ".."; only files inside the root are served.',
        );
      out.pop();
      continue;
    }
    // `...` and longer are "up several levels" on some shells and old Windows versions.
    if (/^\.{3,}$/.test(segment))
      return refuse(
        'escape',
        `The segment ${JSON.stringify(segment)} is not a folder name; only files inside the root are served.`,
      );
    const device = deviceName(segment);
    if (device)
      return refuse(
        'device',
        `${JSON.stringify(segment)} names the Windows device ${device.toUpperCase()}, not a file.`,
      );
    if (/^[a-z]:/i.test(segment) || segment.includes(':$') || /::\$/.test(segment))
      return refuse(
        'drive',
        `The segment ${JSON.stringify(segment)} names a drive or a stream, not a project path.`,
      );
    out.push(segment);
  }
  return { ok: true, path: out.join('/') };
}

/** The project path an absolute path stands for when it lies inside `root` (for a ready retry). */
export function relativeInside(input: string, root: string, sep = '/'): RelPath | undefined {
  const norm = (p: string) => p.replace(/[\\/]+/g, '/').replace(/\/+$/, '');
  const r = norm(root);
  const p = norm(input.trim());
  const caseless = sep === '\\';
  const [pc, rc] = caseless ? [p.toLowerCase(), r.toLowerCase()] : [p, r];
  if (pc === rc) return '';
  if (!pc.startsWith(`${rc}/`)) return undefined;
  const rest = lexicalPath(p.slice(r.length + 1));
  return rest.ok ? rest.path : undefined;
}
