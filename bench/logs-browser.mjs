// The Logs tab in Chromium over a ~1 GB combined log (the tab's budget in the browser): the time from
// choosing the file to the results, the page's long tasks meanwhile (PerformanceObserver), and the
// tab's memory (peak proportional set size of the tab's renderer process: the page and its workers, from /proc).
// The log is generated on the fly (LOGS_BROWSER_MB sets its size, 1024 by default) and deleted.
// Alone: `node bench/logs.mjs --browser` (after `npm run build`); part of `npm run bench`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLogMix, writeCombinedLog } from './logs-gen.mjs';
import { pasteRobots } from './measure.mjs';

/** The processes below `pid` (its children, theirs…), from /proc. */
function descendants(pid) {
  const children = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    } catch {
      // gone
    }
  }
  const out = [];
  const walk = (p) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** The browser process started with `profile` as its user data directory. */
function browserPid(profile) {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (cmd.includes(`--user-data-dir=${profile}`) && !cmd.includes('--type=')) return Number(d);
    } catch {
      // gone
    }
  }
  throw new Error('the browser process was not found');
}

/** The thread names of process `pid` (Linux cuts them at 15 characters). */
function threadNames(pid) {
  const names = [];
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      names.push(readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim());
    } catch {
      // gone
    }
  }
  return names;
}

/**
 * The renderer processes of the app's tab below the browser `pid`: those running its dedicated
 * workers (the app starts them on load). The browser's other renderers — its own UI (the
 * omnibox popup), the blank first page of a persistent profile, a spare one — are not the tab.
 */
function tabRenderers(pid) {
  const out = [];
  for (const p of descendants(pid)) {
    try {
      if (readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('--type=renderer') && threadNames(p).some((n) => n.startsWith('DedicatedWorker'))) out.push(p);
    } catch {
      // gone
    }
  }
  if (out.length === 0) throw new Error('no renderer process runs the app\'s workers');
  return out;
}

/** The summed proportional set size (MB: shared pages split between their processes) of `pids`. */
function pss(pids) {
  let kb = 0;
  for (const p of pids) {
    try {
      const m = /Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

/** Drops a generated log on the Logs tab and measures the run. */
export async function benchLogsBrowser(root, log) {
  const megabytes = Number(process.env.LOGS_BROWSER_MB ?? 1024);
  const dir = mkdtempSync(join(tmpdir(), 'rtt-logs-browser-'));
  const port = Number(process.env.BENCH_PORT ?? 4399) + 7;
  const server = spawn(process.execPath, [join(root, 'scripts/serve-pages.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  const { chromium } = await import('@playwright/test');
  // A local browser (not a server connected to): the file input gets the log's path, not an upload of its bytes.
  const profile = join(dir, 'profile');
  const context = await chromium.launchPersistentContext(profile, {
    ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    viewport: { width: 1400, height: 900 },
  });
  try {
    const mix = await loadLogMix(root);
    const robotsText = mix.robotsText;
    const file = join(dir, 'access.log');
    // About 220 bytes a line.
    const count = Math.round((megabytes * 1_048_576) / 220);
    log(`writing ~${megabytes} MB of combined-format lines (${count.toLocaleString('en-US')}) …`);
    const bytes = await writeCombinedLog(file, count, mix);
    const lines = count;
    writeFileSync(join(dir, 'googlebot.json'), JSON.stringify({ creationTime: '2025-10-01T00:00:00', prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] }));

    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks = [];
      window.__longTasks = tasks;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) tasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const base = `http://127.0.0.1:${port}/robots-txt-tester/`;
    for (let i = 0; i < 50; i++) {
      try {
        await page.goto(base);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    await page.getByTestId('verdict').waitFor();
    await pasteRobots(page, robotsText);
    await page.getByTestId('tab-logs').click();
    await page.getByTestId('logs-ranges-file').setInputFiles(join(dir, 'googlebot.json'));
    await page.evaluate(() => (window.__longTasks.length = 0));

    const tab = tabRenderers(browserPid(profile));
    const before = pss(tab);
    let memory = before;
    const poll = setInterval(() => (memory = Math.max(memory, pss(tab))), 250);
    log(`the Logs tab reads ${(bytes / 2 ** 30).toFixed(2)} GB …`);
    const t0 = performance.now();
    await page.getByTestId('logs-file').setInputFiles(file);
    await page.getByTestId('logs-summary').waitFor({ timeout: 600_000 });
    const s = (performance.now() - t0) / 1000;
    clearInterval(poll);
    const tasks = await page.evaluate(() => window.__longTasks);
    const summary = await page.getByTestId('logs-summary').textContent();
    return { bytes, lines, s, summary, long_tasks: tasks.length, longest_task_ms: Math.max(0, ...tasks), memory_mb: memory, memory_before_mb: before };
  } finally {
    await context.close();
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
