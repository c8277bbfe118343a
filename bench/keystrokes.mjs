// A focused run of the 500 KB keystroke rows of `npm run bench` (issue 26): typing at the start,
// in the middle of the big group and at the end of the file, beside the bare CodeMirror floor
// typed at the same place, with the readers' chips on screen and hidden. Builds first.
// `node bench/keystrokes.mjs [start,middle,end] [synthetic|real]`: real types in the real-shaped file.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserBench } from './browser.mjs';
import { serveFloorPage } from './floor.mjs';
import { makeRealShapedRobots, makeRobots } from './inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const port = Number(process.env.BENCH_PORT ?? 4397);
const server = spawn(process.execPath, [join(root, 'scripts/serve-pages.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 600));
const { chromium } = await import('@playwright/test');
const browser = await chromium.launch({
  ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const floor = await serveFloorPage(root, port + 1);
const { floorKeystrokes, appKeystrokes } = browserBench(`http://127.0.0.1:${port}/robots-txt-tester/`);
const text = process.argv[3] === 'real' ? makeRealShapedRobots(join(root, '..', 'shared', 'corpus', 'real')) : makeRobots(500_000);
const lat = (m) => `${m.p50_ms.toFixed(1)} / ${m.p95_ms.toFixed(1)} ms`;
try {
  console.log('| 500 KB, typing at | floor | app, readers shown | app, readers hidden | app − floor (p50 / p95) |\n|---|---|---|---|---|');
  for (const where of (process.argv[2] ?? 'start,middle,end').split(',')) {
    const fl = await floorKeystrokes(browser, floor.url, 'echo', text, where);
    const shown = await appKeystrokes(browser, text, where, true);
    const hidden = await appKeystrokes(browser, text, where, false);
    console.log(`| ${where} | ${lat(fl)} | ${lat(shown)} | ${lat(hidden)} | ${(shown.p50_ms - fl.p50_ms).toFixed(1)} / ${(shown.p95_ms - fl.p95_ms).toFixed(1)} ms |`);
  }
} finally {
  floor.stop();
  await browser.close();
  server.kill();
}
