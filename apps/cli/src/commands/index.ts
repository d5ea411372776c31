// The registry of subcommands; `loupe help` lists them in this order.
import type { Command } from '../command';
import { bridge } from './bridge';
import { compressCommand } from './compress';
import { ls } from './ls';
import { mask } from './mask';
import { mcp } from './mcp';
import { pack } from './pack';
import { receipts } from './receipts';
import { related } from './related';
import { searchCommand } from './search';
import { serve } from './serve';
import { symbols } from './symbols';
import { tokens } from './tokens';
import { tree } from './tree';

export const commands: Command[] = [
  ls,
  tree,
  tokens,
  mask,
  compressCommand,
  pack,
  searchCommand,
  symbols,
  related,
  mcp,
  bridge,
  receipts,
  serve,
];
