// The opt-in MCP Streamable HTTP endpoint of the open project (the `httpEndpoint` setting), owned
// by the host so the app and `loupe serve` share one implementation. It runs on 127.0.0.1 with the
// token stored in Loupe's state folder; the port it got is remembered, so agent configurations
// that name the URL keep working across restarts (a taken port falls back to a free one).
import path from 'node:path';
import { readState, writeState } from '@loupe/engine';
import { type HttpEndpoint, type McpProject, startHttpServer } from '@loupe/mcp';

export interface HttpEndpointOptions {
  stateDir: string;
  /** A fixed port (tests: 0); default the remembered one, else a free one. */
  port?: number;
}

export class HttpEndpointRunner {
  private endpoint: HttpEndpoint | undefined;
  private project: McpProject | undefined;
  private queue: Promise<void> = Promise.resolve();
  /** Why the endpoint is not running although it was asked for. */
  problem: string | undefined;

  constructor(private readonly options: HttpEndpointOptions) {}

  /** The running endpoint's address and token, or null. */
  get info(): { url: string; token: string } | null {
    return this.endpoint ? { url: this.endpoint.url, token: this.endpoint.token } : null;
  }

  /**
   * Serves `project` over HTTP, or stops serving (undefined). Calls run one after another, so a
   * quick on/off/on never leaves two listeners; it resolves once the change took effect.
   */
  serve(project: McpProject | undefined): Promise<void> {
    this.queue = this.queue.then(() => this.apply(project));
    return this.queue;
  }

  private async apply(project: McpProject | undefined): Promise<void> {
    if (project && project === this.project && this.endpoint) return;
    const running = this.endpoint;
    this.endpoint = undefined;
    this.project = undefined;
    this.problem = undefined;
    await running?.close().catch(() => {});
    if (!project) return;
    try {
      this.endpoint = await this.listen(project);
      this.project = project;
    } catch (error) {
      this.problem = `The HTTP endpoint did not start (${(error as Error).message}).`;
    }
  }

  private get portFile(): string {
    return path.join(this.options.stateDir, 'http-endpoint.json');
  }

  private async listen(project: McpProject): Promise<HttpEndpoint> {
    const { stateDir } = this.options;
    if (this.options.port !== undefined)
      return startHttpServer(project, { stateDir, port: this.options.port });
    const last = readState(this.portFile, (raw) => {
      const port = (raw as { port?: unknown } | null)?.port;
      return Number.isInteger(port) && (port as number) > 0 && (port as number) < 65536
        ? (port as number)
        : undefined;
    }).value;
    let endpoint: HttpEndpoint;
    try {
      endpoint = await startHttpServer(project, { stateDir, port: last ?? 0 });
    } catch (error) {
      if (last === undefined) throw error;
      endpoint = await startHttpServer(project, { stateDir, port: 0 }); // the old port is taken
    }
    if (endpoint.port !== last) {
      try {
        writeState(this.portFile, { port: endpoint.port });
      } catch {
        // not remembering the port only costs a new URL next time
      }
    }
    return endpoint;
  }
}
