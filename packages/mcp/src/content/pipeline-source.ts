// The tools' content port over the engine's one content pipeline (Workspace.content): the same
// bytes the window previews and the clipboard export carries, masked, and withheld rather than
// ever sent unmasked.
import { LoupeError, type Workspace } from '@loupe/engine';
import type { ContentSource } from './source';

export function createPipelineSource(ws: Workspace): ContentSource {
  return {
    get maskingActive() {
      return ws.content.masking;
    },
    async read(path, request, mask) {
      const entry = ws.index.get(path);
      if (!entry)
        throw new LoupeError('not-found', `No visible file ${JSON.stringify(path)} in this project.`);
      return ws.content.read(entry, request, mask);
    },
  };
}
