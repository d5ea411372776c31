// Builds corpus files with planted secret values whose exact spans are known.
import { type Rand, rng } from '@loupe/common';

export { type Rand, rng };

export interface Plant {
  start: number;
  end: number;
  /** The value as the format's parser returns it, when it differs from the raw text. */
  parsed?: string;
}

export interface CorpusFile {
  path: string;
  text: string;
  plants: Plant[];
  /** Which parser checks structure equivalence. */
  parse?: 'json' | 'yaml' | 'toml' | 'env' | 'xml' | 'ini' | 'properties' | 'code';
}

export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
/** Picks without repeating (keys must stay unique inside one mapping). */
export function picker<T>(r: Rand, xs: readonly T[]): () => T {
  const left = [...xs];
  return () => left.splice(Math.floor(r() * left.length), 1)[0]!;
}
export const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A random secret: mixed-case letters and digits plus `extra` characters, never a placeholder
 * word. `safe` = URI/YAML-plain-safe alphabet.
 */
export function secret(r: Rand, extra = '-_.', length = int(r, 14, 28)): string {
  const alphabet = ALNUM + extra;
  let s = pick(r, [...ALNUM.slice(0, 24)]);
  while (s.length < length) s += alphabet[Math.floor(r() * alphabet.length)];
  // Keep a digit and a lower-case letter so no value is a plain word.
  return `${s}${int(r, 0, 9)}q`;
}

export class Builder {
  text = '';
  plants: Plant[] = [];
  add(...parts: string[]): this {
    this.text += parts.join('');
    return this;
  }
  /** Appends a planted value. */
  plant(value: string, parsed?: string): this {
    this.plants.push({ start: this.text.length, end: this.text.length + value.length, parsed });
    this.text += value;
    return this;
  }
  file(path: string, parse?: CorpusFile['parse']): CorpusFile {
    return { path, text: this.text, plants: this.plants, parse };
  }
}

/** A PEM-like private key body of `lines` base64 lines (random, not a real key). */
export function keyBody(r: Rand, lines: number, sep = '\n'): string {
  const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    let l = i === 0 ? 'MIIEpAIBAAKCAQEA' : '';
    while (l.length < 64) l += b64[Math.floor(r() * 64)];
    out.push(l);
  }
  return out.join(sep);
}
