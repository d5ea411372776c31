// Files and folders operating systems drop into every folder they show. Hidden everywhere, tracked
// or not: they are never part of a project. Windows and macOS volumes are case-insensitive, so are
// these names. One native regex test per entry (see markers.ts: cold listings are interpreted).
const JUNK_FILE = /^(?:\.ds_store|thumbs\.db|ehthumbs\.db|ehthumbs_vista\.db|desktop\.ini|icon\r)$/i;
const JUNK_DIR =
  /^(?:\.spotlight-v100|\.trashes|\.fseventsd|\.temporaryitems|\.appledouble|\$recycle\.bin|system volume information)$/i;

export function isOsJunk(name: string, isDir: boolean): boolean {
  return (isDir ? JUNK_DIR : JUNK_FILE).test(name);
}
