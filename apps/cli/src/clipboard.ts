// The platform clipboard for `loupe pack --copy`: wl-copy on Wayland, xclip or xsel on X11,
// pbcopy on macOS, clip on Windows. Tools are looked up on PATH and tried in that order; the
// answer names the one that took the text, or says why none could.
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export interface ClipboardTool {
  name: string;
  args: string[];
  /** Windows' clip reads UTF-16LE (with a byte order mark) as Unicode. */
  encoding?: 'utf16le';
}

export type CopyResult = { ok: true; tool: string } | { ok: false; reason: string };

export interface ClipboardEnv {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}

/** The tools worth trying here, in order, and why none are when the list is empty. */
export function clipboardTools({ platform, env }: ClipboardEnv): { tools: ClipboardTool[]; why?: string } {
  if (platform === 'darwin') return { tools: [{ name: 'pbcopy', args: [] }] };
  if (platform === 'win32') return { tools: [{ name: 'clip', args: [], encoding: 'utf16le' }] };
  const tools: ClipboardTool[] = [];
  if (env.WAYLAND_DISPLAY) tools.push({ name: 'wl-copy', args: [] });
  if (env.DISPLAY)
    tools.push(
      { name: 'xclip', args: ['-selection', 'clipboard'] },
      { name: 'xsel', args: ['--clipboard', '--input'] },
    );
  if (!tools.length)
    return {
      tools,
      why: 'there is no graphical session here (neither WAYLAND_DISPLAY nor DISPLAY is set), so there is no clipboard to copy to',
    };
  return { tools };
}

/** The executable for `name` on PATH, or undefined. */
export function findOnPath(name: string, { platform, env }: ClipboardEnv): string | undefined {
  const dirs = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : ':').filter(Boolean);
  const exts = platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const file = path.join(dir, name + ext.toLowerCase());
      try {
        if (!statSync(file).isFile()) continue;
        if (platform !== 'win32') accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/**
 * Runs one tool with the text on its stdin. wl-copy and xclip fork a process that keeps serving
 * the selection: the answer comes from the exit of the one started here, not from its pipes.
 */
function run(
  file: string,
  tool: ClipboardTool,
  text: string,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(file, tool.args, { stdio: ['pipe', 'ignore', 'pipe'], env, windowsHide: true });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 2000) err += c.toString('utf8');
    });
    const timer = setTimeout(() => {
      child.kill();
      resolve(`${tool.name} did not finish within 5 seconds`);
    }, 5000);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve(`${tool.name} could not be started (${e.message})`);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      child.stderr.destroy();
      const why = err.trim().split('\n')[0];
      resolve(
        code === 0 ? undefined : `${tool.name} failed (${signal ?? `exit ${code}`}${why ? `: ${why}` : ''})`,
      );
    });
    child.stdin.on('error', () => {}); // a tool that exits early closes its stdin; its exit says why
    const bytes =
      tool.encoding === 'utf16le'
        ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
        : Buffer.from(text, 'utf8');
    child.stdin.end(bytes);
  });
}

export async function copyToClipboard(
  text: string,
  where: ClipboardEnv = { platform: process.platform, env: process.env },
): Promise<CopyResult> {
  const { tools, why } = clipboardTools(where);
  if (why) return { ok: false, reason: why };
  const problems: string[] = [];
  const missing: string[] = [];
  for (const tool of tools) {
    const file = findOnPath(tool.name, where);
    if (!file) {
      missing.push(tool.name);
      continue;
    }
    const failed = await run(file, tool, text, where.env);
    if (!failed) return { ok: true, tool: tool.name };
    problems.push(failed);
  }
  if (missing.length)
    problems.push(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not installed (not on PATH)`);
  return { ok: false, reason: problems.join('; ') };
}
