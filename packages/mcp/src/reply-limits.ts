// How large one result may be for the client that asked. Clients refuse, spill to a file or cut
// (in the middle, unsaid) results past their own limits, counted by their own tokenizers; Loupe
// sizes every result below them, in o200k tokens with a margin, and in characters. Sources and the
// measured tokenizer ratio: docs/agents.md ("Result sizes").

/** A client's limits on one tool result, as the client counts. */
export interface ClientLimits {
  /** Who the limits are for, in words: "Claude Code". */
  client: string;
  /** Tokens by the client's own count. */
  tokens: number;
  /** Characters (Claude Code moves larger results to a file the model must read back). */
  chars: number;
  /** Where the token limit comes from, in words. */
  source: string;
}

/** What Loupe lets one result carry: o200k tokens and characters, below the client's limits. */
export interface ReplyBudget {
  tokens: number;
  chars: number;
  limits: ClientLimits;
}

/**
 * Share of a client's token limit Loupe fills, counting o200k. cl100k counts code within 3% of
 * o200k (0.98–1.00 on flask, hono and gin; no file above 1.026); Claude's tokenizer is not public
 * and counts code more than either, so the margin leaves room for 1.4× as many tokens.
 */
export const TOKEN_MARGIN = 0.7;
/** Share of a client's character limit Loupe fills (room for the JSON-RPC framing a client may count). */
export const CHAR_MARGIN = 0.9;

interface KnownClient {
  test: RegExp;
  name: string;
  tokens: number;
  chars: number;
  /** Honors MAX_MCP_OUTPUT_TOKENS (Claude Code's own setting). */
  env?: boolean;
  source: string;
}

// Order matters: Cursor names itself "cursor-vscode".
const KNOWN: readonly KnownClient[] = [
  {
    test: /^claude[- ]code/i,
    name: 'Claude Code',
    tokens: 25_000,
    chars: 100_000,
    env: true,
    source: "Claude Code's default MAX_MCP_OUTPUT_TOKENS",
  },
  {
    test: /codex/i,
    name: 'Codex',
    tokens: 10_000,
    chars: 40_000,
    source: "Codex's default tool_output_token_limit",
  },
  {
    test: /cursor/i,
    name: 'Cursor',
    tokens: 25_000,
    chars: 100_000,
    source: 'the default for clients without a documented limit',
  },
  {
    test: /visual studio code|vscode|vs code|copilot/i,
    name: 'VS Code',
    tokens: 25_000,
    chars: 100_000,
    source: 'the default for clients without a documented limit',
  },
];

const DEFAULT: Omit<KnownClient, 'test'> = {
  name: 'this client',
  tokens: 25_000,
  chars: 100_000,
  env: true,
  source: 'the default for clients without a documented limit',
};

/** A positive whole number of tokens from MAX_MCP_OUTPUT_TOKENS, else undefined. */
export function parseMaxOutputTokens(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1000 ? n : undefined;
}

/**
 * The limits for a client by its `initialize` name. `maxOutputTokens` is MAX_MCP_OUTPUT_TOKENS as
 * the serving process (or the bridge that joined the app) inherited it from the client; it counts
 * for Claude Code (its setting) and for clients Loupe knows no limit of.
 */
export function clientLimits(clientName: string | undefined, maxOutputTokens?: number): ClientLimits {
  const known = KNOWN.find((k) => k.test.test(clientName ?? ''));
  const c = known ?? DEFAULT;
  if (c.env && maxOutputTokens !== undefined)
    return {
      client: c.name,
      tokens: maxOutputTokens,
      // Claude Code's character threshold does not follow the setting.
      chars: c.chars,
      source: `MAX_MCP_OUTPUT_TOKENS=${maxOutputTokens}`,
    };
  return { client: c.name, tokens: c.tokens, chars: c.chars, source: c.source };
}

export function replyBudget(limits: ClientLimits): ReplyBudget {
  return {
    tokens: Math.floor(limits.tokens * TOKEN_MARGIN),
    chars: Math.floor(limits.chars * CHAR_MARGIN),
    limits,
  };
}

/** `25,000 tokens (Claude Code's default MAX_MCP_OUTPUT_TOKENS)` */
export function limitText(b: ReplyBudget): string {
  return `${b.limits.client} accepts ${b.limits.tokens.toLocaleString('en-US')} tokens and ${b.limits.chars.toLocaleString('en-US')} characters per result (${b.limits.source})`;
}
