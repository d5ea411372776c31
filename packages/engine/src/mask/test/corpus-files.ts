// The format corpus: ≥ 150 generated files across every format of the format tier, each with
// planted values (exact spans known), decoys that must stay (references, placeholders, types,
// non-secret keys) and ordinary content.
import { type CorpusFile, type Rand, rng } from './corpus-builder';
import { code, dockerfile, http, ini, keys, netrc, npmrc, pgpass, properties } from './corpus-lines';
import { env, json, toml, xml, yaml } from './corpus-structured';

const GENERATORS: Array<[(r: Rand, i: number) => CorpusFile, number]> = [
  [env, 20],
  [json, 20],
  [yaml, 25],
  [toml, 12],
  [xml, 15],
  [ini, 10],
  [properties, 10],
  [npmrc, 6],
  [netrc, 6],
  [pgpass, 6],
  [http, 8],
  [dockerfile, 10],
  [keys, 12],
  [code, 16],
];

export function formatCorpus(seed = 20261129): CorpusFile[] {
  const r = rng(seed);
  return GENERATORS.flatMap(([gen, n]) => Array.from({ length: n }, (_, i) => gen(r, i)));
}
