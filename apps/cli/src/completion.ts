// `loupe completion bash|zsh|fish`: a completion script written from the command specs, the same
// metadata `loupe help` prints: command names, each command's options, the values of enumerated
// options and arguments, and files or folders where a path goes.
import { flagName } from './args';
import type { Arg, CommandBody, CommandSpec, Completion, Flag } from './command';

type Kind = { choices: readonly string[] } | Completion;

function kindOf(x: Arg | Flag, commands: readonly CommandSpec[]): Kind {
  if (x.choices) return { choices: x.choices };
  if (x.complete === 'command') return { choices: commands.map((c) => c.name) };
  return x.complete ?? 'file';
}

const takesValue = (flag: Flag) => Boolean(flag.value || flag.choices);

/** Every option of a command, -h/--help included: [written name, flag]. */
function flagsOf(spec: CommandSpec): Array<[string, Flag]> {
  const help: Flag = { describe: 'Print this help.', example: '--help' };
  return [
    ...Object.entries(spec.options).map(([n, f]) => [flagName(n), f] as [string, Flag]),
    ['--help', help],
    ['-h', help],
  ];
}

// ---- bash ----

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function bashReply(kind: Kind): string {
  if (typeof kind === 'object') return `COMPREPLY=($(compgen -W ${sq(kind.choices.join(' '))} -- "$cur"))`;
  if (kind === 'file') return '_loupe_paths -f';
  if (kind === 'dir') return '_loupe_paths -d';
  return 'COMPREPLY=()';
}

function bash(commands: readonly CommandSpec[]): string {
  const setup = commands.map((c) => {
    const flags = flagsOf(c);
    const valued = flags.filter(([, f]) => takesValue(f)).map(([n]) => n);
    const lists = flags.filter(([, f]) => f.multiple === 'list').map(([n]) => n);
    return `    ${c.name}) options=${sq(flags.map(([n]) => n).join(' '))} valued=${sq(valued.join(' '))} lists=${sq(lists.join(' '))} ;;`;
  });
  const values = commands.flatMap((c) =>
    flagsOf(c)
      .filter(([, f]) => takesValue(f))
      .map(([n, f]) => `    ${sq(`${c.name} ${n}`)}) ${bashReply(kindOf(f, commands))} ;;`),
  );
  const args = commands.flatMap((c) =>
    // A variadic argument is the last: its pattern takes every count the ones before did not.
    c.args.map(
      (a, i) =>
        `    ${a.variadic ? `${sq(`${c.name} `)}*` : sq(`${c.name} ${i}`)}) ${bashReply(kindOf(a, commands))} ;;`,
    ),
  );
  const top = [...commands.map((c) => c.name), '--help', '--version'].join(' ');
  return `# loupe completion for bash (\`loupe completion bash\`). Install:
#   loupe completion bash > ~/.local/share/bash-completion/completions/loupe
# or add to ~/.bashrc:  source <(loupe completion bash)

_loupe_paths() {
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen "$1" -- "$cur"))
}

# The value of option $2 of command $1.
_loupe_value() {
  case "$1 $2" in
${values.join('\n')}
  esac
}

# Argument $2 (from 0) of command $1.
_loupe_arg() {
  case "$1 $2" in
${args.join('\n')}
  esac
}

_loupe() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} last=$COMP_CWORD inline=
  COMPREPLY=()
  # bash splits --flag=value into --flag, =, value: complete the value of --flag.
  if [[ $cur == = ]]; then cur= inline=1 last=$((COMP_CWORD - 1))
  elif [[ $prev == = ]]; then prev=\${COMP_WORDS[COMP_CWORD-2]} inline=1 last=$((COMP_CWORD - 2))
  fi
  if (( COMP_CWORD == 1 )); then
    COMPREPLY=($(compgen -W ${sq(top)} -- "$cur"))
    return
  fi
  local command=\${COMP_WORDS[1]} options valued lists
  case $command in
${setup.join('\n')}
    *) return ;;
  esac
  if [[ -n $inline || " $valued " == *" $prev "* ]]; then
    _loupe_value "$command" "$prev"
    return
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
    return
  fi
  # Count the arguments before this word: option values and the words of a list option are not.
  local i=2 n=0 word list=
  while (( i < last )); do
    word=\${COMP_WORDS[i]}
    if [[ \${COMP_WORDS[i+1]} == = ]]; then
      list= ; (( i += 3 )); continue
    fi
    case $word in
      -*) list=
          [[ " $lists " == *" $word "* ]] && list=$word
          [[ " $valued " == *" $word "* ]] && (( i++ )) ;;
      *) [[ -n $list ]] || (( n++ )) ;;
    esac
    (( i++ ))
  done
  if [[ -n $list ]]; then
    _loupe_value "$command" "$list"
  else
    _loupe_arg "$command" "$n"
  fi
}

complete -F _loupe loupe
`;
}

// ---- zsh ----

/** Text inside a single-quoted _arguments spec: quotes closed and reopened, brackets escaped. */
const zq = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/'/g, `'\\''`)
    .replace(/([[\]:])/g, '\\$1');

function zshAction(kind: Kind): string {
  if (typeof kind === 'object') return `(${kind.choices.join(' ')})`;
  if (kind === 'file') return '_files';
  if (kind === 'dir') return '_files -/';
  return ' ';
}

function zshSpecs(spec: CommandSpec, commands: readonly CommandSpec[]): string[] {
  const out = flagsOf(spec).map(([n, f]) => {
    const repeat = f.multiple ? '*' : '';
    const desc = `[${zq(f.describe)}]`;
    if (!takesValue(f)) return `'${repeat}${n}${desc}'`;
    const long = n.startsWith('--');
    return `'${repeat}${n}${long ? '=' : '+'}${desc}:${zq(f.value ?? 'value')}:${zshAction(kindOf(f, commands))}'`;
  });
  spec.args.forEach((a, i) => {
    const pos = a.variadic ? '*' : `${i + 1}`;
    out.push(
      `'${pos}:${a.optional && !a.variadic ? ':' : ''}${zq(a.name)}:${zshAction(kindOf(a, commands))}'`,
    );
  });
  return out;
}

function zsh(commands: readonly CommandSpec[]): string {
  const names = commands.map(
    (c) => `    '${zq(c.name)}:${c.summary.replace(/'/g, `'\\''`).replace(/:/g, '\\:')}'`,
  );
  const cases = commands.map(
    (c) => `    ${c.name}) _arguments -S \\\n      ${zshSpecs(c, commands).join(' \\\n      ')} ;;`,
  );
  return `#compdef loupe
# loupe completion for zsh (\`loupe completion zsh\`). Install: write it as _loupe into a folder
# of $fpath before compinit runs, e.g.  loupe completion zsh > ~/.zfunc/_loupe
# or, after compinit in ~/.zshrc:  source <(loupe completion zsh)

_loupe() {
  local -a commands
  commands=(
${names.join('\n')}
  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'loupe command' commands
    _arguments '--help[Print the commands]' '--version[Print the version]'
    return
  fi
  local command=$words[2]
  shift words
  (( CURRENT-- ))
  case $command in
${cases.join('\n')}
  esac
}

if [[ $funcstack[1] == _loupe ]]; then
  _loupe "$@"
else
  compdef _loupe loupe
fi
`;
}

// ---- fish ----

const fq = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function fishValue(kind: Kind): string {
  if (typeof kind === 'object') return `-x -a ${fq(kind.choices.join(' '))}`;
  if (kind === 'file') return '-r -F';
  if (kind === 'dir') return "-x -a '(__fish_complete_directories)'";
  return '-x';
}

function fish(commands: readonly CommandSpec[]): string {
  const lines: string[] = [];
  for (const c of commands) {
    lines.push(`complete -c loupe -n __loupe_no_command -a ${c.name} -d ${fq(c.summary)}`);
    for (const [n, f] of flagsOf(c)) {
      const name = n.startsWith('--') ? `-l ${n.slice(2)}` : `-s ${n.slice(1)}`;
      const value = takesValue(f) ? ` ${fishValue(kindOf(f, commands))}` : '';
      lines.push(`complete -c loupe -n '__loupe_using ${c.name}' ${name}${value} -d ${fq(f.describe)}`);
    }
    const kinds = new Set(c.args.map((a) => kindOf(a, commands)));
    for (const kind of kinds) {
      if (kind === 'none') continue;
      const what =
        typeof kind === 'object'
          ? `-a ${fq(kind.choices.join(' '))}`
          : kind === 'dir'
            ? "-a '(__fish_complete_directories)'"
            : '-F';
      lines.push(`complete -c loupe -n '__loupe_using ${c.name}' ${what}`);
    }
  }
  return `# loupe completion for fish (\`loupe completion fish\`). Install:
#   loupe completion fish > ~/.config/fish/completions/loupe.fish

function __loupe_no_command
    test (count (commandline -opc)) -eq 1
end

function __loupe_using
    set -l words (commandline -opc)
    test (count $words) -ge 2; and test "$words[2]" = $argv[1]
end

complete -c loupe -f
complete -c loupe -n __loupe_no_command -l help -d 'Print the commands'
complete -c loupe -n __loupe_no_command -l version -d 'Print the version'
${lines.join('\n')}
`;
}

const SCRIPTS = { bash, zsh, fish } as const;

export function completionScript(shell: keyof typeof SCRIPTS, commands: readonly CommandSpec[]): string {
  return SCRIPTS[shell](commands);
}

export function completionCommand(commands: readonly CommandSpec[]): CommandBody {
  return {
    async run([shell], _values, io) {
      io.stdout.write(completionScript(shell as keyof typeof SCRIPTS, commands));
      return 0;
    },
  };
}
