// Which levels can change a file of a language (the rest come back in full, with a reason).
import { DETAILS } from '@loupe/common';
import { grammarOf, type LanguageId } from '../lang/languages';
import { SYNTAX } from '../syntax/index';
import type { Level } from './types';

export function levelsFor(language: LanguageId | undefined): Level[] {
  const grammar = language && grammarOf(language);
  if (!grammar) return ['full'];
  return SYNTAX[grammar].structure ? [...DETAILS] : ['full', 'compact'];
}
