// Folder totals for the tree: a folder's count is the sum of the visible files beneath it.

/**
 * Sums file counts into every ancestor folder of each path (`/` separators, relative to the
 * root). The root folder is the key ''. Files themselves are not in the result.
 */
export function sumByFolder(files: Iterable<[path: string, tokens: number]>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const [file, tokens] of files) {
    totals.set('', (totals.get('') ?? 0) + tokens);
    for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) {
      const folder = file.slice(0, at);
      totals.set(folder, (totals.get(folder) ?? 0) + tokens);
    }
  }
  return totals;
}
