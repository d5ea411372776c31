// loupe tokens PATH...: exact token counts per file and in total. Folders count their visible
// files (decided as `loupe ls` decides); files that are not counted are listed with the reason.
// A link is counted as its target, and only when the target is a visible file.
import os from 'node:os';
import path from 'node:path';
import { groupDigits, plural } from '@loupe/common';
import {
  createTokenService,
  defaultStateDir,
  type Encoding,
  type FileEntry,
  type FileToCount,
  judgeNamedFile,
  LoupeError,
  projectFile,
  scanProject,
  userCacheDir,
} from '@loupe/engine';
import { defineCommand, type Io } from '../command';
import { progress } from '../progress';
import { quoteName } from '../quote';

interface Row {
  path: string;
  tokens: number;
  /** Why the file was not counted. */
  skipped?: string;
}

const FLAG_REASONS: Record<NonNullable<FileEntry['flag']>, string> = {
  binary: 'binary',
  'too-large': 'too large',
  unreadable: 'unreadable',
  'symlink-outside-root': 'link to outside the folder',
  'symlinked-folder': 'link to a folder',
  'symlink-into-git': 'link into .git',
  'symlink-to-hidden': 'link to a hidden file',
  'symlink-not-regular': 'link to a pipe, socket or device',
  'symlink-broken': 'broken link',
  'symlink-loop': 'link loop',
};

const display = (p: string) => p.split(path.sep).join('/');

interface Group {
  root?: string;
  files: FileToCount[];
  /** The rows of `files`, by their path. */
  rows: Map<string, Row>;
}

/** The files behind the arguments, in argument order; folders expand to their visible files. */
async function expand(args: string[], io: Io, onScan: (files: number) => void) {
  const rows: Row[] = [];
  const groups: Group[] = [];
  const loose: Group = { files: [], rows: new Map() };
  const seen = new Set<string>();
  // Each file once, by its own path (links to one target are each listed, and counted as it).
  const add = (group: Group, file: FileToCount, key: string, skipped?: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const row: Row = skipped ? { path: file.path, tokens: 0, skipped } : { path: file.path, tokens: 0 };
    rows.push(row);
    if (skipped) return;
    group.files.push(file);
    group.rows.set(file.path, row);
  };
  for (const arg of args) {
    const abs = path.resolve(io.cwd, arg);
    const named = await judgeNamedFile(abs, { stateDir: defaultStateDir(io.env) });
    if (named.kind === 'missing')
      throw new LoupeError('not-found', `The path ${arg} does not exist. Check the path and try again.`);
    const shown = display(path.normalize(arg)).replace(/\/$/, '');
    if (named.kind === 'refused') {
      const why = named.flag ? FLAG_REASONS[named.flag] : named.reason;
      add(loose, { path: shown, abs, size: 0, mtimeMs: 0 }, abs, why);
      continue;
    }
    if (named.kind === 'file') {
      add(loose, { path: shown, abs: named.file, size: named.size, mtimeMs: named.mtimeMs }, abs);
      continue;
    }
    const scan = await scanProject(abs, { onProgress: (p) => onScan(p.files) });
    const group: Group = { root: scan.root, files: [], rows: new Map() };
    for (const f of scan.files) {
      const file = {
        path: shown === '.' ? f.path : `${shown}/${f.path}`,
        abs: projectFile(scan.root, f),
        size: f.size,
        mtimeMs: f.mtimeMs,
      };
      add(group, file, path.join(scan.root, f.path), f.flag && FLAG_REASONS[f.flag]);
    }
    groups.push(group);
  }
  groups.push(loose);
  return { rows, groups: groups.filter((g) => g.files.length) };
}

function table(rows: Row[], total: number, encoding: string): string {
  const fmt = groupDigits;
  const width = Math.max(fmt(total).length, ...rows.map((r) => (r.skipped ? 1 : fmt(r.tokens).length)));
  const lines = rows.map((r) =>
    r.skipped
      ? `${'-'.padStart(width)}  ${quoteName(r.path)}  (${r.skipped}, not counted)`
      : `${fmt(r.tokens).padStart(width)}  ${quoteName(r.path)}`,
  );
  const counted = rows.filter((r) => !r.skipped).length;
  const skipped = new Map<string, number>();
  for (const r of rows) if (r.skipped) skipped.set(r.skipped, (skipped.get(r.skipped) ?? 0) + 1);
  const left = [...skipped].map(([why, n]) => `${n} ${why}`).join(', ');
  lines.push(
    `${fmt(total).padStart(width)}  total ${encoding} tokens in ${plural(counted, 'file')}${left ? `; not counted: ${left}` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

export const tokens = defineCommand({
  async run(positionals, values, io) {
    const encoding = values.encoding as Encoding;
    const bar = progress(io);
    const { rows, groups } = await expand(positionals, io, (n) => bar.update(`scanning: ${n} files`));
    const cacheDir = userCacheDir({ env: io.env, platform: process.platform, homedir: os.homedir });
    const service = createTokenService({ encoding, cacheDir });
    try {
      for (const group of groups) {
        const counts = await service.countFiles(group.files, {
          ...(group.root ? { root: group.root } : {}),
          onProgress: (done, total) => bar.update(`counting: ${done}/${total} files`),
        });
        for (const [key, row] of group.rows) {
          const c = counts.get(key);
          if (!c) row.skipped = 'not counted';
          else if (c.error) row.skipped = c.error;
          else if (c.binary) row.skipped = 'binary';
          else row.tokens = c.tokens;
        }
      }
    } finally {
      bar.done();
      await service.close();
    }
    const total = rows.reduce((n, r) => n + r.tokens, 0);
    if (values.json) {
      const files = rows.map((r) => (r.skipped ? { path: r.path, tokens: 0, skipped: r.skipped } : r));
      const counted = rows.filter((r) => !r.skipped).length;
      io.stdout.write(
        `${JSON.stringify({ encoding, total, counted, notCounted: rows.length - counted, files }, null, 2)}\n`,
      );
    } else io.stdout.write(table(rows, total, encoding));
    return 0;
  },
});
