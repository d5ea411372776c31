// MCP resources for clients that use them: the focus packed (`loupe://focus/pack`) and one resource
// per focused file (`loupe://focus/file/<path>`). A read is the tool call it stands for (`pack`,
// `get_file` with fresh:true), so it passes the same jail, pipeline, sizing, ledger and receipt.
// Subscribers hear `notifications/resources/updated` when the focus or a subscribed file changes,
// and `notifications/resources/list_changed` when the focused files do.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpProject } from './project';
import type { CallOutcome } from './registry';

export const PACK_URI = 'loupe://focus/pack';
const FILE_PREFIX = 'loupe://focus/file/';
/** Resources per page of resources/list. */
const PAGE = 500;

export function fileUri(path: string): string {
  return FILE_PREFIX + path.split('/').map(encodeURIComponent).join('/');
}

/** The project path of a file resource, or undefined for any other URI. */
export function pathOfUri(uri: string): string | undefined {
  if (!uri.startsWith(FILE_PREFIX)) return undefined;
  try {
    return uri.slice(FILE_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

export type RunTool = (name: string, args: Record<string, unknown>) => Promise<CallOutcome>;

/** Serves the resources on `server` for one session; returns the disposer of its subscriptions. */
export function serveResources(server: Server, project: McpProject, run: RunTool): () => void {
  const subscribed = new Set<string>();

  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const files = project.focused();
    const start = Number(request.params?.cursor ?? 0);
    if (!Number.isSafeInteger(start) || start < 0 || start > files.length)
      throw new McpError(ErrorCode.InvalidParams, 'Unknown cursor; list the resources again without one.');
    const page = files.slice(start, start + PAGE).map((f) => ({
      uri: fileUri(f.path),
      name: f.path,
      mimeType: 'text/plain',
      ...(f.size !== undefined ? { size: f.size } : {}),
    }));
    const pack = {
      uri: PACK_URI,
      name: 'The focus, packed',
      description: 'The files in focus packed into one document, as the pack tool sends it.',
      mimeType: 'text/markdown',
    };
    const next = start + PAGE < files.length ? { nextCursor: String(start + PAGE) } : {};
    return { resources: start === 0 ? [pack, ...page] : page, ...next };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    let out: CallOutcome;
    if (uri === PACK_URI) out = await run('pack', {});
    else {
      const path = pathOfUri(uri);
      if (path === undefined)
        throw new McpError(
          ErrorCode.InvalidParams,
          `Unknown resource ${JSON.stringify(uri)}; list them with resources/list.`,
        );
      if (!project.inFocus(path))
        throw new McpError(
          ErrorCode.InvalidParams,
          `${JSON.stringify(path)} is not in the focus, so it is no resource; read it with the get_file tool.`,
        );
      out = await run('get_file', { path, fresh: true });
    }
    if (out.isError) throw new McpError(ErrorCode.InvalidParams, out.text);
    return {
      contents: [{ uri, mimeType: uri === PACK_URI ? 'text/markdown' : 'text/plain', text: out.text }],
    };
  });

  server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });

  const updated = (uri: string) => {
    if (subscribed.has(uri)) server.sendResourceUpdated({ uri }).catch(() => {});
  };
  const listChanged = () => server.sendResourceListChanged().catch(() => {});
  const offFocus = project.ws.onDidChangeFocus(() => {
    updated(PACK_URI);
    listChanged();
  });
  const offFiles = project.ws.onDidChangeFiles((e) => {
    let focused = false;
    for (const p of [...e.added, ...e.changed, ...e.removed]) {
      if (!project.inFocus(p)) continue;
      focused = true;
      updated(fileUri(p));
    }
    if (focused) updated(PACK_URI);
    if ([...e.added, ...e.removed].some((p) => project.inFocus(p))) listChanged();
  });
  return () => {
    offFocus();
    offFiles();
    subscribed.clear();
  };
}
