// Server logs against the robots.txt (issue 31): the CLI's `logs` over 200,000 and 2,000,000
// combined-format lines with --jobs 2 (lines/s, peak RSS from /proc), beside GoAccess 1.7 parsing
// the same 2,000,000-line log in the same run; and the Logs tab in Chromium over a ~1 GB log
// (time, long tasks, the tab's memory). Logs are generated on the fly, never committed.
// Alone: `node bench/logs.mjs [--cli] [--browser]` (builds lib/ and dist/ first); also part of `npm run bench`.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeRobots, makeUrls } from './inputs.mjs';

/** A small deterministic generator (the bench's logs are the same every run). */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

// The mix of a busy site: browsers, the big search engines, AI crawlers, SEO tools, scripts.
const AGENTS = [
  [30, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'],
  [15, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'],
  [10, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'],
  [12, 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.201 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  [3, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  [2, 'Googlebot-Image/1.0'],
  [5, 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36'],
  [4, 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)'],
  [2, 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot'],
  [3, 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'],
  [2, 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)'],
  [3, 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'],
  [2, 'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)'],
  [2, 'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)'],
  [1, 'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)'],
  [1, 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)'],
  [1, 'python-requests/2.31.0'],
  [1, 'curl/8.5.0'],
  [1, 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n) => String(n).padStart(2, '0');

/** Writes `count` combined-format lines over 30 days (deterministic); resolves to the file's size. */
export async function writeCombinedLog(file, count, paths, seed = 5) {
  const r = rng(seed);
  const total = AGENTS.reduce((a, [w]) => a + w, 0);
  const pick = () => {
    let x = r() * total;
    for (const [w, ua] of AGENTS) if ((x -= w) < 0) return ua;
    return AGENTS[0][1];
  };
  const start = Date.UTC(2025, 9, 1);
  const step = (30 * 86_400_000) / count;
  const out = createWriteStream(file);
  let chunk = '';
  let lastSecond = -1;
  let stamp = '';
  for (let i = 0; i < count; i++) {
    const t = start + Math.floor(i * step);
    const second = Math.floor(t / 1000);
    if (second !== lastSecond) {
      const d = new Date(t);
      stamp = `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
      lastSecond = second;
    }
    const ua = pick();
    const robots = r() < 0.01;
    const path = robots ? '/robots.txt' : paths[Math.floor(r() * paths.length)];
    // Googlebot's own addresses mostly; one request in ten from elsewhere (spoofed).
    const ip = ua.includes('Googlebot') && r() < 0.9 ? `66.249.${64 + Math.floor(r() * 32)}.${Math.floor(r() * 256)}` : `${1 + Math.floor(r() * 222)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}`;
    chunk += `${ip} - - [${stamp}] "GET ${path} HTTP/1.1" ${r() < 0.9 ? 200 : 404} ${Math.floor(r() * 50_000)} "-" "${ua}"\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise((res) => out.once('drain', res));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise((res) => out.on('close', res));
  return statSync(file).size;
}

/** Google's published format, with a few of its real prefixes' shape (test data, not a copy of the live file). */
const GOOGLEBOT_JSON = JSON.stringify({ creationTime: '2025-10-01T00:00:00.000000', prefixes: [{ ipv4Prefix: '66.249.64.0/19' }, { ipv6Prefix: '2001:4860:4801::/48' }] });

/** Runs a command; resolves to its wall time and peak RSS (MB), polled from /proc. */
function measure(cmd, args, okCodes = [0, 1]) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let peak = 0;
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]) / 1024);
      } catch {
        // exited
      }
    }, 20);
    let err = '';
    child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      if (!okCodes.includes(code)) reject(new Error(`${cmd} exited ${code}: ${err}`));
      else resolve({ s: (performance.now() - t0) / 1000, rss_mb: peak });
    });
  });
}

/** The CLI's rows: `logs --jobs 2` over 200,000 and 2,000,000 lines, and GoAccess over the same 2,000,000. */
export async function benchLogsCli(root, log) {
  const dir = mkdtempSync(join(tmpdir(), 'rtt-logs-bench-'));
  const robotsText = makeRobots(30_000);
  const paths = [...new Set(makeUrls(robotsText, 60_000, 9).map((u) => u.slice('https://www.example-shop.com'.length)))];
  const robotsFile = join(dir, 'robots.txt');
  const ranges = join(dir, 'googlebot.json');
  writeFileSync(robotsFile, robotsText);
  writeFileSync(ranges, GOOGLEBOT_JSON);
  const results = { robots_bytes: robotsText.length, runs: {} };
  try {
    for (const count of [200_000, 2_000_000]) {
      const file = join(dir, `access-${count}.log`);
      log(`writing ${count.toLocaleString('en-US')} combined-format lines …`);
      const bytes = await writeCombinedLog(file, count, paths);
      for (const format of ['json', 'csv']) {
        if (format === 'csv' && count !== 2_000_000) continue;
        log(`logs --jobs 2 --format ${format}, ${count.toLocaleString('en-US')} lines …`);
        const r = await measure(process.execPath, [join(root, 'lib/cli.js'), 'logs', robotsFile, file, '--ip-ranges', ranges, '--jobs', '2', '--format', format]);
        results.runs[`${count} ${format}`] = { ...r, lines_per_s: count / r.s, bytes };
      }
      if (count === 2_000_000) {
        if (existsSync('/usr/bin/goaccess')) {
          log('GoAccess 1.7 over the same 2,000,000 lines …');
          const version = execFileSync('/usr/bin/goaccess', ['--version'], { encoding: 'utf8' }).split('\n')[0];
          const g = await measure('/usr/bin/goaccess', [file, '--log-format=COMBINED', '--no-global-config', '--no-progress', '-o', join(dir, 'goaccess.json')]);
          results.goaccess = { ...g, version, lines_per_s: count / g.s };
        } else {
          results.goaccess = null;
        }
      }
      rmSync(file);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** Table rows for the logs' measures (`budget(ok, text)` as run.mjs writes it). */
export function logsRows(L, budget) {
  const rows = [];
  const fmt = (x) => Math.round(x).toLocaleString('en-US');
  if (L.cli) {
    const small = L.cli.runs['200000 json'];
    const big = L.cli.runs['2000000 json'];
    const csv = L.cli.runs['2000000 csv'];
    const growth = big.rss_mb / small.rss_mb;
    const g = L.cli.goaccess;
    const ratio = g ? big.lines_per_s / g.lines_per_s : NaN;
    rows.push(['logs, 200,000 combined lines, --jobs 2 --format json (lines/s; peak RSS)', `${fmt(small.lines_per_s)}/s; ${small.rss_mb.toFixed(0)} MB`, '', '', '']);
    rows.push(['logs, 2,000,000 combined lines, --jobs 2 --format json (lines/s; peak RSS); GoAccess over the same log, same run', `${fmt(big.lines_per_s)}/s; ${big.rss_mb.toFixed(0)} MB; ${big.s.toFixed(1)} s`,
      g ? `${g.version}: ${fmt(g.lines_per_s)}/s; ${g.rss_mb.toFixed(0)} MB; ${g.s.toFixed(1)} s` : 'GoAccess not installed', g ? `${ratio.toFixed(2)}× GoAccess` : '',
      budget(big.lines_per_s >= 150_000 && big.rss_mb <= 300 && growth <= 1.5, `≥ 150,000 lines/s, RSS ≤ 300 MB and ≤ 1.5× the 200k run (${growth.toFixed(2)}×)`)]);
    rows.push(['logs, 2,000,000 combined lines, --jobs 2 --format csv (a row per crawler request)', `${fmt(csv.lines_per_s)}/s; ${csv.rss_mb.toFixed(0)} MB`, '', '', '']);
  }
  if (L.browser) {
    const b = L.browser;
    rows.push([`Logs tab, ${(b.bytes / 2 ** 30).toFixed(2)} GB log (${fmt(b.lines)} lines) dropped in Chromium: time; longest main-thread task; tab memory`, `${b.s.toFixed(1)} s (${fmt(b.lines / b.s)} lines/s); ${b.longest_task_ms.toFixed(0)} ms (${b.long_tasks} tasks over 50 ms); ${b.memory_mb.toFixed(0)} MB`, '', '',
      budget(b.s <= 60 && b.memory_mb <= 400 && b.longest_task_ms <= 200, '≤ 60 s, page responsive (no task over 200 ms), tab memory ≤ 400 MB')]);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const log = (...a) => console.error(...a);
  const only = process.argv.slice(2);
  const want = (what) => only.length === 0 || only.includes(`--${what}`);
  execFileSync(process.execPath, ['scripts/build-lib.mjs', '--no-types'], { cwd: root, stdio: 'inherit' });
  const L = {};
  if (want('cli')) L.cli = await benchLogsCli(root, log);
  if (want('browser')) {
    const { benchLogsBrowser } = await import('./logs-browser.mjs');
    L.browser = await benchLogsBrowser(root, log);
  }
  const budget = (ok, text) => `${ok ? 'met' : 'MISSED'} (${text})`;
  const rows = logsRows(L, budget);
  console.log(['| measure | robots-txt-tester | GoAccess | ratio | budget |', '|---|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'));
  console.log(JSON.stringify(L, null, 2));
}
