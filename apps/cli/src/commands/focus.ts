// loupe focus DIR: the saved focus of a project, read and steered from scripts and editors. With
// no option it prints the focus; --load, --clear, --set, --add and --remove change it (in that
// order) and --save keeps the result as a named preset. Changes are saved in Loupe's state, the
// one source of the focus: the open window and connected agents follow on their next look.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cleanPath, type FocusRules, groupDigits, toggleRules } from '@loupe/common';
import {
  defaultStateDir,
  deletePreset,
  type FocusPreset,
  type FocusSnapshot,
  focusFile,
  getPreset,
  loadFocus,
  loadPresets,
  renamePreset,
  resolveRoot,
  savePreset,
  updateSavedFocus,
} from '@loupe/engine';
import { defineCommand, type Io, UsageError, type Values } from '../command';
import { oneLine, quoteName } from '../quote';

const list = (v: Values[string]): string[] | undefined =>
  v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map(String);

const inside = (rel: string) => !rel.startsWith('..') && !path.isAbsolute(rel);
const onDisk = (root: string, rel: string) => existsSync(path.join(root, ...rel.split('/').filter(Boolean)));

/**
 * A path as the focus holds it (relative to the project, `/`-separated). Given relative to the
 * project, or from the working folder into it (as `loupe pack --focus` takes them).
 */
function projectPath(raw: string, root: string, cwd: string, mustExist: boolean): string {
  const fromCwd = path.relative(root, path.resolve(cwd, raw)).split(path.sep).join('/');
  const given = cleanPath(raw);
  const candidates = path.isAbsolute(raw) ? [fromCwd] : [given, fromCwd];
  const found = candidates.find((c) => inside(c) && !c.split('/').includes('..') && onDisk(root, c));
  if (found !== undefined) return found;
  const first = candidates[0]!;
  if (!inside(first) || first.split('/').includes('..'))
    throw new UsageError(`${quoteName(raw)} is outside the project ${quoteName(root)}.`);
  if (mustExist)
    throw new UsageError(
      `${quoteName(raw)} is not a file or folder in ${quoteName(root)}; give a path relative to the project.`,
    );
  return first;
}

function rulesText(root: string, f: FocusRules & { revision: number }): string[] {
  const gone = (p: string) => (p && !existsSync(path.join(root, ...p.split('/'))) ? ' (missing)' : '');
  if (!f.include.length)
    return [
      `Nothing ticked in ${oneLine(quoteName(root))}: the whole visible project (revision ${f.revision}).`,
    ];
  return [
    `Focus of ${oneLine(quoteName(root))} at revision ${f.revision}:`,
    ...f.include.map((p) => `  ticked    ${p ? quoteName(p) : '. (the whole project)'}${gone(p)}`),
    ...f.exclude.map((p) => `  unticked  ${quoteName(p)}${gone(p)}`),
  ];
}

function presetLine(p: FocusPreset): string {
  const paths = p.include.length
    ? `${p.include.map(quoteName).join(', ')}${p.exclude.length ? ` minus ${p.exclude.map(quoteName).join(', ')}` : ''}`
    : 'nothing ticked (the whole project)';
  return `  ${quoteName(p.name)}: ${paths}`;
}

function write(io: Io, lines: string[]): void {
  io.stdout.write(`${lines.join('\n')}\n`);
}

export const focus = defineCommand({
  async run(positionals, values, io) {
    const root = resolveRoot(path.resolve(io.cwd, positionals[0] ?? '.'));
    const stateDir = defaultStateDir(io.env);
    const file = focusFile(stateDir, root);
    const set = list(values.set);
    const add = list(values.add);
    const remove = list(values.remove);
    const rename = list(values.rename);
    const load = values.load as string | undefined;
    const save = values.save as string | undefined;
    const del = values.delete as string | undefined;
    const edits = Boolean(load !== undefined || values.clear || set || add || remove);

    if (rename && rename.length !== 2)
      throw new UsageError('--rename takes two names, the old one and the new one: --rename draft review.');
    if ((del !== undefined || rename) && (edits || save !== undefined))
      throw new UsageError('--delete and --rename change presets only; run them without focus changes.');
    if (set && values.clear) throw new UsageError('--set replaces the focus already; leave out --clear.');

    if (del !== undefined || rename) {
      const after = rename
        ? renamePreset(stateDir, root, rename[0]!, rename[1]!)
        : deletePreset(stateDir, root, del!);
      if (values.json) io.stdout.write(`${JSON.stringify({ root, presets: after }, null, 2)}\n`);
      else
        write(io, [
          rename
            ? `Renamed the focus preset ${quoteName(rename[0]!.trim())} to ${quoteName(rename[1]!.trim())}.`
            : `Deleted the focus preset ${quoteName(del!.trim())}.`,
          ...(after.length ? ['Presets:', ...after.map(presetLine)] : ['No presets left.']),
        ]);
      return 0;
    }

    if (values.presets) {
      const { presets, problem } = loadPresets(stateDir, root);
      if (problem) io.stderr.write(`${problem}\n`);
      if (values.json) io.stdout.write(`${JSON.stringify({ root, presets }, null, 2)}\n`);
      else
        write(
          io,
          presets.length
            ? [`Focus presets of ${oneLine(quoteName(root))}:`, ...presets.map(presetLine)]
            : [`No focus presets for ${oneLine(quoteName(root))}; save one with --save NAME.`],
        );
      return 0;
    }

    // Paths are checked before anything is written: a mistake changes nothing.
    const resolve = (paths: string[] | undefined, mustExist: boolean) =>
      paths?.map((p) => projectPath(p, root, io.cwd, mustExist));
    const toSet = resolve(set, true);
    const toAdd = resolve(add, true);
    const toRemove = resolve(remove, false);
    const preset = load !== undefined ? getPreset(stateDir, root, load) : undefined;

    let result: { focus: FocusSnapshot; changed: boolean; problem?: string };
    if (edits)
      result = updateSavedFocus(file, (current) => {
        let rules: FocusRules = preset ? { include: preset.include, exclude: preset.exclude } : current;
        if (values.clear) rules = { include: [], exclude: [] };
        if (toSet) rules = { include: toSet, exclude: [] };
        for (const p of toAdd ?? []) rules = toggleRules(rules, p, true);
        for (const p of toRemove ?? []) rules = toggleRules(rules, p, false);
        return rules;
      });
    else {
      const loaded = loadFocus(file);
      result = {
        focus: loaded.focus ?? { revision: 0, include: [], exclude: [] },
        changed: false,
        ...(loaded.problem ? { problem: loaded.problem } : {}),
      };
    }
    if (result.problem) io.stderr.write(`${result.problem}\n`);
    const saved = save !== undefined ? savePreset(stateDir, root, save, result.focus) : undefined;

    const f = result.focus;
    if (values.json) {
      io.stdout.write(
        `${JSON.stringify(
          {
            root,
            revision: f.revision,
            everything: f.include.length === 0,
            include: f.include,
            exclude: f.exclude,
            changed: result.changed,
            ...(preset ? { loaded: preset.name } : {}),
            ...(saved ? { saved: save!.trim(), replaced: saved.replaced } : {}),
          },
          null,
          2,
        )}\n`,
      );
      return 0;
    }
    const lines = rulesText(root, f);
    if (edits && !result.changed) lines.push('(unchanged)');
    if (preset) lines.push(`Loaded the focus preset ${quoteName(preset.name)}.`);
    if (saved)
      lines.push(
        `${saved.replaced ? 'Replaced' : 'Saved'} the focus preset ${quoteName(save!.trim())} (${groupDigits(saved.presets.length)} saved).`,
      );
    write(io, lines);
    return 0;
  },
});
