// Newline-delimited JSON-RPC over a pair of streams (a Unix socket or named pipe both ways, or
// stdin/stdout): the MCP stdio framing, usable on either end. When the input ends, requests
// already received are still answered, then the transport closes (exactly once).
import type { Readable, Writable } from 'node:stream';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

type Msg = { id?: unknown; method?: unknown };

export class NdjsonTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();
  private closed = false;
  private started = false;
  private ended = false;
  /** Requests received and not yet answered (this end as the server). */
  private pending = 0;

  /** `initial` holds bytes already read from `input` (after a preamble line). */
  constructor(
    private readonly input: Readable,
    private readonly output: Writable = input as unknown as Writable,
    private readonly initial?: Buffer,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('NdjsonTransport already started');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
    this.input.on('end', this.onEnd);
    this.input.on('close', this.onInputClose);
    if (this.output !== (this.input as unknown)) this.output.on('error', this.onError);
    if (this.initial?.length) this.onData(this.initial);
  }

  private readonly onData = (chunk: Buffer) => {
    try {
      this.buffer.append(chunk);
    } catch (error) {
      this.onerror?.(error as Error); // a message larger than the buffer bound
      void this.close();
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      if (!message) break;
      const m = message as Msg;
      if (m.id !== undefined && typeof m.method === 'string') this.pending++;
      this.onmessage?.(message);
    }
  };

  private readonly onError = (error: Error) => this.onerror?.(error);
  private readonly onEnd = () => {
    this.ended = true;
    if (this.pending <= 0) this.shutdown();
  };
  private readonly onInputClose = () => {
    this.ended = true;
    // A socket closed both ways can carry no answer: close now, so waiting calls (a strict-focus
    // request) are aborted rather than left waiting for nobody.
    const socket = this.output === (this.input as unknown);
    if (this.pending <= 0 || (socket && this.output.destroyed)) this.shutdown();
  };

  private shutdown(): void {
    if (this.closed) return;
    this.output.end();
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.buffer.clear();
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed || this.output.destroyed || this.output.writableEnded)
        return reject(new Error('The connection is closed.'));
      const m = message as Msg;
      const answer = m.id !== undefined && typeof m.method !== 'string';
      const done = () => {
        if (answer && --this.pending <= 0 && this.ended) this.shutdown();
        resolve();
      };
      if (this.output.write(serializeMessage(message))) done();
      else this.output.once('drain', done);
    });
  }

  async close(): Promise<void> {
    this.output.end();
    if ('destroy' in this.input && this.output === (this.input as unknown)) this.input.destroy();
    this.finish();
  }
}
