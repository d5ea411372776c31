// A Workspace's links, judged again as the index changes: a link follows its target's verdict
// (the target hidden, shown, grown too large) without an event under the link's own name, and a
// partial walk judged its links against only the folders it read (scan/links.ts judges).
import { hiddenAt, judgeLink, type LinkView, sameVerdict } from '../scan/links';
import type { HiddenEntry, RelPath } from '../types';
import type { IndexUpdate } from '../watch/plan';
import type { FileIndex } from './file-index';

/** What a link is judged against: the index and the hidden entries as they are now. */
export function indexLinkView(
  index: FileIndex,
  hiddenByPath: ReadonlyMap<RelPath, HiddenEntry>,
  ignoreCase: boolean,
): LinkView {
  let byLower: Map<string, RelPath> | undefined;
  return {
    file: (p) => index.get(p),
    hidden: (p) => hiddenAt(hiddenByPath, p),
    ...(ignoreCase
      ? {
          folded: (lower: string) => {
            byLower ??= new Map(index.all().map((e) => [e.path.toLowerCase(), e.path]));
            return byLower.get(lower);
          },
        }
      : {}),
  };
}

/** Judges every link of `index` again against `view`; changed links join `u.changed`. */
export function judgeLinksAgain(index: FileIndex, view: () => LinkView, u: IndexUpdate): void {
  const links = [...index.links()].map((p) => index.get(p)!).filter((e) => e.target !== undefined);
  if (!links.length) return;
  const against = view();
  const changed = new Set(u.changed);
  const added = new Set(u.added);
  for (const link of links) {
    const judged = judgeLink(link, against);
    if (sameVerdict(link, judged)) continue;
    index.upsert(judged);
    if (!changed.has(link.path) && !added.has(link.path)) u.changed.push(link.path);
  }
}
