// The registry of subcommands; `loupe help` lists them in this order.
import type { Command } from '../command';

export const commands: Command[] = [];
