// A real git behind a gate, for tests that need a command to be mid-scan: every git call first
// marks that it was called, then waits until the test opens the gate, then runs the real git.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface GatedGit {
  /** PATH with the gated git first. */
  PATH: string;
  /** The gate is still closed. */
  closed(): boolean;
  /** Waits until git was called (at most `tries` × 25 ms); true when it was. */
  called(tries: number): Promise<boolean>;
  open(): void;
}

export function gatedGit(dir: string): GatedGit {
  const bin = path.join(dir, 'gated-bin');
  const gate = path.join(dir, 'gate-open');
  const marker = path.join(dir, 'git-called');
  mkdirSync(bin, { recursive: true });
  const git = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(
    path.join(bin, 'git'),
    `#!/bin/sh\n: > '${marker}'\nwhile [ ! -e '${gate}' ]; do sleep 0.05; done\nexec '${git}' "$@"\n`,
  );
  chmodSync(path.join(bin, 'git'), 0o755);
  return {
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    closed: () => !existsSync(gate),
    async called(tries) {
      for (let i = 0; i < tries && !existsSync(marker); i++) await new Promise((r) => setTimeout(r, 25));
      return existsSync(marker);
    },
    open: () => writeFileSync(gate, ''),
  };
}
