import { describe, expect, it } from 'vitest';
import { carriesFiles, dropOutcome } from './folder-drop';

const file = (name: string) => new File([], name);

describe('dropping a folder on the window', () => {
  it('opens the path Electron gives for the first item', () => {
    const seen: string[] = [];
    const paths = {
      pathFor: (f: File) => {
        seen.push(f.name);
        return `/home/me/${f.name}`;
      },
    };
    expect(dropOutcome([file('app'), file('other')], paths)).toEqual({ path: '/home/me/app' });
    expect(seen).toEqual(['app']);
  });

  it('in a browser (no path for a dropped item), says how to open a folder instead', () => {
    expect(dropOutcome([file('app')], undefined)).toEqual({
      problem: expect.stringMatching(
        /^A browser page cannot see where a dropped folder is on disk: use Open folder…/,
      ),
    });
  });

  it('an item with no path on disk, or nothing dropped', () => {
    expect(dropOutcome([file('pasted.png')], { pathFor: () => '' })).toEqual({
      problem: 'Loupe could not tell where “pasted.png” is on disk; use Open folder… instead.',
    });
    expect(dropOutcome([], { pathFor: () => '/x' })).toBeNull();
    expect(carriesFiles(['text/plain'])).toBe(false);
    expect(carriesFiles(['Files'])).toBe(true);
  });
});
