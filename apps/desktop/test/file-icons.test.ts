// The window's file-type icons are what scripts/file-icons.ts generates from the icon set.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CSS_FILE, generate, ICONS, TS_FILE } from '../scripts/file-icons';

describe('file-type icons', () => {
  it('are generated from the icon set as the script writes them (run `npm run icons -w apps/desktop`)', () => {
    const { css, ts } = generate();
    expect(ICONS.length).toBeGreaterThan(90);
    expect(readFileSync(TS_FILE, 'utf8')).toBe(ts);
    expect(readFileSync(CSS_FILE, 'utf8')).toBe(css);
    // every icon a table names has its picture
    const named = new Set([...ts.matchAll(/: "([\w-]+)"/g)].map((m) => m[1]));
    for (const icon of named) expect(css).toContain(`[data-icon='${icon}']`);
  });
});
