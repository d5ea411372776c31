// `loupe help` and `loupe help COMMAND`, written from the specs in the registry (no command's
// body is loaded), and the same specs as Markdown: the README's command table and docs/cli.md.
import { flagName, flagSyntax, nearest } from './args';
import { type CommandBody, type CommandSpec, type Flag, GROUPS, UsageError } from './command';
import { VERSION } from './version';

export function usage(spec: CommandSpec): string {
  const args = spec.args.map((a) => `${a.optional ? `[${a.name}]` : a.name}${a.variadic ? '...' : ''}`);
  const options = Object.entries(spec.options).map(
    ([name, flag]) => `[${flagSyntax(name, flag)}]${flag.multiple === 'repeat' ? '...' : ''}`,
  );
  return ['loupe', spec.name, ...args, ...options].join(' ');
}

/** What the option does when it is not given. */
export function defaultOf(flag: Flag): string {
  if (flag.default !== undefined) return flag.default;
  if (flag.unset !== undefined) return flag.unset;
  return flag.value || flag.choices ? 'none' : 'off';
}

export function generalHelp(commands: readonly CommandSpec[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const groups = Object.entries(GROUPS).map(([group, title]) => {
    const rows = commands
      .filter((c) => c.group === group)
      .map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
    return `${title}\n${rows.join('\n')}`;
  });
  return `Loupe ${VERSION}: the focus window for coding agents.

Usage: loupe COMMAND [ARGUMENTS] [OPTIONS]

${groups.join('\n\n')}

\`loupe help COMMAND\` lists a command's arguments and options; \`loupe --version\` prints the version.
`;
}

function optionLines(spec: CommandSpec, name: string, flag: Flag): string[] {
  const syntax = flag.short ? `-${flag.short}, ${flagSyntax(name, flag)}` : flagSyntax(name, flag);
  const more =
    flag.multiple === 'list'
      ? ' (several after one flag, or the flag repeated)'
      : flag.multiple === 'repeat'
        ? ' (repeat the flag for more)'
        : '';
  return [
    `  ${syntax}`,
    `      ${flag.describe}`,
    `      Default: ${defaultOf(flag)}${more}. Example: loupe ${spec.name} ${flag.example}`,
  ];
}

export function commandHelp(spec: CommandSpec): string {
  const args = spec.args.map((a) => `  ${a.name}${a.variadic ? '...' : ''}  ${a.describe}`);
  const options = Object.entries(spec.options).flatMap(([name, flag]) => optionLines(spec, name, flag));
  options.push('  -h, --help', '      Print this help.');
  const parts = [`loupe ${spec.name}: ${spec.summary}`, `Usage: ${usage(spec)}`];
  if (args.length) parts.push(`Arguments:\n${args.join('\n')}`);
  parts.push(`Options:\n${options.join('\n')}`);
  if (spec.examples?.length)
    parts.push(`Examples:\n${spec.examples.map((e) => `  loupe ${spec.name} ${e}`).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

export function helpCommand(commands: readonly CommandSpec[]): CommandBody {
  return {
    async run(positionals, _values, io) {
      const [name] = positionals;
      const spec = commands.find((c) => c.name === name);
      if (name !== undefined && !spec) throw unknownCommand(name, commands);
      io.stdout.write(spec ? commandHelp(spec) : generalHelp(commands));
      return 0;
    },
  };
}

export function unknownCommand(name: string, commands: readonly CommandSpec[]): UsageError {
  const near = nearest(
    name,
    commands.map((c) => c.name),
  );
  return new UsageError(
    `There is no command "${name}"; ${near ? `did you mean ${near}? ` : ''}\`loupe help\` lists the commands.`,
  );
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The README's command table: one row per command, under a row per group as `loupe help` groups them. */
export function commandTable(commands: readonly CommandSpec[]): string {
  const rows = Object.entries(GROUPS).flatMap(([group, title]) => [
    `| **${cell(title)}** | | |`,
    ...commands
      .filter((c) => c.group === group)
      .map((c) => {
        const args = c.args.map((a) => `${a.optional ? `[${a.name}]` : a.name}${a.variadic ? '...' : ''}`);
        const options = Object.keys(c.options).map((o) => `\`${flagName(o)}\``);
        return `| \`${cell(['loupe', c.name, ...args].join(' '))}\` | ${cell(c.summary)} | ${options.join(' ')} |`;
      }),
  ]);
  return ['| command | what it does | options |', '| --- | --- | --- |', ...rows].join('\n');
}

/** docs/cli.md: every command's help, as `loupe help COMMAND` prints it. */
export function referenceDoc(commands: readonly CommandSpec[]): string {
  const sections = commands.map((c) => `## loupe ${c.name}\n\n\`\`\`\n${commandHelp(c)}\`\`\`\n`);
  return `# The \`loupe\` command

Generated from the command specs (apps/cli/src/commands/index.ts) by
\`npm run docs -w apps/cli\`; a test checks it is current. \`loupe help COMMAND\` prints the same.
Errors go to stderr as one sentence with exit code 2. In text output, a file name holding a
control character, \`"\` or \`\\\` is quoted as git quotes it (\`"new\\nline"\`); \`--json\` and
\`loupe ls -z\` give names exactly.

\`\`\`
${generalHelp(commands)}\`\`\`

${sections.join('\n')}`;
}
