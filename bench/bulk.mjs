// A focused run of the Bulk row of `npm run bench`: 100,000 distinct URLs imported as a .txt file
// into the Bulk tab holding the 500 KB file, timed from the file pick to the summary on screen
// (`BULK_RUNS` imports, 3 by default). Builds first unless BENCH_NO_BUILD=1; BULK_PROFILE=<file>
// writes the page thread's CPU profile of the last import (open it in Chrome's DevTools).
// `node bench/bulk.mjs`; the app is served on BENCH_PORT (4397 by default).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserBench } from './browser.mjs';
import { makeRobots, makeUrls } from './inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.BENCH_NO_BUILD !== '1') execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const port = Number(process.env.BENCH_PORT ?? 4397);
const server = spawn(process.execPath, [join(root, 'scripts/serve-pages.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 600));
const { chromium } = await import('@playwright/test');
const browser = await chromium.launch({
  ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const { pasteRobots, bulkImportTimes } = browserBench(`http://127.0.0.1:${port}/robots-txt-tester/`);
const text = makeRobots(500_000);
const urls = [...new Set(makeUrls(text, 200_000))].slice(0, 100_000);
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/robots-txt-tester/`);
  await page.waitForSelector('[data-testid=verdict][data-verdict]');
  await pasteRobots(page, text);
  const runs = Number(process.env.BULK_RUNS ?? 3);
  const times = await bulkImportTimes(page, urls, runs - 1);
  const cdp = process.env.BULK_PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // The last import after another list, as every import after the first is timed.
  await page.getByTestId('bulk-import').setInputFiles({ name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from(urls[0]) });
  await page.waitForFunction(() => document.querySelector('[data-testid=bulk-summary]')?.textContent?.startsWith('1 URL '));
  times.push(...(await bulkImportTimes(page, urls, 1)));
  if (cdp) writeFileSync(process.env.BULK_PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`bulk 100,000 URLs × 1 crawler: median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')} ms; budget ≤ 1 s)`);
} finally {
  await browser.close();
  server.kill();
}
