// The default token counter for caps: exact o200k_base counts from js-tiktoken, the encoder built
// on first use (building it takes a few hundred milliseconds; most renderings never need it).
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';

export type CountTokens = (text: string) => number;

let encoder: Tiktoken | undefined;

export const countO200k: CountTokens = (text) => {
  encoder ??= new Tiktoken(o200k);
  return encoder.encode(text).length;
};
