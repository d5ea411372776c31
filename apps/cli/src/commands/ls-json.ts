// loupe ls DIR --json: every visible file with its size, language and token count (the whole
// engine: workers, caches), loaded only when --json asks for it (commands/ls.ts).
import { languageOf, summarizeHidden, Workspace, type WorkspaceOptions } from '@loupe/engine';
import { checkStopped, type Io, type Values } from '../command';
import type { Progress } from '../progress';
import { cancelOnStop } from '../stop';

export async function listJson(
  root: string,
  options: Pick<WorkspaceOptions, 'maxFileBytes' | 'scan'>,
  values: Values,
  io: Io,
  bar: Progress,
): Promise<number> {
  const ws = await Workspace.open(root, {
    stateDir: null,
    ...options,
    ...(io.signal ? { signal: io.signal } : {}),
  });
  const off = cancelOnStop(io, ws);
  try {
    ws.onDidCountTokens((p) => bar.update(`counting tokens: ${p.done} of ${p.total} files`));
    await ws.tokensReady;
  } finally {
    off();
    await ws.close();
    bar.done();
  }
  checkStopped(io);
  const files = ws.index.all().map((f) => {
    // A link is read as its target: the target's name decides the language.
    const language = languageOf(f.target ?? f.path);
    return {
      path: f.path,
      size: f.size,
      ...(f.tokens !== undefined ? { tokens: f.tokens } : {}),
      ...(language ? { language } : {}),
      tracked: f.tracked,
      ...(f.symlink ? { symlink: true } : {}),
      ...(f.target ? { target: f.target } : {}),
      ...(f.flag ? { flag: f.flag } : {}),
    };
  });
  const report = {
    root: ws.root,
    encoding: ws.encoding,
    files,
    ...(values.all ? { hidden: ws.hidden } : { hiddenCount: ws.hidden.length }),
    hiddenSummary: summarizeHidden(ws.hidden),
    repos: ws.repos,
    notes: ws.notes,
  };
  io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return 0;
}
