// loupe mcp: serves one project to an agent over MCP, headless: on stdio by default, or over
// Streamable HTTP on 127.0.0.1 with --http (bearer token stored 0600 in Loupe's state folder).
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { defaultStateDir, LoupeError, resolveRoot } from '@loupe/engine';
import { openHeadless, serveStdio, startHttpServer } from '@loupe/mcp';
import { defineCommand, UsageError } from '../command';
import { oneLine } from '../quote';

/** A port another program holds, in the words `loupe serve` uses (the host says it there). */
function portInUse(error: unknown, port: number): LoupeError | undefined {
  if ((error as NodeJS.ErrnoException | undefined)?.code !== 'EADDRINUSE') return undefined;
  return new LoupeError(
    'invalid-argument',
    `Port ${port} is in use; pick another with --port or leave it out.`,
  );
}

export const mcp = defineCommand({
  async run(_positionals, values, io) {
    if (!values.http && (values.port !== undefined || values.json))
      throw new UsageError(`${values.json ? '--json' : '--port'} applies to --http; stdio has no port.`);
    const root = resolveRoot(path.resolve(io.cwd, typeof values.root === 'string' ? values.root : '.'));
    const stateDir = defaultStateDir(io.env);
    const focus = (values.focus as string[] | undefined) ?? [];
    if (!values.http) {
      if ((io.stdin as { isTTY?: boolean } | undefined)?.isTTY)
        io.stderr.write(
          `loupe mcp: serving ${oneLine(root)} to an MCP client on stdin/stdout; agents start this command themselves (see docs/agents.md). Ctrl-D ends it.\n`,
        );
      await serveStdio(
        {
          stdin: (io.stdin ?? process.stdin) as Readable,
          stdout: io.stdout as Writable,
          stderr: io.stderr as Writable,
        },
        {
          root,
          stateDir,
          ...(focus.length ? { focus } : {}),
          label: focus.length
            ? 'served headless by loupe mcp (focus from --focus)'
            : 'served headless by loupe mcp (last saved focus)',
          transport: 'stdio',
        },
      );
      return 0;
    }
    const port = (values.port as number | undefined) ?? 0;
    const project = await openHeadless({
      root,
      stateDir,
      focus,
      label: `served headless by loupe mcp --http (${focus.length ? 'focus from --focus' : 'last saved focus'})`,
    });
    const { ws } = project;
    const endpoint = await startHttpServer(project, { port, stateDir }).catch(async (error) => {
      await project.close();
      await ws.close();
      throw portInUse(error, port) ?? error;
    });
    if (values.json)
      io.stdout.write(
        `${JSON.stringify({ root, url: endpoint.url, port: endpoint.port, tokenFile: endpoint.tokenFile })}\n`,
      );
    io.stderr.write(
      `loupe mcp: serving ${oneLine(root)} at ${endpoint.url}\nloupe mcp: send "Authorization: Bearer <token>"; the token is in ${oneLine(endpoint.tokenFile)}\n`,
    );
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await endpoint.close();
    await project.close();
    await ws.close();
    return 0;
  },
});
