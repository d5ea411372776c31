// What the window's page may load and do, the same in the Electron app (app://loupe/) and in
// browser mode (127.0.0.1): one content security policy and one table of the types its files are
// served with.

/** Content types of the built renderer's files, by extension. */
export const RENDERER_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** The policy; `connect` is what the page may connect to (`'none'` in Electron, which uses IPC). */
export function rendererCsp(connect: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
