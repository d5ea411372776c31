// Files and folders operating systems drop into every folder they show. Hidden everywhere, tracked
// or not: they are never part of a project.
const JUNK_FILES = new Set([
  '.ds_store',
  'thumbs.db',
  'ehthumbs.db',
  'ehthumbs_vista.db',
  'desktop.ini',
  'icon\r',
]);
const JUNK_DIRS = new Set([
  '.spotlight-v100',
  '.trashes',
  '.fseventsd',
  '.temporaryitems',
  '.appledouble',
  '$recycle.bin',
  'system volume information',
]);

/** Windows and macOS volumes are case-insensitive, so are these names. */
export function isOsJunk(name: string, isDir: boolean): boolean {
  if (name.length > 25) return false; // longer than any junk name
  return (isDir ? JUNK_DIRS : JUNK_FILES).has(name.toLowerCase());
}
