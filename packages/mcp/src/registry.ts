// The tool registry: each tool registers a name, a described zod schema and a handler. The
// registry answers tools/list with plain JSON Schemas and runs every call the same way: lenient
// parsing, the live-context line first, the tool's body, a receipt (argument sizes only), and
// refusals as results that carry the next call.
import {
  type AccessRequestReceipt,
  type AgentSession,
  argumentSizes,
  countTokens,
  type DeliveredReceipt,
  isLoupeError,
} from '@loupe/engine';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { damageRefusal } from './damaged';
import { BAD_JSON_KEY } from './lenient';
import { liveContext } from './live';
import type { McpProject } from './project';
import { clientLimits, limitText, type ReplyBudget, replyBudget } from './reply-limits';

export interface CallContext {
  project: McpProject;
  session: AgentSession;
  /** This call's number in the session (1-based). */
  call: number;
  /** Focus revision at the start of the call. */
  revision: number;
  /** Aborts when the client cancels the call (or its connection ends). */
  signal?: AbortSignal;
  /** Sends an MCP progress notification, when the client asked for them (a progress token). */
  progress?: (message: string) => Promise<void>;
  /** What this result may still carry after the live context (o200k tokens and characters). */
  room: { tokens: number; chars: number };
  /** The whole result's limits for the client that asked. */
  reply: ReplyBudget;
}

/** What the transport knows about one call beyond its arguments. */
export interface CallExtra {
  signal?: AbortSignal;
  progress?: (message: string) => Promise<void>;
  /** The whole result's limits for the client that asked (default: by the session's client name). */
  reply?: ReplyBudget;
}

/** Tokens and characters kept free for the lines the registry and tools add after the body. */
const TRAILER_TOKENS = 400;
const TRAILER_CHARS = 1600;

export interface ToolBody {
  /** Lines after the live context: trusted text and data blocks, joined with newlines. */
  parts: string[];
  delivered?: DeliveredReceipt[];
  masked?: Record<string, number>;
  /** Reads this call asked the person for (strict focus), for the receipt. */
  requests?: AccessRequestReceipt[];
  /** Reads: what the files read or referenced cost whole (receipts' proof of savings). */
  wholeTokens?: number;
  /** Set for refusals and failures: the receipt's error code; the result is marked isError. */
  error?: string;
}

export interface ToolDefinition<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  schema: S;
  /** Results say how many files outside the focus were not searched. */
  searchLike?: boolean;
  /** Answers from the focus (refused while the saved focus is damaged: what was ticked is unknown). */
  focusScoped?: boolean;
  /** Argument aliases agents use by habit (`offset` -> handled by the tool); not listed. */
  aliases?: readonly string[];
  run(args: z.infer<S>, ctx: CallContext): Promise<ToolBody>;
}

export interface CallOutcome {
  text: string;
  isError: boolean;
}

const ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

/** Plain JSON Schema of a tool's input: no `$schema`, nothing clients might drop. */
export function inputSchemaOf(schema: z.ZodObject): Tool['inputSchema'] {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json as Tool['inputSchema'];
}

function issueText(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? issue.path.join('.') : 'arguments';
  return `${where}: ${issue.message}`;
}

export class ToolRegistry {
  private readonly tools = new Map<string, ToolDefinition>();

  register<S extends z.ZodObject>(tool: ToolDefinition<S>): void {
    if (this.tools.has(tool.name)) throw new Error(`Tool ${tool.name} is registered twice.`);
    this.tools.set(tool.name, tool as unknown as ToolDefinition);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  list(): Tool[] {
    return [...this.tools.values()].map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: inputSchemaOf(t.schema),
      annotations: { title: t.title, ...ANNOTATIONS },
      // Claude Code moves results past 50,000 characters to a file unless a tool declares more;
      // every result stays below this (reply-limits.ts).
      _meta: { 'anthropic/maxResultSizeChars': 100_000 },
    }));
  }

  async call(
    name: string,
    rawArgs: Record<string, unknown> | undefined,
    project: McpProject,
    session: AgentSession,
    extra: CallExtra = {},
  ): Promise<CallOutcome> {
    const started = performance.now();
    const n = session.nextCall();
    const tool = this.tools.get(name);
    // Damaged saved state may have been resolved meanwhile (the window, a CLI command).
    if (project.ws.damage.size) await project.ws.recheckDamage();
    project.followSettings();
    const reply = extra.reply ?? replyBudget(clientLimits(session.client?.name));
    // Files written before this call are in its answer: the watcher applies what the OS reported
    // now instead of after a quiet moment.
    await project.ws.watcher?.catchUp();
    // A fresh project counts its files first (a count bound, not a clock: see McpProject).
    await project.countingSettled();
    const live = liveContext(project, session, { searchLike: tool?.searchLike ?? false });
    const head = [live.line, ...live.blocks].join('\n');
    const room = {
      tokens: Math.max(0, reply.tokens - countTokens(head) - TRAILER_TOKENS),
      chars: Math.max(0, reply.chars - head.length - TRAILER_CHARS),
    };
    const ctx: CallContext = {
      project,
      session,
      call: n,
      revision: live.revision,
      room,
      reply,
      ...(extra.signal ? { signal: extra.signal } : {}),
      ...(extra.progress ? { progress: extra.progress } : {}),
    };
    let body: ToolBody;
    const refused = tool && damageRefusal(project, tool);
    try {
      body = refused
        ? { parts: [refused], error: 'damaged-state' }
        : tool
          ? await this.run(tool, rawArgs ?? {}, ctx)
          : unknownTool(name, this.names());
    } catch (error) {
      body = isLoupeError(error)
        ? { parts: [error.message], error: error.code }
        : {
            parts: [
              `Internal error in Loupe while running ${name}: ${(error as Error).message}. This is a bug in Loupe; other calls still work.`,
            ],
            error: 'internal',
          };
    }
    let text = [head, ...body.parts].join('\n');
    let tokens = countTokens(text);
    if (tokens > reply.tokens || text.length > reply.chars) {
      // Tools size themselves below the limit; should one miss, the agent gets less, never a result
      // its client refuses or cuts unsaid, and nothing of it counts as received.
      session.ledger.forget(n);
      body = {
        parts: [
          `This result came to ${tokens.toLocaleString('en-US')} tokens and ${text.length.toLocaleString('en-US')} characters, more than Loupe sends in one result (${reply.tokens.toLocaleString('en-US')} tokens, ${reply.chars.toLocaleString('en-US')} characters: ${limitText(reply)}), so none of it was sent. Ask for less: a folder or paths, fewer results, or lines of a file.`,
        ],
        error: 'too-large',
      };
      text = [head, ...body.parts].join('\n');
      tokens = countTokens(text);
    }
    session.record({
      n,
      tool: name,
      args: argumentSizes(rawArgs),
      revision: live.revision,
      ms: Math.round((performance.now() - started) * 100) / 100,
      resultTokens: tokens,
      delivered: body.delivered ?? [],
      masked: body.masked ?? {},
      ...(body.requests?.length ? { requests: body.requests } : {}),
      ...(body.wholeTokens !== undefined ? { wholeTokens: body.wholeTokens } : {}),
      ...(body.error ? { error: body.error } : {}),
      at: new Date().toISOString(),
    });
    return { text, isError: Boolean(body.error) };
  }

  private async run(tool: ToolDefinition, raw: Record<string, unknown>, ctx: CallContext): Promise<ToolBody> {
    if (BAD_JSON_KEY in raw)
      return {
        parts: [
          `The arguments of ${tool.name} were a string that is not valid JSON; send an object, e.g. ${example(tool)}.`,
        ],
        error: 'invalid-argument',
      };
    const known = new Set([...Object.keys(tool.schema.shape), ...(tool.aliases ?? [])]);
    const unknown = Object.keys(raw).filter((k) => !known.has(k));
    const parsed = tool.schema.safeParse(raw);
    if (!parsed.success)
      return {
        parts: [
          `Invalid arguments for ${tool.name}: ${parsed.error.issues.map(issueText).join('; ')}. For example: ${example(tool)}.`,
        ],
        error: 'invalid-argument',
      };
    const body = await tool.run({ ...parsed.data, ...pick(raw, tool.aliases ?? []) }, ctx);
    if (unknown.length)
      body.parts.push(
        `Ignored unknown argument${unknown.length === 1 ? '' : 's'} ${unknown.map((k) => JSON.stringify(k)).join(', ')}; ${tool.name} takes ${Object.keys(tool.schema.shape).join(', ')}.`,
      );
    return body;
  }
}

function pick(raw: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (raw[k] !== undefined) out[k] = raw[k];
  return out;
}

const EXAMPLES: Record<string, Record<string, unknown>> = {
  get_tree: { path: 'src', depth: 2 },
  get_file: { path: 'src/index.ts', lines: '1-80' },
  search: { query: 'createServer' },
  pack: { budget: 32000 },
  related_files: { path: 'src/index.ts' },
  focus_status: {},
};

function example(tool: ToolDefinition): string {
  return `${tool.name} ${JSON.stringify(EXAMPLES[tool.name] ?? {})}`;
}

function unknownTool(name: string, names: string[]): ToolBody {
  return {
    parts: [`There is no tool ${JSON.stringify(name)}; Loupe's tools are ${names.join(', ')}.`],
    error: 'unknown-tool',
  };
}
