import { describe, expect, it } from 'vitest';
import { focusLine, formatTokens } from './format';

describe('format', () => {
  it('shows token counts as the window does', () => {
    expect(
      [0, 999, 1000, 1234, 12_345, 99_949, 123_456, 999_499, 999_500, 1_234_567, 123_456_789].map(
        formatTokens,
      ),
    ).toEqual(['0', '999', '1k', '1.2k', '12.3k', '99.9k', '123k', '999k', '1M', '1.2M', '123M']);
  });
  it('writes the focus summary line', () => {
    expect(focusLine({ files: 12, tokens: 34_100, totalTokens: 1_200_000, everything: false })).toBe(
      '12 files · 34.1k tokens of 1.2M',
    );
    expect(focusLine({ files: 1, tokens: 5, totalTokens: 5, everything: true })).toBe(
      'Nothing ticked: whole project, 1 file · 5 tokens of 5',
    );
  });
});
