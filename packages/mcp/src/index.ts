// The MCP server over an engine workspace, and its transports.
export type { AccessAnswer, AccessAsker, AccessRequest } from './access';
export { MASKING_OFF, maskingTrailer } from './content/notices';
export { createPipelineSource } from './content/pipeline-source';
export type { ContentSource } from './content/source';
export { lenientTransport } from './lenient';
export { McpProject, type ProjectOptions } from './project';
export { inputSchemaOf, ToolRegistry } from './registry';
export { type RenderedRelations, renderRelations, renderRelationsResult } from './render/relations';
export {
  getFileCall,
  type RenderedSearch,
  type RenderSearchOptions,
  renderSearch,
  renderSearchResult,
} from './render/search';
export {
  CHAR_MARGIN,
  type ClientLimits,
  clientLimits,
  type ReplyBudget,
  replyBudget,
  TOKEN_MARGIN,
} from './reply-limits';
export {
  type Connection,
  type ConnectOptions,
  connectSession,
  SERVER_NAME,
  SERVER_VERSION,
  toolRegistry,
} from './server';
export { askedPart } from './tools/ask';
export {
  AgentSocket,
  type AgentSocketOptions,
  NO_PROJECT_ERROR,
  type Preamble,
  preambleLine,
} from './transports/agent-socket';
export { sameToken } from './transports/constant-time';
export {
  type HttpEndpoint,
  type HttpServerOptions,
  loadOrCreateToken,
  startHttpServer,
  tokenFile,
} from './transports/http';
export { NdjsonTransport } from './transports/ndjson';
export {
  checkSocket,
  defaultSocketPath,
  ensureSocketDir,
  type SocketCheck,
} from './transports/socket-path';
export {
  type BridgeOptions,
  connectToApp,
  findProjectRoot,
  type HeadlessOptions,
  openHeadless,
  pipeToApp,
  runBridge,
  type StdioIo,
  serveStdio,
} from './transports/stdio';
export { dataBlock, parseBlocks } from './untrusted';
