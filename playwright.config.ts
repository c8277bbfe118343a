import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

// Debian's Chromium where it exists (Playwright cannot download browsers on closed networks).
const systemChromium = '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/robots-txt-tester/`,
    trace: 'on-first-retry',
    launchOptions: {
      ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The production build, served under a sub-path as GitHub Pages serves it.
    command: `node scripts/serve-pages.mjs`,
    env: { PORT: String(port) },
    url: `http://127.0.0.1:${port}/robots-txt-tester/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
