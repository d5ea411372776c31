// Errors a person can act on. Anything the engine refuses is a LoupeError with a sentence that
// says what happened and what to do; anything else is a bug and is reported as one.

export type LoupeErrorCode =
  | 'not-found'
  | 'not-a-directory'
  | 'not-a-file'
  | 'unreadable'
  | 'unwritable'
  | 'outside-root'
  | 'invalid-argument'
  | 'unsupported'
  | 'withheld';

export class LoupeError extends Error {
  readonly code: LoupeErrorCode;
  constructor(code: LoupeErrorCode, message: string) {
    super(message);
    this.name = 'LoupeError';
    this.code = code;
  }
}

export function isLoupeError(error: unknown): error is LoupeError {
  return error instanceof LoupeError;
}
