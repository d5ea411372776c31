// A workspace over a fresh random corpus (writeCorpus), its tokens counted on one thread: the
// set-up most pack tests share. `close` ends the workspace, the token service and the folder.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTokenService } from '../../tokens/service';
import { Workspace } from '../../workspace/workspace';
import { type CorpusOptions, writeCorpus } from './corpus';

export interface OpenCorpus {
  ws: Workspace;
  close(): Promise<void>;
}

export async function openCorpus(
  name: string,
  seed: number,
  options: CorpusOptions = {},
): Promise<OpenCorpus> {
  const work = mkdtempSync(path.join(tmpdir(), `loupe-${name}-`));
  const tokens = createTokenService({ cacheDir: null, threads: 1 });
  const dir = path.join(work, 'corpus');
  mkdirSync(dir, { recursive: true });
  writeCorpus(dir, seed, options);
  const ws = await Workspace.open(dir, { stateDir: null, tokens });
  await ws.tokensReady;
  return {
    ws,
    close: async () => {
      await ws.close();
      await tokens.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
