// Finding the query in one indexed file: a literal (literal.ts) or an RE2 regular expression
// (regex.ts).
import { LoupeError } from '../errors';
import type { Matcher } from './found';
import { literalMatcher } from './literal';
import { regexMatcher } from './regex';

export type { FileMatches, Matcher } from './found';
export { LiteralSearch, literalMatcher } from './literal';
export { regexMatcher, requiredLiteral } from './regex';

export const MAX_QUERY = 1000;

export function matcherFor(query: string, regex: boolean): Matcher {
  if (!query) throw new LoupeError('invalid-argument', 'The search query is empty; give the text to find.');
  if (query.length > MAX_QUERY)
    throw new LoupeError(
      'invalid-argument',
      `The search query is ${query.length} characters long; search for at most ${MAX_QUERY} (a distinctive part is enough).`,
    );
  return regex ? regexMatcher(query) : literalMatcher(query);
}
