// Languages without function bodies: only comments are stripped, and blank lines outside
// strings and block scalars removed.
import type { SyntaxSpec } from './spec';

export const css: SyntaxSpec = { comments: ['comment', 'js_comment'], strings: ['string_value'] };
export const html: SyntaxSpec = { comments: ['comment'], strings: ['raw_text'] };
export const json: SyntaxSpec = { comments: ['comment'], strings: ['string'] };
export const yaml: SyntaxSpec = {
  comments: ['comment'],
  strings: ['block_scalar', 'double_quote_scalar', 'single_quote_scalar', 'plain_scalar'],
};
export const toml: SyntaxSpec = { comments: ['comment'], strings: ['string'] };
export const ini: SyntaxSpec = { comments: ['comment'], strings: [] };
export const powershell: SyntaxSpec = {
  comments: ['comment'],
  strings: ['string_literal', 'expandable_string_literal', 'expandable_here_string_literal'],
};
