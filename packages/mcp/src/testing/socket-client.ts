// An SDK client that reaches Loupe through the app's socket, the way `loupe bridge` does.
import net from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { preambleLine } from '../transports/agent-socket';
import { NdjsonTransport } from '../transports/ndjson';
import { type TestClient, wrapClient } from './fixture';

export async function socketClient(
  socketPath: string,
  cwd: string | undefined,
  name = 'socket-client',
  /** MAX_MCP_OUTPUT_TOKENS as a bridge passes it on. */
  maxOutputTokens?: number,
): Promise<TestClient> {
  const socket = net.connect(socketPath);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  if (cwd !== undefined) socket.write(preambleLine(cwd, maxOutputTokens));
  const client = new Client({ name, version: '2.0.0' });
  await client.connect(new NdjsonTransport(socket, socket));
  return wrapClient(client, () => client.close());
}
