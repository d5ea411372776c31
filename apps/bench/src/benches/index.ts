// Every benchmark, in the order `npm run bench` runs them. `npm run bench -- NAME...` runs a subset.
import type { Bench } from '../harness';
import { agentBench } from './agent';
import { compressBench } from './compress';
import { listingBench } from './listing';
import { maskBench } from './mask';
import { maskCompareBench } from './mask-compare';
import { maskFpBench } from './mask-fp';
import { mcpBench } from './mcp';
import { packBench } from './pack';
import { scaleBench } from './scale';
import { searchBench } from './search';
import { smart } from './smart';
import { tokenizersBench } from './tokenizers';
import { tokensBench } from './tokens';
import { treeBench } from './tree';
import { watchBench } from './watch';
import { windowBench } from './window';

export const benches: Bench[] = [
  listingBench,
  tokensBench,
  tokenizersBench,
  treeBench,
  smart,
  maskBench,
  maskFpBench,
  maskCompareBench,
  compressBench,
  mcpBench,
  packBench,
  agentBench,
  scaleBench,
  searchBench,
  watchBench,
  windowBench,
];
