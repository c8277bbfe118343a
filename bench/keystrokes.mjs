// A focused run of the keystroke rows of `npm run bench`: typing at the start, in
// the middle and at the end of a 500 KB file, beside the bare CodeMirror floor typed at the same
// place; the synthetic file with the readers' chips on screen and hidden, the real-shaped file
// (median of `KEYSTROKE_RUNS` page loads, 3 by default), or the 5 and 50 KB files. Builds first.
// `node bench/keystrokes.mjs [start,middle,end] [synthetic|real|small]`
// Ports: BENCH_PORT (the app, 4397 by default) and BENCH_FLOOR_PORT (the floor page, BENCH_PORT + 1),
// so runs beside each other never collide.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserBench, openApp } from './browser.mjs';
import { serveFloorPage } from './floor.mjs';
import { makeRealShapedRobots, makeRobots } from './inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 4397);
const floorPort = Number(process.env.BENCH_FLOOR_PORT ?? port + 1);
const app = await openApp(root, port);
const { browser } = app;
const floor = await serveFloorPage(root, floorPort);
const { floorKeystrokes, appKeystrokes } = browserBench(app.base);
const mode = process.argv[3] ?? 'synthetic';
const places = (process.argv[2] ?? 'start,middle,end').split(',');
const runs = Number(process.env.KEYSTROKE_RUNS ?? 3);
const lat = (m) => `${m.p50_ms.toFixed(1)} / ${m.p95_ms.toFixed(1)} ms`;
const gap = (app, fl) => `${(app.p50_ms - fl.p50_ms).toFixed(1)} / ${(app.p95_ms - fl.p95_ms).toFixed(1)} ms`;
const medianRun = (xs) => [...xs].sort((a, b) => a.p50_ms - b.p50_ms)[Math.floor(xs.length / 2)];
try {
  if (mode === 'synthetic') {
    const text = makeRobots(500_000);
    console.log('| 500 KB, typing at | floor | app, readers shown | app, readers hidden | app − floor (p50 / p95) |\n|---|---|---|---|---|');
    for (const where of places) {
      const fl = await floorKeystrokes(browser, floor.url, 'echo', text, where);
      const shown = await appKeystrokes(browser, text, where, true);
      const hidden = await appKeystrokes(browser, text, where, false);
      console.log(`| ${where} | ${lat(fl)} | ${lat(shown)} | ${lat(hidden)} | ${gap(shown, fl)} |`);
    }
  } else {
    // The floor and the app alternate, `runs` page loads each; the median run of each is compared.
    const files = mode === 'real'
      ? places.map((where) => [`real-shaped 500 KB, ${where}`, makeRealShapedRobots(join(root, '..', 'shared', 'corpus', 'real')), where])
      : [['5 KB', makeRobots(5_000), 'start'], ['50 KB', makeRobots(50_000), 'start']];
    console.log('| file, typing at | floor (median run) | app, readers shown (median run) | app − floor (p50 / p95) | app p50 runs |\n|---|---|---|---|---|');
    for (const [name, text, where] of files) {
      const fl = [];
      const app = [];
      for (let i = 0; i < runs; i++) {
        fl.push(await floorKeystrokes(browser, floor.url, 'echo', text, where));
        app.push(await appKeystrokes(browser, text, where, true));
      }
      const [f, a] = [medianRun(fl), medianRun(app)];
      console.log(`| ${name} | ${lat(f)} | ${lat(a)} | ${gap(a, f)} | ${app.map((r) => r.p50_ms.toFixed(1)).join(', ')} (floor ${fl.map((r) => r.p50_ms.toFixed(1)).join(', ')}) |`);
    }
  }
} finally {
  floor.stop();
  await app.close();
}
