// Token comparison for the endpoints that take a secret token (the MCP HTTP endpoint's bearer
// token, the browser server's session token). Its own module: the browser server needs it before
// anything of MCP has loaded (`loupe serve` prints its address first).
import { timingSafeEqual } from 'node:crypto';

/** Compares a given token with the expected one in constant time. */
export function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
