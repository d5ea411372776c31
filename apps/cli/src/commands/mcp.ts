// loupe mcp: serves one project to an agent over MCP, headless: on stdio by default, or over
// Streamable HTTP on 127.0.0.1 with --http (bearer token stored 0600 in Loupe's state folder).
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { defaultStateDir, LoupeError, resolveRoot } from '@loupe/engine';
import { openHeadless, serveStdio, startHttpServer } from '@loupe/mcp';
import { defineCommand } from '../command';

export const mcp = defineCommand({
  name: 'mcp',
  usage: 'loupe mcp [--root DIR] [--focus PATH...] [--http] [--port N]',
  options: {
    root: { type: 'string' },
    focus: { type: 'string', multiple: true },
    http: { type: 'boolean' },
    port: { type: 'string' },
  },
  async run(_positionals, values, io) {
    const root = resolveRoot(path.resolve(io.cwd, typeof values.root === 'string' ? values.root : '.'));
    const stateDir = defaultStateDir(io.env);
    const focus = (values.focus as string[] | undefined) ?? [];
    if (!values.http) {
      if ((io.stdin as { isTTY?: boolean } | undefined)?.isTTY)
        io.stderr.write(
          `loupe mcp: serving ${root} to an MCP client on stdin/stdout; agents start this command themselves (see docs/agents.md). Ctrl-D ends it.\n`,
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
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new LoupeError(
        'invalid-argument',
        `--port takes a port number from 0 to 65535, not "${values.port}".`,
      );
    const project = await openHeadless({
      root,
      stateDir,
      focus,
      label: `served headless by loupe mcp --http (${focus.length ? 'focus from --focus' : 'last saved focus'})`,
    });
    const { ws } = project;
    const endpoint = await startHttpServer(project, { port, stateDir });
    io.stderr.write(
      `loupe mcp: serving ${root} at ${endpoint.url}\nloupe mcp: send "Authorization: Bearer <token>"; the token is in ${endpoint.tokenFile}\n`,
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
