// Errors as they cross a transport: a code and one sentence. LoupeErrors keep theirs; anything else
// is a bug and says so (its stack stays in the host's process).

import type { HostErrorData } from '@loupe/common';
import { isLoupeError } from '@loupe/engine/errors';

export class HostError extends Error {
  constructor(
    readonly code:
      | 'cancelled'
      | 'no-project'
      | 'invalid-argument'
      | 'unknown-command'
      | 'forbidden'
      | 'unsupported',
    message: string,
  ) {
    super(message);
    this.name = 'HostError';
  }
}

export function toErrorData(error: unknown): HostErrorData {
  if (error instanceof HostError || isLoupeError(error)) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `Loupe hit an internal error (${message}). This is a bug in Loupe.` };
}
