import { describe, expect, it } from 'vitest';
import { focusLine } from './format';

describe('format', () => {
  it('writes the focus summary line', () => {
    expect(focusLine({ files: 12, tokens: 34_100, totalTokens: 1_200_000, everything: false })).toBe(
      '12 files · 34.1k tokens of 1.2M',
    );
    expect(focusLine({ files: 1, tokens: 5, totalTokens: 5, everything: true })).toBe(
      'Nothing ticked: whole project, 1 file · 5 tokens of 5',
    );
  });
});
