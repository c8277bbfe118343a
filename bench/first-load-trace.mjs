// A Chrome trace and CPU profile of a cold load of the built page on a CPU slowed 4× (Lighthouse's
// mobile profile), read for what blocks the page's thread: each long task (over 50 ms), and the
// time its samples spent in each source file (mapped through the build's source maps: a package,
// or a file of ours), and the same over the whole load. `node bench/first-load-trace.mjs [dist]`
// prints them; bench/run.mjs keeps the summary in results.json. What to move off the first load
// is decided from these figures.
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { servePages } from '../scripts/serve-pages.mjs';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'toplevel'];

/** A source file as the report names it: a package (node_modules/<name>), or a path of ours. */
function sourceName(source) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  const ours = /(?:^|\/)((?:app|src|scripts)\/.*)$/.exec(source);
  return ours ? ours[1] : source;
}

/** Maps a profile's call frames to source files through the source maps in `dist`. */
function sourceMapper(dist) {
  const maps = new Map();
  const mapOf = (file) => {
    if (!maps.has(file)) {
      const path = join(dist, 'assets', `${file}.map`);
      maps.set(file, existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null);
    }
    return maps.get(file);
  };
  return (frame) => {
    if (!frame.url) return frame.functionName || '(anonymous)';
    const file = frame.url.split('?')[0].split('/').pop();
    const map = mapOf(file);
    if (!map) return file;
    const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    return pos.source ? sourceName(pos.source) : file;
  };
}

/** Milliseconds by source, largest first, the first `top` of them. */
const topOf = (bySource, top) => Object.fromEntries(Object.entries(bySource).sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => [k, Math.round(v * 10) / 10]));

/**
 * Loads `url` (the build in `dist`) once in a fresh Chromium with the CPU slowed `cpuSlowdown`×:
 * `{ fcp_ms, blocking_ms, tasks: [{ start_ms, ms, sources }], sources }`, times from navigation
 * start; `blocking_ms` adds up each task's time over 50 ms after the first paint, as TBT does.
 */
export async function traceFirstLoad(url, dist, { cpuSlowdown = 4, settleMs = 5000, viewport = { width: 412, height: 823 } } = {}) {
  const browser = await chromium.launch({
    ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(settleMs);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const { profile } = await cdp.send('Profiler.stop');
    return readLoad(trace.traceEvents ?? trace, profile, sourceMapper(dist));
  } finally {
    await browser.close();
  }
}

/** The page's long tasks in a trace, and where a CPU profile's samples spent them (see traceFirstLoad). */
export function readLoad(events, profile, sourceOf) {
  // The page's renderer main thread: the one that parsed the navigation's HTML.
  const html = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith('http'));
  if (!html) throw new Error('no HTML parse in the trace');
  const { pid, tid } = html;
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === pid && e.args?.data?.documentLoaderURL?.startsWith('http'));
  const t0 = nav ? nav.ts : html.ts;
  const ms = (ts) => (ts - t0) / 1000;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  const fcpMs = fcp ? ms(fcp.ts) : null;
  const tasks = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= t0 && e.name === 'RunTask' && e.dur > 50_000)
    .sort((a, b) => a.ts - b.ts).map((e) => ({ start: e.ts, end: e.ts + e.dur, sources: {} }));
  // Each sample's time goes to the source of the function it was in (its own time, not its callees').
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const sources = {};
  let at = profile.startTime;
  let task = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    const next = i + 1 < profile.samples.length ? profile.timeDeltas[i + 1] : 0;
    const node = nodes.get(profile.samples[i]);
    if (!node || node.callFrame.functionName === '(idle)' || at < t0) continue;
    const source = sourceOf(node.callFrame);
    const dt = next / 1000;
    sources[source] = (sources[source] ?? 0) + dt;
    while (task < tasks.length && tasks[task].end < at) task++;
    const t = tasks[task];
    if (t && at >= t.start && at <= t.end) t.sources[source] = (t.sources[source] ?? 0) + dt;
  }
  const round = (x) => Math.round(x * 10) / 10;
  const long = tasks.map((t) => ({ start_ms: round(ms(t.start)), ms: round((t.end - t.start) / 1000), sources: topOf(t.sources, 6) }));
  return {
    fcp_ms: fcpMs === null ? null : round(fcpMs),
    blocking_ms: round(long.filter((t) => fcpMs === null || t.start_ms >= fcpMs).reduce((a, t) => a + t.ms - 50, 0)),
    tasks: long,
    sources: topOf(sources, 25),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const dir = resolve(process.argv[2] ?? join(root, 'dist'));
  const server = await servePages({ root: dir, port: Number(process.env.BENCH_PORT ?? 4399), asGitHubPages: true });
  try {
    const t = await traceFirstLoad(server.url, dir);
    console.log(`first paint ${t.fcp_ms} ms; blocking after it ${t.blocking_ms} ms (tasks over 50 ms, CPU slowed 4×)`);
    for (const task of t.tasks) console.log(`  ${task.start_ms} ms: ${task.ms} ms ${JSON.stringify(task.sources)}`);
    console.log(`the page's thread over the load, by source (ms): ${JSON.stringify(t.sources, null, 1)}`);
  } finally {
    await server.stop();
  }
}
