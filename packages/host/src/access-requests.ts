// Strict focus in the window: reads outside the focus wait here for the person's answer. Each
// request becomes a card at once (didChangeAccessRequests, newest first; several can wait) and
// resolves the agent's waiting call with the person's choice, with 'timeout' when the bound runs
// out, or with 'withdrawn' when the agent cancels or disconnects. Nothing of the content passes here.
import { randomUUID } from 'node:crypto';
import type { AccessChoice, AccessRequestInfo } from '@loupe/common';
import type { AccessAnswer, AccessAsker, AccessRequest } from '@loupe/mcp';
import { askedPart } from '@loupe/mcp';
import { HostError } from './errors';
import type { HostEventBus } from './events';

/** Long enough to read a card; below the 60 s after which the MCP SDK's clients give up by default. */
export const DEFAULT_ASK_TIMEOUT_MS = 50_000;

/**
 * The bound from LOUPE_ASK_TIMEOUT_MS (tests and e2e shorten it), when it is a whole number of
 * milliseconds from 100 to one hour; otherwise undefined (the default applies).
 */
export function askTimeoutFromEnv(env: Record<string, string | undefined>): number | undefined {
  const raw = env.LOUPE_ASK_TIMEOUT_MS;
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  const ms = Number(raw);
  return ms >= 100 && ms <= 3_600_000 ? ms : undefined;
}

interface Waiting {
  info: AccessRequestInfo;
  settle(answer: AccessAnswer): void;
}

const CHOICES: readonly AccessChoice[] = ['allow-once', 'add-to-focus', 'deny'];
/** Cards that may wait at once: more is refused at once (an agent cannot bury the window). */
export const MAX_WAITING = 16;

export class AccessRequests implements AccessAsker {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly bus: HostEventBus,
    /** Ticks a path (the person chose Add to focus); returns the new focus revision. */
    private readonly addToFocus: (path: string) => number,
    readonly timeoutMs: number = DEFAULT_ASK_TIMEOUT_MS,
  ) {}

  ask(request: AccessRequest, signal?: AbortSignal): Promise<AccessAnswer> {
    if (this.waiting.size >= MAX_WAITING)
      return Promise.resolve({ decision: 'busy', decidedBy: 'bound', at: new Date() });
    const now = Date.now();
    const info: AccessRequestInfo = {
      id: randomUUID(),
      sessionId: request.sessionId,
      client: request.client,
      path: request.path,
      part: askedPart(request),
      tool: request.tool,
      at: now,
      until: now + this.timeoutMs,
    };
    return new Promise<AccessAnswer>((resolve) => {
      const end = (answer: AccessAnswer) => {
        if (!this.waiting.delete(info.id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(answer);
        this.changed();
      };
      const timer = setTimeout(
        () => end({ decision: 'timeout', decidedBy: 'time limit', at: new Date() }),
        this.timeoutMs,
      );
      const onAbort = () => end({ decision: 'withdrawn', decidedBy: 'agent', at: new Date() });
      if (signal?.aborted) return resolve({ decision: 'withdrawn', decidedBy: 'agent', at: new Date() });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(info.id, { info, settle: end });
      this.changed();
    });
  }

  /** Waiting requests, newest first. */
  list(): AccessRequestInfo[] {
    return [...this.waiting.values()].map((w) => w.info).reverse(); // the map keeps arrival order
  }

  answer(id: string, choice: AccessChoice): AccessRequestInfo[] {
    if (!CHOICES.includes(choice))
      throw new HostError(
        'invalid-argument',
        `Answer a request with ${CHOICES.join(', ')}, not ${String(choice)}.`,
      );
    const w = this.waiting.get(id);
    if (!w)
      throw new HostError(
        'invalid-argument',
        'That request is no longer waiting: it was answered, lapsed, or the agent withdrew it.',
      );
    const at = new Date();
    if (choice === 'add-to-focus') {
      const revision = this.addToFocus(w.info.path);
      w.settle({ decision: choice, decidedBy: 'person', at, revision });
    } else w.settle({ decision: choice, decidedBy: 'person', at });
    return this.list();
  }

  /** The project closes: every waiting read is withdrawn (its agent gets a refusal). */
  close(): void {
    for (const w of [...this.waiting.values()])
      w.settle({ decision: 'withdrawn', decidedBy: 'no window', at: new Date() });
  }

  private changed(): void {
    this.bus.emit('didChangeAccessRequests', this.list());
  }
}
