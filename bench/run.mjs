// npm run bench: measures the engine in Node (against robots-parser) and the app in real Chromium,
// prints a table against the budgets, and writes bench/results.json and docs/bench-results.md. Not part of npm test.
import { jsBeforeFirstUse } from './js-size.mjs';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { serveFloorPage } from './floor.mjs';
import { makeRealShapedRobots, makeRobots, makeUrls, makeWildcardRobots } from './inputs.mjs';
import { benchEngine, engineRows } from './engine.mjs';
import { benchStream, streamRows } from './stream.mjs';
import { benchLogsCli, logsRows } from './logs.mjs';
import { benchLogsBrowser } from './logs-browser.mjs';
import { benchSiteCaps, benchSiteCli, siteRows } from './site.mjs';
import { benchSiteBrowser } from './site-browser.mjs';
import { benchCrawl, crawlRows } from './crawl.mjs';
import { browserBench } from './browser.mjs';
import { writeResultsPage } from './results-page.mjs';
import { lighthouseMedians, lighthouseRows } from './lighthouse.mjs';
import { traceFirstLoad } from './first-load-trace.mjs';
import { servePages } from '../scripts/serve-pages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const log = (...a) => console.error(...a);

log('building lib/ and dist/ …');
execFileSync(process.execPath, ['scripts/build-lib.mjs', '--no-types'], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });

const { parseRobotsTxt, checkUrl, createChecker } = await import(join(root, 'lib/index.js'));
const robotsParser = require('robots-parser');

const SIZES = [['5 KB', 5_000], ['50 KB', 50_000], ['500 KB', 500_000]];
const texts = Object.fromEntries(SIZES.map(([name, bytes]) => [name, makeRobots(bytes)]));
const urls = makeUrls(texts['500 KB'], 100_000);
// Real sites' files joined until 500 KB (thousands of groups, many agents, CRLF, non-ASCII).
const realShaped = makeRealShapedRobots(join(root, '..', 'shared', 'corpus', 'real')) ?? makeRobots(500_000, 9);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function timeRuns(fn, runs) {
  for (let i = 0; i < Math.min(10, runs); i++) fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

const results = { date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, node_bench: {}, browser: {} };

/**
 * A plain loop summing 2 MB of bytes, timed beside each parse round to show how contended the
 * machine was: on these shared 2-core machines, loops that stream through memory (a parser's,
 * this one) run up to ~2× slower for minutes at a time, depending on what shares the CPU core.
 */
const checkBytes = new Uint8Array(1 << 21).map((_, i) => i * 31);
function machineCheck() {
  const t = performance.now();
  let h = 0;
  for (let i = 0; i < checkBytes.length; i++) h = (h + checkBytes[i]) | 0;
  return { ms: performance.now() - t, h };
}

// Parse times are taken in rounds spread over the whole run, each the median of its parses; the
// table shows each parser's fastest round, as timeit does (slower rounds are other work on the
// machine, not the parser). Every round is kept in results.json with a machine check beside it.
const parseRounds = Object.fromEntries(SIZES.map(([name]) => [name, []]));
function parseRound() {
  for (const [name] of SIZES) {
    const text = texts[name];
    const runs = name === '500 KB' ? 20 : 100;
    const before = machineCheck().ms;
    const ours = timeRuns(() => parseRobotsTxt(text), runs);
    const theirs = timeRuns(() => robotsParser('https://www.example-shop.com/robots.txt', text), Math.max(6, runs / 5));
    parseRounds[name].push({ machine_check_ms: (before + machineCheck().ms) / 2, ours_ms: ours, robots_parser_ms: theirs });
  }
}
function settleParse() {
  for (const [name] of SIZES) {
    const rounds = parseRounds[name];
    const ours = Math.min(...rounds.map((r) => r.ours_ms));
    const theirs = Math.min(...rounds.map((r) => r.robots_parser_ms));
    results.node_bench[`parse ${name}`] = { ours_ms: ours, robots_parser_ms: theirs, ratio: theirs / ours, bytes: Buffer.byteLength(texts[name]), rounds };
  }
}

log('Node: parse …');
machineCheck(); // compiled before the first round's check counts
parseRound();
parseRound();
parseRound();

log('Node: checks per second against the 500 KB file …');
{
  const robots = parseRobotsTxt(texts['500 KB']);
  const warm = urls.slice(0, 2000);
  for (const u of warm) checkUrl(robots, 'Googlebot', u);
  let t = performance.now();
  for (const u of urls) checkUrl(robots, 'Googlebot', u);
  const oursFull = urls.length / ((performance.now() - t) / 1000);
  const check = createChecker(robots, 'Googlebot');
  for (const u of warm) check(u);
  t = performance.now();
  for (const u of urls) check(u);
  const oursBulk = urls.length / ((performance.now() - t) / 1000);
  const rp = robotsParser('https://www.example-shop.com/robots.txt', texts['500 KB']);
  const sample = urls.slice(0, 3000);
  for (const u of sample.slice(0, 200)) rp.isAllowed(u, 'Googlebot');
  t = performance.now();
  for (const u of sample) rp.isAllowed(u, 'Googlebot');
  const theirs = sample.length / ((performance.now() - t) / 1000);
  let matches = 0;
  for (const u of urls.slice(0, 5000)) matches += checkUrl(robots, 'Googlebot', u).matches.length;
  results.node_bench['checks/s (checkUrl, full verdict)'] = { ours: oursFull, robots_parser: theirs, ratio: oursFull / theirs, matchesPerUrl: matches / 5000 };
  results.node_bench['checks/s (createChecker, bulk)'] = { ours: oursBulk, robots_parser: theirs, ratio: oursBulk / theirs };
}

log('Node: checks per second against a wildcard-heavy 500 KB file …');
{
  const text = makeWildcardRobots();
  const robots = parseRobotsTxt(text);
  const wurls = makeUrls(text, 100_000, 4);
  const check = createChecker(robots, 'Googlebot');
  for (const u of wurls.slice(0, 2000)) check(u);
  const t0 = performance.now();
  for (const u of wurls) check(u);
  const ours = wurls.length / ((performance.now() - t0) / 1000);
  const rp = robotsParser('https://www.example-shop.com/robots.txt', text);
  const sample = wurls.slice(0, 2000);
  for (const u of sample.slice(0, 200)) rp.isAllowed(u, 'Googlebot');
  const t1 = performance.now();
  for (const u of sample) rp.isAllowed(u, 'Googlebot');
  const theirs = sample.length / ((performance.now() - t1) / 1000);
  const groups = robots.groupsByToken.get('googlebot');
  const rules = groups.flatMap((g) => robots.groups[g].rules);
  results.node_bench['checks/s (wildcard-heavy group)'] = {
    ours, robots_parser: theirs, ratio: ours / theirs, rules: rules.length,
    withStar: rules.filter((r) => r.pattern.includes('*')).length, leadingStar: rules.filter((r) => r.pattern.startsWith('/*')).length,
  };
}

log('Chromium: keystroke latency, bulk, JavaScript size …');
const port = Number(process.env.BENCH_PORT ?? 4399);
const server = spawn(process.execPath, [join(root, 'scripts/serve-pages.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 600));
const { chromium } = await import('@playwright/test');
/** Chromium as the e2e tests run it, plus `extra` flags. */
const launch = (extra = []) => chromium.launch({
  ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extra],
});
const browser = await launch();
const base = `http://127.0.0.1:${port}/robots-txt-tester/`;

const { floorKeystrokes, appKeystrokes, pasteRobots, bulkImportTimes } = browserBench(base);

const floor = await serveFloorPage(root, port + 1);
try {
  // The floor (a worker that does nothing) and the issue's naive main-thread page, timed the same way.
  results.browser['floor: keystroke → worker answer, bare CodeMirror'] = await floorKeystrokes(browser, floor.url, 'echo', texts['50 KB']);
  for (const [name] of SIZES) results.browser[`floor ${name}`] = await floorKeystrokes(browser, floor.url, 'echo', texts[name]);
  // The same floor with the app's transport: answers on a BroadcastChannel, not held by Chromium.
  for (const [name] of SIZES) results.browser[`broadcast floor ${name}`] = await floorKeystrokes(browser, floor.url, 'broadcast', texts[name]);
  for (const name of ['50 KB', '500 KB']) {
    results.browser[`naive main-thread page ${name}`] = await floorKeystrokes(browser, floor.url, 'naive', texts[name]);
  }
  parseRound();
  parseRound();
  // JavaScript loaded before first use: everything fetched until the first verdict shows.
  {
    const page = await browser.newPage();
    const js = [];
    page.on('response', async (res) => {
      if (/\.js$/.test(new URL(res.url()).pathname)) js.push(res.body().then((b) => ({ url: res.url(), gz: gzipSync(b).length })).catch(() => null));
    });
    await page.goto(base);
    await page.waitForSelector('[data-testid=verdict][data-verdict]');
    const files = (await Promise.all(js)).filter(Boolean);
    const lazy = readdirSync(join(root, 'dist/assets')).filter((f) => f.endsWith('.js'));
    // The critical path: the entry script and its static imports (from index.html) plus the worker;
    // the editor, the other tabs and the diff view load lazily after the page is usable.
    const size = jsBeforeFirstUse(root);
    results.browser['JS before first use (gzip KB)'] = { kb: size.kb, files: size.files };
    results.browser['JS before first use, heaviest language (gzip KB)'] = { kb: size.heaviestKb, catalogue: size.catalogue };
    results.browser['JS fetched before the first verdict (gzip KB)'] = { kb: files.reduce((a, f) => a + f.gz, 0) / 1024, files: [...new Set(files.map((f) => new URL(f.url).pathname.split('/').pop()))] };
    results.browser['JS total (gzip KB)'] = { kb: lazy.reduce((a, f) => a + gzipSync(readFileSync(join(root, 'dist/assets', f))).length, 0) / 1024 };
    await page.close();
  }
  // First verdict after navigation (the production build, the sample case): from navigation
  // start to the verdict on screen, over a few fresh page loads.
  {
    const times = [];
    for (let run = 0; run < 6; run++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.addInitScript(() => {
        new MutationObserver((_, obs) => {
          if (document.querySelector('[data-testid=verdict][data-verdict=allowed], [data-testid=verdict][data-verdict=disallowed]')) {
            console.log(`first verdict ${performance.now()}`);
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true, attributes: true });
      });
      // Told by a console message: polling the page (waitForFunction) ran Playwright's own script
      // on the page's thread while the first verdict was on its way, and delayed it.
      const told = page.waitForEvent('console', (m) => m.text().startsWith('first verdict '));
      told.catch(() => {});
      await page.goto(base);
      const at = Number((await told).text().slice('first verdict '.length));
      if (run > 0) times.push(at);
      await page.close();
    }
    results.browser['first verdict after navigation'] = { ms: median(times), runs: times };
  }
  for (const [name] of SIZES) results.browser[`keystroke → verdict ${name}`] = await appKeystrokes(browser, texts[name]);
  // The 500 KB file at its start, in its big group and at its end, each beside the floor
  // typed at the same place; and the same with the readers' chips hidden (never computed).
  // Shown and hidden alternate three times each and the median run of each is compared: one page
  // load's p50 varies by ±2 ms, more than the +1 ms budget this comparison holds.
  const medianRun = (runs) => [...runs].sort((a, b) => a.p50_ms - b.p50_ms)[Math.floor(runs.length / 2)];
  for (const where of ['start', 'middle', 'end']) {
    results.browser[`floor 500 KB ${where}`] = await floorKeystrokes(browser, floor.url, 'echo', texts['500 KB'], where);
    const shown = [];
    const hidden = [];
    for (let i = 0; i < 3; i++) {
      shown.push(await appKeystrokes(browser, texts['500 KB'], where, true));
      hidden.push(await appKeystrokes(browser, texts['500 KB'], where, false));
    }
    results.browser[`keystroke → verdict 500 KB ${where}`] = { ...medianRun(shown), p50_runs: shown.map((r) => r.p50_ms) };
    results.browser[`keystroke → verdict 500 KB ${where}, no readers`] = { ...medianRun(hidden), p50_runs: hidden.map((r) => r.p50_ms) };
  }
  // The real-shaped 500 KB file typed at its start, middle and end, beside the floor
  // typed at the same place in the same file: 3 page loads each, taking turns, the median run of
  // each compared (one floor load against the app's median of 3 made the gap swing with one load).
  for (const where of ['start', 'middle', 'end']) {
    const floors = [];
    const runs = [];
    for (let i = 0; i < 3; i++) {
      floors.push(await floorKeystrokes(browser, floor.url, 'echo', realShaped, where));
      runs.push(await appKeystrokes(browser, realShaped, where, true));
    }
    results.browser[`floor real-shaped 500 KB ${where}`] = { ...medianRun(floors), p50_runs: floors.map((r) => r.p50_ms) };
    results.browser[`keystroke → verdict real-shaped 500 KB ${where}`] = { ...medianRun(runs), p50_runs: runs.map((r) => r.p50_ms) };
  }
  {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(base);
    await page.waitForSelector('[data-testid=verdict][data-verdict]');
    await pasteRobots(page, texts['500 KB']);
    // 100,000 distinct URLs: Bulk checks a URL listed twice once (the summary counts distinct URLs).
    const times = await bulkImportTimes(page, [...new Set(makeUrls(texts['500 KB'], 200_000))].slice(0, 100_000));
    if (times.length < 2) log('a bulk run timed out after 60 s');
    results.browser['bulk 100,000 URLs × 1 crawler'] = { ms: times.length ? median(times) : Number.NaN, runs: times };
    await page.close();
  }
  parseRound();
  parseRound();
  // The same keystrokes with Chromium's DeferRendererTasksAfterInput switched off: by default
  // Chromium holds posted-message tasks (a worker's answer) after a discrete input event until
  // the next frame has rendered; these rows show what the design does without that hold.
  const undeferred = await launch(['--disable-features=DeferRendererTasksAfterInput']);
  try {
    results.browser['undeferred floor'] = await floorKeystrokes(undeferred, floor.url, 'echo', texts['50 KB']);
    for (const name of ['50 KB', '500 KB']) results.browser[`undeferred keystroke → verdict ${name}`] = await appKeystrokes(undeferred, texts[name]);
  } finally {
    await undeferred.close();
  }
} finally {
  floor.stop();
  await browser.close();
  server.kill();
}

log('Lighthouse: the first load served as GitHub Pages serves it (gzip, max-age=600), mobile and desktop …');
{
  const pages = await servePages({ root: join(root, 'dist'), port: port + 2, asGitHubPages: true });
  try {
    [results.lighthouse] = await lighthouseMedians([pages.url], { runs: 3, log });
    // What blocks the page's thread on the mobile profile's CPU: where to look when TBT misses.
    results.first_load_trace = await traceFirstLoad(pages.url, join(root, 'dist'));
  } finally {
    await pages.stop();
  }
}
parseRound();
settleParse();

log('streaming CLI and package …');
results.stream = await benchStream(root, log);
results.engine = await benchEngine(root, log);
// Server logs: the CLI beside GoAccess, and the Logs tab over a ~1 GB log.
results.logs = { cli: await benchLogsCli(root, log), browser: await benchLogsBrowser(root, log) };
log('site audit (CLI, then the Site tab in Chromium) …');
results.site = { cli: await benchSiteCli(root, log), caps: await benchSiteCaps(root, log), browser: await benchSiteBrowser(root, log) };
log('crawl (CLI) …');
results.crawl = await benchCrawl(root, log);

const B = results.browser;
const N = results.node_bench;
const rows = [
  ['parse 5 KB (Node)', `${N['parse 5 KB'].ours_ms.toFixed(3)} ms`, `${N['parse 5 KB'].robots_parser_ms.toFixed(3)} ms`, `${N['parse 5 KB'].ratio.toFixed(1)}×`, ''],
  ['parse 50 KB (Node)', `${N['parse 50 KB'].ours_ms.toFixed(2)} ms`, `${N['parse 50 KB'].robots_parser_ms.toFixed(2)} ms`, `${N['parse 50 KB'].ratio.toFixed(1)}×`, ''],
  ['parse 500 KB (Node; fastest of 8 rounds over the run)', `${N['parse 500 KB'].ours_ms.toFixed(2)} ms`, `${N['parse 500 KB'].robots_parser_ms.toFixed(2)} ms`, `${N['parse 500 KB'].ratio.toFixed(1)}×`, budget(N['parse 500 KB'].ratio >= 4, '≥ 4× robots-parser')],
  ['checks/s, 500 KB file (verdict + line: batch, bulk)', fmt(N['checks/s (createChecker, bulk)'].ours), fmt(N['checks/s (createChecker, bulk)'].robots_parser), `${N['checks/s (createChecker, bulk)'].ratio.toFixed(0)}×`, budget(N['checks/s (createChecker, bulk)'].ours >= 100_000 && N['checks/s (createChecker, bulk)'].ratio >= 50, '≥ 100,000/s, ≥ 50×')],
  ['checks/s, 500 KB file (checkUrl with full explanation)', fmt(N['checks/s (checkUrl, full verdict)'].ours), fmt(N['checks/s (checkUrl, full verdict)'].robots_parser), `${N['checks/s (checkUrl, full verdict)'].ratio.toFixed(0)}×`, `${N['checks/s (checkUrl, full verdict)'].matchesPerUrl.toFixed(0)} matching rules per URL listed`],
  [`checks/s, wildcard-heavy 500 KB file (Googlebot: ${N['checks/s (wildcard-heavy group)'].rules} merged rules, ${N['checks/s (wildcard-heavy group)'].withStar} with *, ${N['checks/s (wildcard-heavy group)'].leadingStar} starting /*)`, fmt(N['checks/s (wildcard-heavy group)'].ours), fmt(N['checks/s (wildcard-heavy group)'].robots_parser), `${N['checks/s (wildcard-heavy group)'].ratio.toFixed(0)}×`, budget(N['checks/s (wildcard-heavy group)'].ours >= 100_000 && N['checks/s (wildcard-heavy group)'].ratio >= 50, '≥ 100,000/s, ≥ 50×')],
  ...SIZES.map(([name]) => {
    const app = B[`keystroke → verdict ${name}`];
    const fl = B[`floor ${name}`];
    const d50 = app.p50_ms - fl.p50_ms;
    const d95 = app.p95_ms - fl.p95_ms;
    const big = name === '500 KB';
    const ok = big ? d50 <= 5 && d95 <= 10 && app.max_ms <= 60 : d50 <= 3 && d95 <= 6;
    return [`keystroke → verdict, ${name} (p50 / p95; floor of the same run; first 4 after the paste: ${app.first4_ms.join(', ')} ms)`, lat(app), lat(fl), `${signed(d50)} / ${signed(d95)} ms`,
      budget(ok, big ? 'within +5 / +10 ms of the floor, none over 60 ms (max ' + app.max_ms.toFixed(0) + ' ms)' : 'within +3 / +6 ms of the floor')];
  }),
  ...['start', 'middle', 'end'].map((where) => {
    const app = B[`keystroke → verdict 500 KB ${where}`];
    const fl = B[`floor 500 KB ${where}`];
    const [d50, d95] = [app.p50_ms - fl.p50_ms, app.p95_ms - fl.p95_ms];
    return [`keystroke → verdict, 500 KB, typing ${where === 'middle' ? 'in the middle of the big group' : `at the ${where}`} (p50 / p95; floor typed at the same place)`, lat(app), lat(fl),
      `${signed(d50)} / ${signed(d95)} ms`, budget(d50 <= 5 && d95 <= 10, 'within +5 / +10 ms of the floor')];
  }),
  ...['start', 'middle', 'end'].map((where) => {
    const app = B[`keystroke → verdict real-shaped 500 KB ${where}`];
    const fl = B[`floor real-shaped 500 KB ${where}`];
    const [d50, d95] = [app.p50_ms - fl.p50_ms, app.p95_ms - fl.p95_ms];
    return [`keystroke → verdict, real-shaped 500 KB (real sites' files joined), typing at its ${where} (p50 / p95; the median of 3 page loads each, the floor typed at the same place)`, lat(app), lat(fl),
      `${signed(d50)} / ${signed(d95)} ms`, budget(d50 <= 5 && d95 <= 10, 'within +5 / +10 ms of the floor')];
  }),
  ...['start', 'middle', 'end'].map((where) => {
    const app = B[`keystroke → verdict 500 KB ${where}`];
    const bare = B[`keystroke → verdict 500 KB ${where}, no readers`];
    const d = app.p50_ms - bare.p50_ms;
    return [`keystroke → verdict, 500 KB at the ${where}: every reader's chip on screen vs hidden (p50 / p95; median of 3 page loads each)`, lat(app), lat(bare), `${signed(d)} ms p50`, budget(d <= 1, 'within +1 ms p50 of the same without readers')];
  }),
  ...SIZES.map(([name]) => {
    const app = B[`keystroke → verdict ${name}`];
    const fl = B[`broadcast floor ${name}`];
    return [`keystroke → verdict, ${name}, beside a bare CodeMirror whose worker answers on a BroadcastChannel as the app's does`, lat(app), lat(fl),
      `${signed(app.p50_ms - fl.p50_ms)} / ${signed(app.p95_ms - fl.p95_ms)} ms`, 'not the budget: the app\'s own cost over the same transport'];
  }),
  ['without Chromium\'s deferral of tasks after input: floor, 50 KB (p50 / p95)', lat(B['undeferred floor']), '', '', 'not the budget: the design without that hold'],
  ['without the deferral: keystroke → verdict, 50 KB (p50 / p95)', lat(B['undeferred keystroke → verdict 50 KB']), '', '', 'not the budget'],
  ['without the deferral: keystroke → verdict, 500 KB (p50 / p95)', lat(B['undeferred keystroke → verdict 500 KB']), '', '', 'not the budget'],
  ['first verdict after navigation (production build, median of 5 loads)', `${B['first verdict after navigation'].ms.toFixed(0)} ms`, '', '', budget(B['first verdict after navigation'].ms <= 500, '≤ 500 ms')],
  ['bulk 100,000 URLs × 1 crawler (browser; picked 1 s after the tab opened)', `${B['bulk 100,000 URLs × 1 crawler'].ms.toFixed(0)} ms`, '', '', budget(B['bulk 100,000 URLs × 1 crawler'].ms <= 1000, '≤ 1 s')],
  ['JavaScript before first use (gzip)', `${B['JS before first use (gzip KB)'].kb.toFixed(1)} KB`, '', '', budget(B['JS before first use (gzip KB)'].kb <= 150, '≤ 150 KB')],
  ['JavaScript before first use, heaviest language (gzip)', `${B['JS before first use, heaviest language (gzip KB)'].kb.toFixed(1)} KB`, '', '', budget(B['JS before first use, heaviest language (gzip KB)'].kb <= 150, '≤ 150 KB')],
  ['JavaScript fetched by the first verdict (gzip)', `${B['JS fetched before the first verdict (gzip KB)'].kb.toFixed(1)} KB`, '', '', 'editor loads in parallel'],
  ...lighthouseRows(results.lighthouse, budget),
  [`first load, CPU slowed 4× (Chrome trace): first paint; blocking after it (tasks over 50 ms: ${results.first_load_trace.tasks.length})`,
    `${results.first_load_trace.fcp_ms} ms; ${results.first_load_trace.blocking_ms} ms`, '', '', 'not the budget: where TBT comes from (node bench/first-load-trace.mjs)'],
  ...streamRows(results.stream, budget),
  ...engineRows(results.engine, budget),
  ...logsRows(results.logs, budget),
  ...siteRows(results.site, budget),
  ...crawlRows(results.crawl, budget),
];
function signed(x) {
  return `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}`;
}
function lat(m) {
  return `${m.p50_ms.toFixed(1)} / ${m.p95_ms.toFixed(1)} ms`;
}
function fmt(x) {
  return Math.round(x).toLocaleString('en-US');
}
function budget(ok, text) {
  return `${ok ? 'met' : 'MISSED'} (${text})`;
}
const table = ['| measure | robots-txt-tester | robots-parser, or the bare CodeMirror floor | ratio, or the distance to the floor | budget |', '|---|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
results.table = table;
writeFileSync(join(root, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
writeResultsPage(root, results);
console.log(table);
console.log(`\nparse 500 KB by round (machine check → ours / robots-parser): ${N['parse 500 KB'].rounds.map((r) => `${r.machine_check_ms.toFixed(1)} → ${r.ours_ms.toFixed(2)} / ${r.robots_parser_ms.toFixed(1)} ms`).join('; ')}`);
console.log(`${results.cpus} cores, Node ${results.node}; JS loaded before first use: ${B['JS before first use (gzip KB)'].files.join(', ')}`);
