// The default token counter for caps: the engine's exact o200k_base counter.
import { countTokens } from '../tokens/count';

export type CountTokens = (text: string) => number;

export const countO200k: CountTokens = (text) => countTokens(text, 'o200k_base');
