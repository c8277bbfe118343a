// Takes screenshots of the built app (light, dark, phone) for a visual check:
// node scripts/screenshot.mjs [outdir]. Needs `node scripts/serve-pages.mjs` running.
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

const out = process.argv[2] ?? 'test-results/screens';
const base = process.env.APP_URL ?? 'http://127.0.0.1:4173/robots-txt-tester/';
const browser = await chromium.launch({
  ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const [name, opts] of [
  ['light', { viewport: { width: 1360, height: 860 }, colorScheme: 'light' }],
  ['dark', { viewport: { width: 1360, height: 860 }, colorScheme: 'dark' }],
  ['phone', { viewport: { width: 390, height: 844 }, colorScheme: 'light', deviceScaleFactor: 2 }],
]) {
  const page = await browser.newPage(opts);
  page.on('pageerror', (e) => console.error('pageerror', e));
  await page.goto(base);
  await page.waitForSelector('[data-testid=verdict][data-verdict]');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: name === 'phone' });
  await page.close();
}
await browser.close();
