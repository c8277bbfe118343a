// Keystroke and Bulk timing in real Chromium, shared by `npm run bench` (bench/run.mjs) and the
// focused runs of its rows (bench/keystrokes.mjs, bench/bulk.mjs).

import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pasteRobots } from './measure.mjs';

/**
 * Builds the app (unless BENCH_NO_BUILD=1), serves dist/ on `port` as GitHub Pages does and starts
 * Debian's Chromium: what a focused browser run needs first. `close()` stops both.
 */
export async function openApp(root, port) {
  if (process.env.BENCH_NO_BUILD !== '1') execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const server = spawn(process.execPath, [join(root, 'scripts/serve-pages.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 600));
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return {
    browser,
    base: `http://127.0.0.1:${port}/robots-txt-tester/`,
    async close() {
      await browser.close();
      server.kill();
    },
  };
}

function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** The keystroke helpers for the app served at `base`. */
export function browserBench(base) {
  /**
   * Puts the cursor at the end of a line before any keystroke is timed: `start` line 5 (a rule of
   * the big * group Googlebot follows), `middle` the file's middle line (inside that group), `end`
   * the last line (where Ctrl+End goes). The editor view is the page's CodeMirror instance.
   */
  async function placeCursor(page, where) {
    await page.evaluate((where) => {
      // CodeMirror's own findFromDOM, reached through the tile it keeps on its content element.
      const tile = document.querySelector('.cm-content').cmTile;
      const view = window.view ?? tile.root.view;
      const doc = view.state.doc;
      const n = where === 'start' ? 5 : where === 'middle' ? Math.floor(doc.lines / 2) : doc.lines;
      view.dispatch({ selection: { anchor: doc.line(n).to }, scrollIntoView: true });
      view.focus();
    }, where);
    await page.waitForTimeout(300);
  }

  /** Types at the cursor and erases it again, as the latency measurements do. */
  async function typeAndErase(page) {
    const typed = 'typed-path/';
    for (let round = 0; round < 4; round++) {
      for (const ch of typed) {
        await page.keyboard.type(ch);
        await page.waitForTimeout(70);
      }
      for (let i = 0; i < typed.length; i++) {
        await page.keyboard.press('Backspace');
        await page.waitForTimeout(70);
      }
    }
  }

  /**
   * Types and erases at `line`, timing each keystroke from its keydown to the moment `answer`
   * carries that keystroke's revision (window[hook].revision() counts the edits).
   */
  async function timeKeystrokes(page, where, { hook, answer, within }) {
    // Placed first: a key that changes nothing would otherwise be timed to the next answer.
    await placeCursor(page, where);
    await page.evaluate((o) => {
      const w = window;
      w.latencies = [];
      const pending = [];
      document.addEventListener('keydown', () => pending.push({ t: performance.now(), rev: w[o.hook].revision() + 1 }), true);
      new MutationObserver(() => {
        const rev = Number(document.querySelector(o.answer)?.getAttribute('data-revision'));
        const now = performance.now();
        while (pending.length && pending[0].rev <= rev) w.latencies.push(now - pending.shift().t);
      }).observe(document.querySelector(o.within), { attributes: true, subtree: true, attributeFilter: ['data-revision'] });
    }, { hook, answer, within });
    await typeAndErase(page);
    await page.waitForTimeout(500);
    const lat = await page.evaluate(() => window.latencies);
    // In typing order, so a slow start (the first keystrokes after a paste) shows as such.
    // The first keystrokes after a paste are reported apart (cold code, the first lint install).
    const steady = lat.slice(4);
    return {
      p50_ms: percentile(steady, 50), p95_ms: percentile(steady, 95), max_ms: Math.max(...lat), first4_ms: lat.slice(0, 4).map((x) => Math.round(x * 10) / 10),
      samples: lat.length, latencies_ms: lat.map((x) => Math.round(x * 10) / 10),
    };
  }

  /** Keystroke latency on a comparison page (bench/floor-page.js) in `mode`, holding `text`. */
  async function floorKeystrokes(b, floorUrl, mode, text, where = 'start') {
    const page = await b.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${floorUrl}?mode=${mode}`);
    await page.waitForFunction(() => window.__floor);
    await page.evaluate((t) => window.__floor.load(t), text);
    const timing = await timeKeystrokes(page, where, { hook: '__floor', answer: '#answer', within: '#answer' });
    await page.close();
    return timing;
  }

  /** Keystroke → verdict latency in the app with `text` pasted into the editor. */
  async function appKeystrokes(b, text, where = 'start', readers = true) {
    const page = await b.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(base);
    await page.waitForSelector('[data-testid=verdict][data-verdict]');
    // The other crawlers' chips are on screen by default; hidden, they are never computed.
    if (!readers) await page.getByTestId('readers-toggle').click();
    await pasteRobots(page, text);
    await page.getByTestId('test-url').fill('https://www.example-shop.com/typed-path/x');
    await page.waitForFunction(() => {
      const v = document.querySelector('[data-testid=verdict]');
      return v && Number(v.getAttribute('data-revision')) === window.__robotsTester.revision();
    });
    // Type at the end of line 5 (a rule of the big * group that Googlebot follows, as on the floor
    // page) and time each keystroke to the moment the verdict for that keystroke's revision (and
    // the editor highlights) are on screen. The paste left the view at the end of the file.
    if (readers) await page.waitForSelector('[data-testid=reader-chips], [data-testid=readers-all-same]');
    const timing = await timeKeystrokes(page, where, { hook: '__robotsTester', answer: '[data-testid=verdict]', within: '.test-panel' });
    await page.close();
    return timing;
  }

  /**
   * Imports `urls` into the Bulk tab of `page` as a user does (a .txt file) and times each of
   * `runs` imports from the file pick to the summary of the whole list on screen (ms).
   */
  async function bulkImportTimes(page, urls, runs = 2) {
    await page.getByTestId('tab-bulk').click();
    await page.waitForSelector('[data-testid=bulk-urls]');
    // The time from opening the tab to a file chosen in the browser's dialog: a second by default
    // (BULK_PICK_MS), in which the tab gets the worker ready for a list.
    await page.waitForTimeout(Number(process.env.BULK_PICK_MS ?? 1000));
    const list = Buffer.from(urls.join('\n'));
    const summaryOfAll = `${urls.length.toLocaleString('en-US')} URLs`;
    const times = [];
    for (let run = 0; run < runs; run++) {
      if (run > 0) {
        // Re-importing the same list changes nothing (and runs nothing): import another one first.
        await page.getByTestId('bulk-import').setInputFiles({ name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from(urls[0]) });
        await page.waitForFunction(() => document.querySelector('[data-testid=bulk-summary]')?.textContent?.startsWith('1 URL '));
      }
      await page.evaluate((summaryOfAll) => {
        const w = window;
        w.bulkStart = 0;
        const before = document.querySelector('[data-testid=bulk-summary]')?.getAttribute('data-revision');
        w.bulkWall = new Promise((resolve) => {
          document.querySelector('[data-testid=bulk-import]').addEventListener('change', () => (w.bulkStart = performance.now()), { capture: true, once: true });
          const done = () => {
            const summary = document.querySelector('[data-testid=bulk-summary]');
            return w.bulkStart && summary && summary.getAttribute('data-revision') !== before && summary.textContent.includes(summaryOfAll);
          };
          const obs = new MutationObserver(() => {
            if (done()) {
              obs.disconnect();
              resolve(performance.now() - w.bulkStart);
            }
          });
          obs.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
        });
      }, summaryOfAll);
      await page.getByTestId('bulk-import').setInputFiles({ name: `urls-${run}.txt`, mimeType: 'text/plain', buffer: list });
      const wall = await page.evaluate(() => Promise.race([window.bulkWall, new Promise((r) => setTimeout(() => r(-1), 60_000))]));
      if (wall >= 0) times.push(wall);
    }
    return times;
  }

  return { pasteRobots, placeCursor, timeKeystrokes, floorKeystrokes, appKeystrokes, bulkImportTimes };
}
