// The renderer build: React, relative asset paths (served from app://loupe/ in Electron and from
// 127.0.0.1 by `loupe serve`), no inline scripts (the CSP allows only 'self').
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./src/renderer'),
  base: './',
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@loupe\/common$/, replacement: here('../../packages/common/src/index.ts') }],
  },
  build: {
    outDir: here('./dist/renderer'),
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1024,
  },
  logLevel: 'warn',
});
