// The two MCP servers the agent bench drives, each started from its shipped entry point and spoken
// to over stdio by the real SDK Client, the way an agent client launches them: Loupe's built CLI
// (`loupe mcp --root DIR`) and Repomix's bin in its root-confined mode (`repomix --mcp --sandbox
// DIR`, the counterpart of --root: paths relative to the root, its file tools registered). One
// process per task, so every task is a fresh agent session.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { getEncoding } from 'js-tiktoken';

export type ServerName = 'loupe' | 'repomix';

export interface Answer {
  tool: string;
  args: Record<string, unknown>;
  /** The content text of the result exactly as returned (its text parts, joined by newlines). */
  raw: string;
  /** `raw` with the server's random per-call ids replaced by one fixed id (what is counted). */
  text: string;
  /** o200k_base tokens of `text`. */
  tokens: number;
  isError: boolean;
}

export interface Session {
  call(tool: string, args: Record<string, unknown>): Promise<Answer>;
  /** Ends the server process; returns what it wrote to stderr. */
  close(): Promise<string>;
}

const enc = getEncoding('o200k_base');
export const countO200k = (text: string): number => enc.encode(text, [], []).length;

/**
 * Both servers put a fresh random 16-hex-digit id into their answers (Loupe: the nonce fencing each
 * data block; Repomix: the output id of a pack). Their tokenization varies from call to call, so
 * each is replaced by this one id before counting: the same repositories give the same numbers.
 */
export const FIXED_ID = '5d1f8a3c9e27b064';
const LOUPE_NONCE = /(untrusted-data-)[0-9a-f]{16}/g;
const REPOMIX_ID = /outputId\\?"\s*:\s*\\?"([0-9a-f]{16})|outputId: ([0-9a-f]{16})/g;

async function connect(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  stable: (raw: string) => string,
): Promise<Session> {
  const transport = new StdioClientTransport({
    command,
    args,
    cwd,
    env: { NO_COLOR: '1', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 1 << 16) stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'loupe-agent-bench', version: '1.0.0' });
  await client.connect(transport);
  return {
    async call(tool, callArgs) {
      const r = await client.callTool({ name: tool, arguments: callArgs });
      const content = (r.content ?? []) as Array<{ type: string; text?: string }>;
      const raw = content.map((c) => c.text ?? '').join('\n');
      const text = stable(raw);
      return { tool, args: callArgs, raw, text, tokens: countO200k(text), isError: Boolean(r.isError) };
    },
    async close() {
      await client.close();
      return stderr;
    },
  };
}

export function startLoupe(
  cliBin: string,
  root: string,
  stateDir: string,
  cacheDir: string,
): Promise<Session> {
  return connect(
    process.execPath,
    [cliBin, 'mcp', '--root', root],
    root,
    { LOUPE_STATE_DIR: stateDir, LOUPE_CACHE_DIR: cacheDir },
    (raw) => raw.replace(LOUPE_NONCE, `$1${FIXED_ID}`),
  );
}

export function startRepomix(bin: string, root: string, tmpDir: string): Promise<Session> {
  // Output ids seen in this session; every later mention of one is replaced too.
  const ids = new Set<string>();
  return connect(process.execPath, [bin, '--mcp', '--sandbox', root], root, { TMPDIR: tmpDir }, (raw) => {
    for (const m of raw.matchAll(REPOMIX_ID)) ids.add((m[1] ?? m[2])!);
    let out = raw;
    for (const id of ids) out = out.replaceAll(id, FIXED_ID);
    return out;
  });
}
