// Lenient arguments, strict schemas. Agents send numbers and booleans as strings, lists as one
// string, and sometimes the whole arguments object as a JSON string; all of that is accepted here,
// while the schemas clients see stay plain (type, enum, min/max: no combinators).
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

/** Key under which arguments that were an unparsable JSON string reach the tool registry. */
export const BAD_JSON_KEY = '__loupe_unparsable_arguments';

function normalizeMessage(message: JSONRPCMessage): JSONRPCMessage {
  const m = message as { method?: string; params?: { arguments?: unknown } };
  if (m.method !== 'tools/call' || !m.params) return message;
  const args = m.params.arguments;
  if (args === null) return { ...m, params: { ...m.params, arguments: {} } } as unknown as JSONRPCMessage;
  if (typeof args !== 'string') return message;
  let parsed: unknown;
  try {
    parsed = args.trim() === '' ? {} : JSON.parse(args);
  } catch {
    parsed = undefined;
  }
  const fixed =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : { [BAD_JSON_KEY]: args.length };
  return { ...m, params: { ...m.params, arguments: fixed } } as unknown as JSONRPCMessage;
}

/** Wraps a transport so `tools/call` arguments given as a JSON string become an object. */
export function lenientTransport(inner: Transport): Transport {
  const outer: Transport = {
    start: () => inner.start(),
    send: (message, options) => inner.send(message, options),
    close: () => inner.close(),
    get sessionId() {
      return inner.sessionId;
    },
  };
  if (inner.setProtocolVersion) outer.setProtocolVersion = (v) => inner.setProtocolVersion?.(v);
  inner.onmessage = (message, extra) => outer.onmessage?.(normalizeMessage(message), extra);
  inner.onclose = () => outer.onclose?.();
  inner.onerror = (error) => outer.onerror?.(error);
  return outer;
}

const toNumber = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim().replace(/_/g, '');
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : v;
};

const toBoolean = (v: unknown) => {
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (['true', 'yes', '1', 'on'].includes(t)) return true;
    if (['false', 'no', '0', 'off', ''].includes(t)) return false;
  }
  if (v === 1 || v === 0) return v === 1;
  return v;
};

/** A list given as a JSON array string, a comma-separated string, or one value. */
const toList = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t.startsWith('[')) {
    try {
      return JSON.parse(t);
    } catch {
      return v;
    }
  }
  return t === '' ? [] : t.split(',').map((s) => s.trim());
};

export const looseInt = (min: number, max: number) =>
  z.preprocess(toNumber, z.number().int().min(min).max(max));
export const looseBool = () => z.preprocess(toBoolean, z.boolean());
export const looseList = <T extends z.ZodType>(item: T) => z.preprocess(toList, z.array(item));
/** A string that also takes a number or a pair (lines: 40 is line 40, [88, 140] is "88-140"). */
export const looseString = () =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : Array.isArray(v) ? v.join('-') : v), z.string());
