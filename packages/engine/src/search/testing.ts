// Test helper: a project folder written from a map of files, opened as a Workspace (no state, no
// token counting), removed afterwards.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Workspace } from '../workspace/workspace';
import type { SearchResult } from './result';

export interface TestProject {
  dir: string;
  ws: Workspace;
  write(rel: string, text: string): void;
  remove(rel: string): void;
  close(): Promise<void>;
}

export async function openProject(files: Record<string, string>): Promise<TestProject> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-search-'));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  const ws = await Workspace.open(dir, { stateDir: null, cacheDir: null, countTokens: false });
  return {
    dir,
    ws,
    write,
    remove: (rel) => rmSync(path.join(dir, rel)),
    close: async () => {
      await ws.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The project text a result shows (the best match's lines, then every shown line), one line each. */
export function shownText(r: SearchResult): string {
  return [
    ...(r.best?.parts.map((p) => p.text) ?? []),
    ...r.files.flatMap((f) => f.lines.map((l) => l.text)),
  ].join('\n');
}
