// The Site tab in real Chromium (the tab's budget in the browser): 1,000,000 URLs from 20 gzip sitemaps
// of 50,000 URLs each, opened at once, 3 crawlers. Measures the time from the files given to the
// audit's counts, tree and rule impact on screen, the longest main-thread task meanwhile (a
// PerformanceObserver of long tasks), expanding a folder of the tree, and the memory of the page's
// tab's renderer process (the page and its workers) after the audit. Run by bench/site.mjs.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE_CRAWLERS, SITE_ROBOTS, writeSitemaps } from './site-inputs.mjs';
import { pasteRobots } from './measure.mjs';

const SITEMAPS = 20;
const PER = 50_000;

/**
 * The memory of the tab: the renderer process running the page and its dedicated workers (the one
 * with DedicatedWorker threads) — not Chromium's own UI renderer (--top-chrome-webui) nor a spare
 * renderer kept for the next tab, which the sum over every renderer used to count. Its RSS now and
 * its peak (MB), and the old sum for comparison.
 */
async function tabMemoryMb(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach();
  let rss = 0;
  let peak = 0;
  let all = 0;
  let tabs = 0;
  for (const p of processInfo.filter((x) => x.type === 'renderer')) {
    try {
      const status = readFileSync(`/proc/${p.id}/status`, 'utf8');
      const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      all += kb('VmRSS');
      const threads = readdirSync(`/proc/${p.id}/task`).map((t) => readFileSync(`/proc/${p.id}/task/${t}/comm`, 'utf8').trim());
      if (!threads.some((t) => t.startsWith('DedicatedWorker'))) continue;
      tabs++;
      rss += kb('VmRSS');
      peak += kb('VmHWM');
    } catch {
      // A renderer that exited meanwhile.
    }
  }
  if (tabs === 0) throw new Error('no renderer process runs the page\'s workers');
  return { rss: rss / 1024, peak: peak / 1024, allRenderers: all / 1024 };
}

/** Runs the Site tab's bench against the built app in `root`/dist. */
export async function benchSiteBrowser(root, log = () => {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rtt-site-browser-'));
  const port = Number(process.env.SITE_BENCH_PORT ?? 4511);
  const server = spawn(process.execPath, [join(root, 'scripts/serve-pages.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    log(`site (browser): writing ${SITEMAPS} gzip sitemaps of ${PER.toLocaleString('en-US')} URLs…`);
    const files = writeSitemaps(dir, SITEMAPS, PER, 'https://www.example.com');
    for (let i = 0; i < 50; i++) {
      if (await fetch(`http://127.0.0.1:${port}/robots-txt-tester/`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, serviceWorkers: 'block' });
    await page.addInitScript(() => {
      const w = window;
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`http://127.0.0.1:${port}/robots-txt-tester/`);
    await page.getByTestId('verdict').waitFor();
    await pasteRobots(page, SITE_ROBOTS);
    await page.getByTestId('tab-site').click();
    await page.getByTestId('site-panel').waitFor();
    // Googlebot is the Test tab's crawler; the other two are added as tokens.
    for (const token of SITE_CRAWLERS.slice(1)) {
      await page.getByTestId('site-crawler-text').fill(token);
      await page.getByTestId('site-crawler-text').press('Enter');
    }
    await page.waitForTimeout(500);
    // The harness's own cost: the same 20 files set on a bare file input nobody listens to.
    const floorFrom = await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.multiple = true;
      input.id = 'bench-floor';
      input.hidden = true;
      document.body.append(input);
      return performance.now();
    });
    await page.locator('#bench-floor').setInputFiles(files);
    await page.waitForTimeout(1000);
    const floorTasks = await page.evaluate((a) => window.__longTasks.filter((t) => t.start + t.duration >= a).map((t) => t.duration), floorFrom);
    const floorLongest = floorTasks.reduce((m, d) => Math.max(m, d), 0);
    log(`site (browser): the 20 files set on a bare input: longest task ${floorLongest.toFixed(0)} ms (${floorTasks.length} long tasks)`);
    const started = await page.evaluate(() => performance.now());
    log('site (browser): opening the 20 files at once…');
    await page.getByTestId('site-file').setInputFiles(files);
    await page.waitForFunction((urls) => {
      const audit = document.querySelector('[data-testid=site-audit]');
      const done = document.querySelector('[data-testid=site-done]')?.textContent ?? '';
      return audit?.getAttribute('data-complete') === 'true' && document.querySelector('[data-testid=site-rules]') && done.replace(/\D/g, '') === String(urls);
    }, SITEMAPS * PER, { timeout: 300_000, polling: 100 });
    const finished = await page.evaluate(() => performance.now());
    const tasks = await page.evaluate(([a, b]) => window.__longTasks.filter((t) => t.start + t.duration >= a && t.start <= b), [started, finished]);
    const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
    log(`site (browser): audited in ${((finished - started) / 1000).toFixed(1)} s; ${tasks.length} long tasks, longest ${longest.toFixed(0)} ms (${tasks.map((t) => `${Math.round(t.duration)} ms at +${((t.start - started) / 1000).toFixed(1)} s`).join(', ')})`);
    // Expanding the site's root folder: from the click to its sub-folders drawn.
    const expand = await page.evaluate(async () => {
      const row = document.querySelector('[data-testid=site-tree-row][aria-expanded=false]');
      const before = document.querySelectorAll('[data-testid=site-tree-row]').length;
      const t0 = performance.now();
      row.querySelector('.site-tree-toggle').click();
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        if (document.querySelectorAll('[data-testid=site-tree-row]').length > before) return performance.now() - t0;
        if (performance.now() - t0 > 10_000) return Infinity;
      }
    });
    const memory = await tabMemoryMb(browser);
    log(`site (browser): folder expanded in ${expand.toFixed(0)} ms; the tab's renderer: RSS ${memory.rss.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB (every renderer: ${memory.allRenderers.toFixed(0)} MB)`);
    return {
      urls: SITEMAPS * PER, total_ms: finished - started, long_tasks: tasks.length, longest_task_ms: longest, harness_longest_task_ms: floorLongest, expand_ms: expand,
      memory_mb: memory.rss, memory_peak_mb: memory.peak, memory_all_renderers_mb: memory.allRenderers,
      memory_how: `RSS of the tab's renderer process (page and its workers; peak ${memory.peak.toFixed(0)} MB)`,
    };
  } finally {
    await browser.close();
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const r = await benchSiteBrowser(join(import.meta.dirname, '..'), (...a) => console.error(...a));
  console.log(JSON.stringify(r, null, 2));
}
