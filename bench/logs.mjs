// Server logs against the robots.txt, on real-shaped logs (bench/logs-gen.mjs: real user agents and
// paths, mixed as a site's log mixes them), each beside GoAccess on the same file in the same run:
// 1,000,000 lines in each format GoAccess reads (combined, IIS's W3C with its directives, CloudFront)
// with --jobs 2; 40,000 lines in each with the threads chosen by the log's size (the median of 5
// runs each, taking turns); a ranges file of 1,000,000 prefixes against one of 2 over the same
// log; and 200,000 / 2,000,000 combined lines (lines/s, peak RSS from /proc). Also the Logs tab in
// Chromium over a ~1 GB log (time, long tasks, the tab's memory). Logs are generated on the fly,
// never committed.
// Alone: `node bench/logs.mjs [--cli] [--browser]`, or parts of the CLI's rows: `--formats`,
// `--small`, `--prefixes`, `--sizes` (builds lib/; the browser row needs `npm run build` first).
// LOGS_LINES scales the 1,000,000-line logs down for a quick look. Also part of `npm run bench`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLogMix, makeRangesJson, writeCombinedLog, writeLog } from './logs-gen.mjs';
import { measure } from './measure.mjs';

export { writeCombinedLog };

/** Google's published format, with two of its real prefixes (test data, not a copy of the live file). */
const GOOGLEBOT_JSON = JSON.stringify({ creationTime: '2025-10-01T00:00:00.000000', prefixes: [{ ipv4Prefix: '66.249.64.0/19' }, { ipv6Prefix: '2001:4860:4801::/48' }] });

/** The formats GoAccess reads that the bench writes, with GoAccess's own name for each. */
const FORMATS = [['combined', 'COMBINED'], ['w3c', 'W3C'], ['cloudfront', 'CLOUDFRONT']];
const GOACCESS = '/usr/bin/goaccess';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The CLI's parts, each on by default. */
const ALL_PARTS = { formats: true, small: true, prefixes: true, sizes: true };

/** The CLI's rows (see the module's comment); `parts` picks which are run. */
export async function benchLogsCli(root, log, parts = ALL_PARTS) {
  const dir = mkdtempSync(join(tmpdir(), 'rtt-logs-bench-'));
  const mix = await loadLogMix(root);
  const robotsFile = join(dir, 'robots.txt');
  const ranges = join(dir, 'googlebot.json');
  writeFileSync(robotsFile, mix.robotsText);
  writeFileSync(ranges, GOOGLEBOT_JSON);
  const goaccess = existsSync(GOACCESS) ? execFileSync(GOACCESS, ['--version'], { encoding: 'utf8' }).split('\n')[0].replace(/\.$/, '') : null;
  const big = Number(process.env.LOGS_LINES ?? 1_000_000);
  const results = { robots_bytes: mix.robotsText.length, robots: 'www.etsy.com (../shared/realworld/google)', goaccess_version: goaccess, formats: {}, small: {}, runs: {} };
  const ours = (file, ...more) => measure(process.execPath, [join(root, 'lib/cli.js'), 'logs', robotsFile, file, '--ip-ranges', ranges, '--format', 'json', ...more]);
  const theirs = (file, name) => measure(GOACCESS, [file, `--log-format=${name}`, '--no-global-config', '--no-progress', '-o', join(dir, 'goaccess.json')]);
  const perLine = (r, lines) => ({ ...r, lines_per_s: lines / r.s });
  try {
    for (const [format, name] of FORMATS) {
      const prefixes = parts.prefixes && format === 'combined';
      if (parts.formats || prefixes) {
        const file = join(dir, `${format}-big.log`);
        log(`writing ${big.toLocaleString('en-US')} real-shaped ${format} lines …`);
        const bytes = await writeLog(file, big, format, mix);
        if (parts.formats) {
          log(`logs --jobs 2 over them, then GoAccess (--log-format=${name}) …`);
          const us = perLine(await ours(file, '--jobs', '2'), big);
          const them = goaccess ? perLine(await theirs(file, name), big) : null;
          results.formats[format] = { lines: big, bytes, ours: us, goaccess: them };
        }
        if (prefixes) {
          // The same log verified against a million prefixes, and against two (the runs side by side).
          mkdirSync(join(dir, 'million'));
          const million = join(dir, 'million', 'googlebot.json');
          writeFileSync(million, makeRangesJson(1_000_000));
          log('logs --jobs 2 with 2 prefixes, then with 1,000,000 …');
          const two = await ours(file, '--jobs', '2');
          const many = await measure(process.execPath, [join(root, 'lib/cli.js'), 'logs', robotsFile, file, '--ip-ranges', million, '--format', 'json', '--jobs', '2']);
          results.prefixes = { lines: big, two, million: many, ratio: many.s / two.s };
          rmSync(join(dir, 'million'), { recursive: true });
        }
        rmSync(file);
      }
      if (parts.small) {
        const lines = 40_000;
        const file = join(dir, `${format}-small.log`);
        const bytes = await writeLog(file, lines, format, mix, 6);
        log(`${lines.toLocaleString('en-US')} ${format} lines: logs (threads by size) and GoAccess, 5 runs each taking turns …`);
        const a = [];
        const b = [];
        for (let i = 0; i < 5; i++) {
          a.push(await ours(file));
          if (goaccess) b.push(await theirs(file, name));
        }
        const pick = (runs) => ({ s: median(runs.map((r) => r.s)), rss_mb: median(runs.map((r) => r.rss_mb)), runs_s: runs.map((r) => r.s) });
        results.small[format] = { lines, bytes, ours: perLine(pick(a), lines), goaccess: goaccess ? perLine(pick(b), lines) : null };
        rmSync(file);
      }
    }
    if (parts.sizes) {
      for (const count of [200_000, 2_000_000]) {
        const file = join(dir, `access-${count}.log`);
        log(`writing ${count.toLocaleString('en-US')} real-shaped combined lines …`);
        const bytes = await writeCombinedLog(file, count, mix);
        for (const format of ['json', 'csv']) {
          if (format === 'csv' && count !== 2_000_000) continue;
          log(`logs --jobs 2 --format ${format}, ${count.toLocaleString('en-US')} lines …`);
          const r = await measure(process.execPath, [join(root, 'lib/cli.js'), 'logs', robotsFile, file, '--ip-ranges', ranges, '--jobs', '2', '--format', format]);
          results.runs[`${count} ${format}`] = { ...r, lines_per_s: count / r.s, bytes };
        }
        rmSync(file);
      }
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
  const run = (r) => `${fmt(r.lines_per_s)}/s; ${r.rss_mb.toFixed(0)} MB; ${r.s.toFixed(r.s < 10 ? 2 : 1)} s`;
  const names = { combined: 'combined', w3c: 'W3C (IIS, with its #Fields directives)', cloudfront: 'CloudFront (W3C, tab-separated)' };
  const C = L.cli;
  if (C) {
    for (const [format, f] of Object.entries(C.formats ?? {})) {
      const ratio = f.goaccess ? f.ours.lines_per_s / f.goaccess.lines_per_s : NaN;
      rows.push([`logs, ${fmt(f.lines)} real-shaped ${names[format]} lines (${(f.bytes / 2 ** 20).toFixed(0)} MB), --jobs 2 --format json (lines/s; peak RSS; time); GoAccess over the same file, same run`, run(f.ours),
        f.goaccess ? `${C.goaccess_version}: ${run(f.goaccess)}` : 'GoAccess not installed', f.goaccess ? `${ratio.toFixed(2)}× GoAccess` : '',
        budget(ratio >= 4 && f.ours.rss_mb <= 300, '≥ 4× GoAccess, peak RSS ≤ 300 MB')]);
    }
    for (const [format, f] of Object.entries(C.small ?? {})) {
      const ratio = f.goaccess ? f.ours.lines_per_s / f.goaccess.lines_per_s : NaN;
      rows.push([`logs, ${fmt(f.lines)} real-shaped ${names[format]} lines, threads chosen by size (median of 5 runs: ${f.ours.runs_s.map((s) => s.toFixed(2)).join(', ')} s); GoAccess, same file, taking turns (${f.goaccess ? f.goaccess.runs_s.map((s) => s.toFixed(2)).join(', ') : '-'} s)`, run(f.ours),
        f.goaccess ? `${C.goaccess_version}: ${run(f.goaccess)}` : 'GoAccess not installed', f.goaccess ? `${ratio.toFixed(2)}× GoAccess` : '',
        budget(ratio >= 1, 'no slower than GoAccess')]);
    }
    if (C.prefixes) {
      const p = C.prefixes;
      rows.push([`logs, ${fmt(p.lines)} real-shaped combined lines, --jobs 2: verified against a ranges file of 1,000,000 prefixes beside one of 2 (time; peak RSS)`, `${p.million.s.toFixed(2)} s; ${p.million.rss_mb.toFixed(0)} MB`,
        `2 prefixes: ${p.two.s.toFixed(2)} s; ${p.two.rss_mb.toFixed(0)} MB`, `${p.ratio.toFixed(2)}×`, budget(p.ratio <= 1.5, 'within 1.5× of the run with 2 prefixes')]);
    }
    const small = C.runs['200000 json'];
    const big = C.runs['2000000 json'];
    const csv = C.runs['2000000 csv'];
    if (small && big && csv) {
      const growth = big.rss_mb / small.rss_mb;
      rows.push(['logs, 200,000 real-shaped combined lines, --jobs 2 --format json (lines/s; peak RSS)', `${fmt(small.lines_per_s)}/s; ${small.rss_mb.toFixed(0)} MB`, '', '', '']);
      rows.push(['logs, 2,000,000 real-shaped combined lines, --jobs 2 --format json (lines/s; peak RSS)', `${fmt(big.lines_per_s)}/s; ${big.rss_mb.toFixed(0)} MB; ${big.s.toFixed(1)} s`, '', '',
        budget(big.lines_per_s >= 150_000 && big.rss_mb <= 300 && growth <= 1.5, `≥ 150,000 lines/s, RSS ≤ 300 MB and ≤ 1.5× the 200k run (${growth.toFixed(2)}×)`)]);
      rows.push(['logs, 2,000,000 real-shaped combined lines, --jobs 2 --format csv (a row per crawler request)', `${fmt(csv.lines_per_s)}/s; ${csv.rss_mb.toFixed(0)} MB`, '', '', '']);
    }
  }
  if (L.browser) {
    const b = L.browser;
    rows.push([`Logs tab, ${(b.bytes / 2 ** 30).toFixed(2)} GB real-shaped log (${fmt(b.lines)} lines) dropped in Chromium: time; longest main-thread task; tab memory`, `${b.s.toFixed(1)} s (${fmt(b.lines / b.s)} lines/s); ${b.longest_task_ms.toFixed(0)} ms (${b.long_tasks} tasks over 50 ms); ${b.memory_mb.toFixed(0)} MB (${b.memory_before_mb.toFixed(0)} MB before the log)`, '', '',
      budget(b.s <= 60 && b.memory_mb <= 400 && b.longest_task_ms <= 200, '≤ 60 s, page responsive (no task over 200 ms), tab memory ≤ 400 MB')]);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const log = (...a) => console.error(...a);
  const args = process.argv.slice(2);
  const cliParts = Object.keys(ALL_PARTS).filter((p) => args.includes(`--${p}`));
  const want = (what) => args.length === 0 || args.includes(`--${what}`);
  execFileSync(process.execPath, ['scripts/build-lib.mjs', '--no-types'], { cwd: root, stdio: 'inherit' });
  const L = {};
  if (want('cli') || cliParts.length > 0) L.cli = await benchLogsCli(root, log, cliParts.length > 0 ? Object.fromEntries(cliParts.map((p) => [p, true])) : ALL_PARTS);
  if (want('browser')) {
    const { benchLogsBrowser } = await import('./logs-browser.mjs');
    L.browser = await benchLogsBrowser(root, log);
  }
  const budget = (ok, text) => `${ok ? 'met' : 'MISSED'} (${text})`;
  const rows = logsRows(L, budget);
  console.log(['| measure | robots-txt-tester | GoAccess | ratio | budget |', '|---|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'));
  console.log(JSON.stringify(L, null, 2));
}
