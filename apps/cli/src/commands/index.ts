// The registry of subcommands; `loupe help` lists them in this order.
import type { Command } from '../command';
import { ls } from './ls';

export const commands: Command[] = [ls];
