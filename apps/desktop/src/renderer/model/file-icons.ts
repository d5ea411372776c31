// The icon of a tree row: Material Icon Theme's choice for the file's name (file-icons.generated.ts,
// NOTICE), else for its longest dotted extension, else the plain file icon. Names are project
// data: looked up as own keys only, so `constructor` or `__proto__` is just a name.
import { ICON_BY_EXTENSION, ICON_BY_NAME } from './file-icons.generated';
import './file-icons.generated.css';

const own = (table: Readonly<Record<string, string>>, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

export function iconFor(name: string, dir: boolean, open: boolean): string {
  if (dir) return open ? 'folder-open' : 'folder';
  const lower = name.toLowerCase();
  const byName = own(ICON_BY_NAME, lower);
  if (byName) return byName;
  for (let dot = lower.indexOf('.'); dot >= 0; dot = lower.indexOf('.', dot + 1)) {
    const hit = own(ICON_BY_EXTENSION, lower.slice(dot + 1));
    if (hit) return hit;
  }
  return 'file';
}
