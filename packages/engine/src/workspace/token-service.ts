// The token service a Workspace counts with: one it was given (shared; its encoding fixed), or its
// own, made for the chosen encoding and replaced when the encoding changes.
import { LoupeError } from '../errors';
import { createTokenService, type TokenService } from '../tokens/service';
import type { Encoding } from '../types';

export interface TokenServiceChoice {
  /** A service to count with (not closed with the workspace). */
  tokens?: TokenService;
  encoding?: Encoding;
  cacheDir?: string | null;
  tokenThreads?: number;
}

export class WorkspaceTokens {
  private service: TokenService;
  private readonly owned: boolean;

  constructor(private readonly choice: TokenServiceChoice) {
    this.owned = !choice.tokens;
    this.service = choice.tokens ?? this.make(choice.encoding ?? 'o200k_base');
  }

  /** The service counting now. */
  get current(): TokenService {
    return this.service;
  }

  /** Throws unless this workspace made its service (only then can it change the encoding). */
  checkOwned(): void {
    if (!this.owned)
      throw new LoupeError(
        'unsupported',
        'This workspace counts with a token service it was given; open it again to change the encoding.',
      );
  }

  /** Counts in `encoding` from now on; returns the old service for the caller to close. */
  replace(encoding: Encoding): TokenService {
    this.checkOwned();
    const old = this.service;
    this.service = this.make(encoding);
    return old;
  }

  /** Closes the service if this workspace made it. */
  async close(): Promise<void> {
    if (this.owned) await this.service.close();
  }

  private make(encoding: Encoding): TokenService {
    const { cacheDir, tokenThreads } = this.choice;
    return createTokenService({
      encoding,
      ...(cacheDir !== undefined ? { cacheDir } : {}),
      ...(tokenThreads ? { threads: tokenThreads } : {}),
    });
  }
}
