// Strict focus in get_file: a read of a visible file outside the focus becomes a request to the
// person (through the project's asker, i.e. the window). The call waits for the answer within the
// asker's bound, sending progress notifications when the client asked for them; the answer is
// either a grant (read once, or the path ticked) or a refusal in Loupe's words with the next step.
import type { AccessRequestReceipt } from '@loupe/engine';
import { jailPath } from '@loupe/engine';
import type { AccessAnswer } from '../access';
import { call, quoted, shellWord, span } from '../format';
import type { CallContext } from '../registry';
import { dataBlock } from '../untrusted';
import type { ReadRequest } from './read-one';

export type Gate =
  | { kind: 'open' }
  | { kind: 'granted'; how: 'once' | 'added'; revision?: number; receipt: AccessRequestReceipt }
  | { kind: 'refused'; parts: string[]; error: string; receipt: AccessRequestReceipt };

const OPEN = { kind: 'open' } as const;
const MAX_WAITING_TEXT = 'too many requests already wait for the developer in the Loupe window.';
const END = Number.MAX_SAFE_INTEGER;

/** "lines 88–140", "symbol Server.listen", "the whole file": how the card names what was asked. */
export function askedPart(req: ReadRequest): string {
  if (req.symbol) return `symbol ${req.symbol}`;
  if (req.lines) return `lines ${req.lines[1] >= END ? `${req.lines[0]}–end` : span(...req.lines)}`;
  return 'the whole file';
}

/** `loupe focus 'ROOT' --add 'PATH'`: project text, so it travels in a data block. */
export function addCommand(root: string, p: string): string {
  return dataBlock(
    'Command that adds it to the focus',
    `loupe focus ${shellWord(root)} --add ${shellWord(p)}`,
  );
}

function receipt(
  req: ReadRequest,
  path: string,
  asked: Date,
  decision: AccessRequestReceipt['decision'],
  decidedBy: AccessRequestReceipt['decidedBy'],
  at: Date,
): AccessRequestReceipt {
  return {
    path,
    ...(req.lines ? { lines: req.lines } : {}),
    ...(req.symbol ? { bySymbol: true } : {}),
    asked: asked.toISOString(),
    decision,
    decidedBy,
    decidedAt: at.toISOString(),
  };
}

/**
 * Whether `req` may be read as it stands (not strict, in focus, or refused by the jail anyway), or
 * what the person decided. Waits while the person decides.
 */
export async function gate(req: ReadRequest, ctx: CallContext, tool = 'get_file'): Promise<Gate> {
  const { project, session } = ctx;
  if (!project.strict) return OPEN;
  const v = jailPath(req.path, project.jail);
  if (!v.ok || v.kind !== 'file' || project.inFocus(v.path)) return OPEN;
  const p = v.path;
  const asked = new Date();
  const asker = project.asker;
  if (!asker)
    return {
      kind: 'refused',
      parts: [
        `Refused: strict focus is on for this project and ${quoted(p)} is not in the focus; no Loupe window is open to ask the developer (this server runs headless). The developer can tick it with the loupe focus command below, or open the project in the Loupe app, where your request reaches them; then call ${call(tool, { path: p })} again. Meanwhile work with the files in the focus (get_tree).`,
        addCommand(project.root, p),
      ],
      error: 'strict-headless',
      receipt: receipt(req, p, asked, 'headless', 'no window', asked),
    };

  const seconds = Math.max(1, Math.round(asker.timeoutMs / 1000));
  const waiting = `Waiting for the developer to answer in the Loupe window: may this session read ${quoted(p)} (${askedPart(req)})? Up to ${seconds} s.`;
  const send = () => ctx.progress?.(waiting).catch(() => {});
  let timer: ReturnType<typeof setInterval> | undefined;
  if (ctx.progress) {
    void send();
    timer = setInterval(send, project.progressMs);
  }
  let answer: AccessAnswer;
  try {
    answer = await asker.ask(
      {
        sessionId: session.id,
        client: session.client?.name ?? `unnamed client (${session.info.transport})`,
        path: p,
        ...(req.lines ? { lines: req.lines } : {}),
        ...(req.symbol ? { symbol: req.symbol } : {}),
        tool,
      },
      ctx.signal,
    );
  } finally {
    if (timer) clearInterval(timer);
  }
  const rec = receipt(req, p, asked, answer.decision, answer.decidedBy, answer.at);
  const askedFor = `strict focus is on, so Loupe asked the developer whether you may read ${quoted(p)} (${askedPart(req)})`;
  switch (answer.decision) {
    case 'allow-once':
      return { kind: 'granted', how: 'once', receipt: rec };
    case 'add-to-focus':
      return {
        kind: 'granted',
        how: 'added',
        ...(answer.revision !== undefined ? { revision: answer.revision } : {}),
        receipt: rec,
      };
    case 'deny':
      return {
        kind: 'refused',
        parts: [
          `Refused: ${askedFor}; they chose Deny. Do not ask for it again unless the developer says so; work with the files in the focus (get_tree, search), or say in your reply why you need it, so the developer can tick it.`,
        ],
        error: 'denied',
        receipt: rec,
      };
    case 'timeout':
      return {
        kind: 'refused',
        parts: [
          `Refused: ${askedFor}; nobody answered within ${seconds} s, so the request lapsed. Ask the developer in your reply to tick it in Loupe (or to run the loupe focus command below), then call ${call(tool, { path: p })} again; meanwhile work with the files in the focus.`,
          addCommand(project.root, p),
        ],
        error: 'not-answered',
        receipt: rec,
      };
    case 'busy':
      return {
        kind: 'refused',
        parts: [
          `Refused: strict focus is on and ${quoted(p)} is not in the focus; ${MAX_WAITING_TEXT} Wait for the developer's answers to those, then ask again.`,
        ],
        error: 'too-many-requests',
        receipt: rec,
      };
    default:
      return {
        kind: 'refused',
        parts: [`Refused: ${askedFor}; the call was cancelled before they answered.`],
        error: 'withdrawn',
        receipt: rec,
      };
  }
}
