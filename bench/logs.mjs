// Server logs against the robots.txt: the CLI's `logs` over 200,000 and 2,000,000
// combined-format lines with --jobs 2 (lines/s, peak RSS from /proc), beside GoAccess 1.7 parsing
// the same 2,000,000-line log in the same run; and the Logs tab in Chromium over a ~1 GB log
// (time, long tasks, the tab's memory). Logs are generated on the fly, never committed.
// Alone: `node bench/logs.mjs [--cli] [--browser]` (builds lib/; the browser row needs `npm run build` first); also part of `npm run bench`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeRobots, makeUrls } from './inputs.mjs';
import { writeCombinedLog } from './logs-gen.mjs';
import { measure } from './measure.mjs';

export { writeCombinedLog };


/** Google's published format, with a few of its real prefixes' shape (test data, not a copy of the live file). */
const GOOGLEBOT_JSON = JSON.stringify({ creationTime: '2025-10-01T00:00:00.000000', prefixes: [{ ipv4Prefix: '66.249.64.0/19' }, { ipv6Prefix: '2001:4860:4801::/48' }] });


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
    rows.push([`Logs tab, ${(b.bytes / 2 ** 30).toFixed(2)} GB log (${fmt(b.lines)} lines) dropped in Chromium: time; longest main-thread task; tab memory`, `${b.s.toFixed(1)} s (${fmt(b.lines / b.s)} lines/s); ${b.longest_task_ms.toFixed(0)} ms (${b.long_tasks} tasks over 50 ms); ${b.memory_mb.toFixed(0)} MB (${b.memory_before_mb.toFixed(0)} MB before the log)`, '', '',
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
