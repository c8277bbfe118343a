// A focused run of the Bulk row of `npm run bench`: 100,000 distinct URLs imported as a .txt file
// into the Bulk tab holding the 500 KB file, timed from the file pick to the summary on screen
// (`BULK_RUNS` imports, 3 by default). Builds first unless BENCH_NO_BUILD=1; BULK_PROFILE=<file>
// writes the page thread's CPU profile of the last import (open it in Chrome's DevTools);
// BULK_PICK_MS=<ms> opens the tab that long before the first import (1,000 by default, as in the
// bench: a file chosen in the browser's dialog).
// `node bench/bulk.mjs`; the app is served on BENCH_PORT (4397 by default).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserBench, openApp } from './browser.mjs';
import { makeRobots, makeUrls } from './inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const app = await openApp(root, Number(process.env.BENCH_PORT ?? 4397));
const { pasteRobots, bulkImportTimes } = browserBench(app.base);
const text = makeRobots(500_000);
const urls = [...new Set(makeUrls(text, 200_000))].slice(0, 100_000);
try {
  const page = await app.browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(app.base);
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
  await app.close();
}
