// The window's security settings in one place: the app:// protocol that serves the built renderer
// (and nothing else) with a strict CSP, no remote content, no navigation, no new windows, no
// webviews, and only the clipboard permission.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RENDERER_TYPES, rendererCsp } from '@loupe/host/serve/renderer-policy';
import { app, protocol, session, type WebContents } from 'electron';

export const APP_ORIGIN = 'app://loupe';

/** The window's policy: it connects nowhere (the host is reached over IPC). */
export const CSP = rendererCsp("'none'");

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false },
    },
  ]);
}

export function isAppUrl(url: string): boolean {
  return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
}

/** Serves dist/renderer on app://loupe/, path-jailed, with the CSP on every response. */
export function serveRenderer(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  protocol.handle('app', (request) => {
    const url = new URL(request.url);
    const rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = path.resolve(root, `.${path.posix.normalize(rel)}`);
    if (url.host !== 'loupe' || !file.startsWith(root + path.sep) || !existsSync(file))
      return new Response('Not found', { status: 404 });
    return new Response(readFileSync(file), {
      headers: {
        'Content-Type': RENDERER_TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': CSP,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}

/** Blocks every request that is not app:// or devtools, and every permission but the clipboard. */
export function lockDownSession(): void {
  const s = session.defaultSession;
  s.webRequest.onBeforeRequest((details, callback) => {
    const ok =
      details.url.startsWith(`${APP_ORIGIN}/`) ||
      details.url.startsWith('devtools://') ||
      details.url.startsWith('blob:');
    callback({ cancel: !ok });
  });
  s.setPermissionRequestHandler((_wc, permission, callback) =>
    callback(permission === 'clipboard-sanitized-write'),
  );
  s.setPermissionCheckHandler((_wc, permission) => permission === 'clipboard-sanitized-write');
}

/** Applied to every web contents the app creates. */
export function guardContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export function watchAllContents(): void {
  app.on('web-contents-created', (_event, contents) => guardContents(contents));
}
