import { defineConfig } from '@playwright/test';

// Playwright cannot download browsers here: Debian's Chromium is used (see .ci/run).
const chromium = process.env.LOUPE_CHROMIUM ?? '/usr/lib/chromium/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    },
    screenshot: 'off',
    trace: 'off',
  },
});
