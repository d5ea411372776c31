// loupe bridge: the stdio command agents launch. It pipes the agent's stdio to the Loupe app's
// local socket (the app routes it to the open project holding this folder); when no app listens,
// it serves this folder's project itself, headless, with the last saved focus. --root names the
// folder when the client does not start it inside the project.
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { defaultStateDir } from '@loupe/engine';
import { defaultSocketPath, runBridge } from '@loupe/mcp';
import { defineCommand } from '../command';

export const bridge = defineCommand({
  async run(_positionals, values, io) {
    const cwd = typeof values.root === 'string' ? path.resolve(io.cwd, values.root) : io.cwd;
    await runBridge(
      {
        stdin: (io.stdin ?? process.stdin) as Readable,
        stdout: io.stdout as Writable,
        stderr: io.stderr as Writable,
      },
      { cwd, socketPath: defaultSocketPath(io.env), stateDir: defaultStateDir(io.env) },
    );
    return 0;
  },
});
