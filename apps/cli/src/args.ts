// The command line against a command's spec. Node's util.parseArgs splits the words (`--x=v`,
// `-zj`, `--`); this file checks them against the spec: unknown options (with the nearest name),
// missing values, choices, value conversions and defaults, the number of arguments, and the words
// a list option takes after one flag (`--focus a b c`).
import { parseArgs } from 'node:util';
import { type CommandSpec, type Flag, UsageError, type Values } from './command';

/** `--budget`, or `-z` for a one-letter flag. */
export const flagName = (name: string) => (name.length === 1 ? `-${name}` : `--${name}`);

/** `--budget N|none`, `--format markdown|xml|plain`, `--json`. */
export function flagSyntax(name: string, flag: Flag): string {
  const value = flag.choices ? flag.choices.join('|') : flag.value;
  return value ? `${flagName(name)} ${value}` : flagName(name);
}

export interface Parsed {
  positionals: string[];
  values: Values;
  /** `--help` or `-h` was given: print the command's help instead of running it. */
  help: boolean;
}

function convert(flag: Flag, display: string, raw: string): unknown {
  if (flag.choices && !flag.choices.includes(raw))
    throw new UsageError(`${display} takes one of ${flag.choices.join(', ')}, not "${raw}".`);
  return flag.parse ? flag.parse(raw, display) : raw;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const keep = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = keep;
    }
  }
  return row[b.length]!;
}

/** The name nearest to a mistyped one, if one is near. */
export function nearest(name: string, names: readonly string[]): string | undefined {
  return names
    .map((o) => ({ o, d: distance(name, o) }))
    .filter(
      ({ o, d }) => d <= Math.max(1, Math.floor(o.length / 3)) || (name.length > 1 && o.startsWith(name)),
    )
    .sort((a, b) => a.d - b.d)[0]?.o;
}

function unknown(spec: CommandSpec, raw: string): UsageError {
  const near = nearest(raw.replace(/^-+/, ''), Object.keys(spec.options));
  const hint = near ? `did you mean ${flagName(near)}? ` : '';
  return new UsageError(`There is no option ${raw}; ${hint}\`loupe help ${spec.name}\` lists the options.`);
}

function argsSyntax(spec: CommandSpec): string {
  return spec.args.map((a) => (a.optional ? `[${a.name}]` : a.name) + (a.variadic ? '...' : '')).join(' ');
}

function checkCount(spec: CommandSpec, positionals: string[]): void {
  const required = spec.args.filter((a) => !a.optional).length;
  const most = spec.args.some((a) => a.variadic) ? Infinity : spec.args.length;
  if (positionals.length >= required && positionals.length <= most) return;
  const example = spec.examples?.[0] ? `, e.g. \`loupe ${spec.name} ${spec.examples[0]}\`` : '';
  const given = positionals.length === 1 ? '1 argument' : `${positionals.length} arguments`;
  if (positionals.length < required)
    throw new UsageError(`This command needs ${argsSyntax(spec)}${example}.`);
  if (!spec.args.length) throw new UsageError(`This command takes options only, not ${given}${example}.`);
  throw new UsageError(
    `This command takes ${argsSyntax(spec)}, not ${given} (quote a name with spaces)${example}.`,
  );
}

export function parseCommandLine(spec: CommandSpec, argv: readonly string[]): Parsed {
  const options: NonNullable<Parameters<typeof parseArgs>[0]>['options'] = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, flag] of Object.entries(spec.options))
    options[name] = {
      type: flag.value || flag.choices ? 'string' : 'boolean',
      ...(flag.short ? { short: flag.short } : {}),
      ...(name.length === 1 ? { short: name } : {}),
    };
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Values = {};
  const positionals: string[] = [];
  // --help wins over everything else on the line, mistakes included.
  const end = tokens.findIndex((t) => t.kind === 'option-terminator');
  const help = tokens.some((t, i) => t.kind === 'option' && t.name === 'help' && (end < 0 || i < end));
  if (help) return { positionals, values, help };
  // The list option the next plain words belong to (`--focus a b c`), until the next option.
  let list: string | undefined;
  for (const t of tokens) {
    if (t.kind === 'option-terminator') {
      list = undefined;
      continue;
    }
    if (t.kind === 'positional') {
      if (list) (values[list] as unknown[]).push(convert(spec.options[list]!, flagName(list), t.value));
      else positionals.push(t.value);
      continue;
    }
    list = undefined;
    const flag = spec.options[t.name];
    if (!flag) throw unknown(spec, t.rawName);
    const display = flagName(t.name);
    const takesValue = Boolean(flag.value || flag.choices);
    if (!takesValue) {
      if (t.value !== undefined) throw new UsageError(`${display} takes no value, not "${t.value}".`);
      values[t.name] = true;
      continue;
    }
    // `--budget --json`: the next word is an option, not this one's value.
    if (t.value === undefined || (!t.inlineValue && t.value.startsWith('--'))) {
      const example = flag.example ? `, e.g. \`loupe ${spec.name} ${flag.example}\`` : '';
      throw new UsageError(`${flagSyntax(t.name, flag)} needs a value${example}.`);
    }
    const value = convert(flag, display, t.value);
    if (flag.multiple) {
      values[t.name] = [...((values[t.name] as string[] | undefined) ?? []), value as string];
      if (flag.multiple === 'list' && !t.inlineValue) list = t.name;
    } else values[t.name] = value as Values[string];
  }
  for (const [name, flag] of Object.entries(spec.options))
    if (values[name] === undefined && flag.default !== undefined)
      values[name] = convert(flag, flagName(name), flag.default) as Values[string];
  checkCount(spec, positionals);
  return { positionals, values, help: false };
}
