// The OS watch limit, hit for real: a child process in its own user namespace with the inotify
// watch limit lowered to a handful (Linux keeps that limit per user namespace). The watcher must
// say so, name the setting and the command to raise it, and keep the index current by rescanning.
import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { watchProblem } from './limits';
import { initRepo, tempDir } from './testing/live';

const tmp = tempDir('loupe-watch-limit-');
afterAll(() => tmp.cleanup());

const child = fileURLToPath(new URL('./testing/limit-child.ts', import.meta.url));
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const LIMIT = 8;
const lower = `echo ${LIMIT} > /proc/sys/user/max_inotify_watches`;

/** Whether this machine lets an unprivileged user namespace lower its own inotify limit. */
function canLowerLimit(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    execFileSync('unshare', ['-Ur', 'sh', '-c', lower], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

describe('watcher: the OS watch limit', () => {
  it('names the setting and the command to raise it', () => {
    const problem = watchProblem(Object.assign(new Error('watch failed'), { code: 'ENOSPC' }), 'linux');
    expect(problem).toMatch(/fs\.inotify\.max_user_watches/);
    expect(problem).toContain('sudo sysctl fs.inotify.max_user_watches=524288');
    expect(problem).toContain('/etc/sysctl.d/');
    expect(problem).toMatch(/rescan/);
    expect(watchProblem(Object.assign(new Error('x'), { code: 'EMFILE' }), 'darwin')).toMatch(
      /open-files limit/,
    );
  });

  it.runIf(canLowerLimit())(
    'falls back to rescans when the limit is hit (user namespace with a limit of 8 watches)',
    async () => {
      const dir = path.join(tmp.dir, 'repo');
      const files: Record<string, string> = {};
      for (let i = 0; i < 20; i++) files[`f${i}/a.ts`] = `export const a${i} = ${i};\n`;
      initRepo(dir, files);
      const out = await new Promise<string>((resolve, reject) => {
        execFile(
          'unshare',
          ['-Ur', 'sh', '-c', `${lower} && exec "$0" "$@"`, process.execPath, '--import', 'tsx', child, dir],
          { cwd: repo, encoding: 'utf8', timeout: 60_000 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        );
      });
      const result = JSON.parse(out.trim().split('\n').at(-1)!);
      expect(result.found).toBe('f19/deep/new.ts');
      expect(result.status.state).toBe('degraded');
      expect(result.status.problem).toMatch(/fs\.inotify\.max_user_watches/);
      expect(result.status.rescans).toBeGreaterThanOrEqual(2);
    },
    90_000,
  );
});
