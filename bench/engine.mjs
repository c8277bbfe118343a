// The engine against the physical work, side by side in one run: a warm parse beside a
// bare JavaScript line scan and robots-parser's parse (github.com's file, the synthetic 500 KB file,
// the real-shaped 500 KB file); the first verdict in a fresh process (from the google entry, and
// from the main one) beside robots-parser's parse in one; and `check --urls --format csv --jobs 1`
// beside createChecker over the same 300,000 URLs.
// `node bench/engine.mjs` runs these rows alone (after `node scripts/build-lib.mjs --no-types`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeRealShapedRobots, makeRobots, makeUrls } from './inputs.mjs';
import { writeUrls } from './stream.mjs';

/**
 * The least a parser must do, as plain JavaScript writes it: split the text into lines, find
 * each colon and lower-case the key (the returned count keeps the work from being optimised away).
 */
export function bareLineScan(text) {
  let n = 0;
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon >= 0) n += line.slice(0, colon).trim().toLowerCase().length;
  }
  return n;
}

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

/**
 * Times the functions taking turns run by run (the order rotating), so that a slow stretch of the
 * machine falls on all of them alike; resolves to each one's median, in the order given.
 */
function timeTogether(fns, runs) {
  for (let i = 0; i < Math.min(10, runs); i++) for (const fn of fns) fn();
  const times = fns.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < fns.length; j++) {
      const k = (i + j) % fns.length;
      const t = performance.now();
      fns[k]();
      times[k].push(performance.now() - t);
    }
  }
  return times.map(median);
}

/** The files these rows read: github.com's (shared corpus), the synthetic and the real-shaped 500 KB files. */
export function engineTexts(root) {
  const corpus = join(root, '..', 'shared', 'corpus', 'real');
  const github = join(corpus, 'github.com.txt');
  return {
    'github.com': existsSync(github) ? readFileSync(github, 'utf8') : makeRobots(30_000, 5),
    '500 KB': makeRobots(500_000),
    '500 KB real-shaped': makeRealShapedRobots(corpus) ?? makeRobots(500_000, 9),
  };
}

/** CPU seconds of this process's finished children (Linux /proc: cutime + cstime, in clock ticks of 1/100 s). */
function childCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the command name start at field 3 (state): cutime is field 16, cstime 17.
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / 100;
}

/** Runs `code` (an ES module) in a fresh Node process; resolves to what it prints, parsed as JSON. */
function fresh(code, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (status) => (status === 0 ? resolve(JSON.parse(out)) : reject(new Error(`fresh process exited ${status}`))));
  });
}

// A fresh process: the text is read first; the clock runs from loading the library to the first
// verdict (ours: import, parse, one check; robots-parser: require, parse).
const OURS_COLD = `
import { readFileSync } from 'node:fs';
const [lib, file, url] = process.argv.slice(1);
const text = readFileSync(file, 'utf8');
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const c0 = cpu();
const t0 = performance.now();
const { parseRobotsTxt, checkUrl } = await import(lib);
const t1 = performance.now();
const robots = parseRobotsTxt(text);
const t2 = performance.now();
const verdict = checkUrl(robots, 'Googlebot', url);
const t3 = performance.now();
console.log(JSON.stringify({ total: t3 - t0, load: t1 - t0, parse: t2 - t1, check: t3 - t2, cpu: cpu() - c0, allowed: verdict.allowed }));
`;
const THEIRS_COLD = `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const [dir, file] = process.argv.slice(1);
const text = readFileSync(file, 'utf8');
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const c0 = cpu();
const t0 = performance.now();
const robotsParser = createRequire(dir)('robots-parser');
const t1 = performance.now();
robotsParser('https://www.example-shop.com/robots.txt', text);
const t2 = performance.now();
console.log(JSON.stringify({ total: t2 - t0, load: t1 - t0, parse: t2 - t1, cpu: cpu() - c0 }));
`;

/** Runs the engine rows (`only`: some of parse, cold, cli); `log` reports progress. */
export async function benchEngine(root, log = () => {}, only = ['parse', 'cold', 'cli']) {
  const { parseRobotsTxt, createChecker } = await import(pathToFileURL(join(root, 'lib/index.js')).href);
  const robotsParser = createRequire(import.meta.url)('robots-parser');
  const texts = engineTexts(root);
  const results = { parse: {}, cold: {}, cli: {} };

  if (only.includes('parse')) {
  log('engine: warm parse beside a bare line scan and robots-parser …');
  const rounds = Object.fromEntries(Object.keys(texts).map((k) => [k, []]));
  for (let round = 0; round < 5; round++) {
    for (const [name, text] of Object.entries(texts)) {
      const runs = text.length > 100_000 ? 20 : 100;
      // A group's rules are read from the line table when first asked for: the parse with every rule read too.
      const [ours, scan] = timeTogether([() => parseRobotsTxt(text), () => bareLineScan(text)], runs);
      const oursRules = timeRuns(() => parseRobotsTxt(text).rules, runs);
      rounds[name].push({
        ours_ms: ours, ours_rules_ms: oursRules, line_scan_ms: scan,
        robots_parser_ms: timeRuns(() => robotsParser('https://www.example-shop.com/robots.txt', text), Math.max(6, runs / 5)),
      });
    }
  }
  for (const [name, text] of Object.entries(texts)) {
    const best = (k) => Math.min(...rounds[name].map((r) => r[k]));
    const ours = best('ours_ms');
    const scan = best('line_scan_ms');
    results.parse[name] = {
      bytes: Buffer.byteLength(text), lines: text.split('\n').length, ours_ms: ours, ours_rules_ms: best('ours_rules_ms'), line_scan_ms: scan,
      robots_parser_ms: best('robots_parser_ms'), ratio_to_scan: ours / scan, rounds: rounds[name],
    };
  }
  }

  const dir = mkdtempSync(join(tmpdir(), 'rtt-engine-'));
  try {
    if (only.includes('cold')) {
    log('engine: first verdict in fresh processes …');
    // Google's reading alone (the package's google entry), and the main entry for comparison.
    const lib = pathToFileURL(join(root, 'lib/google.js')).href;
    const whole = pathToFileURL(join(root, 'lib/index.js')).href;
    for (const name of ['500 KB', '500 KB real-shaped']) {
      const file = join(dir, `${name.replace(/ /g, '-')}.txt`);
      writeFileSync(file, texts[name]);
      const url = makeUrls(texts[name], 1, 5)[0];
      const ours = [];
      const theirs = [];
      const main = [];
      for (let i = 0; i < 7; i++) {
        ours.push(await fresh(OURS_COLD, [lib, file, url]));
        theirs.push(await fresh(THEIRS_COLD, [join(root, 'package.json'), file]));
        main.push(await fresh(OURS_COLD, [whole, file, url]));
      }
      const mid = (xs, k) => median(xs.map((x) => x[k]));
      results.cold[name] = {
        ours_ms: mid(ours, 'total'), ours_load_ms: mid(ours, 'load'), ours_parse_ms: mid(ours, 'parse'), ours_check_ms: mid(ours, 'check'),
        robots_parser_ms: mid(theirs, 'total'), robots_parser_load_ms: mid(theirs, 'load'), runs: { ours, theirs, main },
        main_entry_ms: mid(main, 'total'), main_entry_load_ms: mid(main, 'load'),
        // CPU time (all threads: the optimising compiler's too), which the machine's other work does not stretch.
        ours_cpu_ms: mid(ours, 'cpu'), robots_parser_cpu_ms: mid(theirs, 'cpu'),
      };
    }

    }
    if (only.includes('cli')) {
    log('engine: check --urls --format csv --jobs 1 beside createChecker, 300,000 URLs …');
    const ROUNDS = 5;
    const robotsFile = join(dir, 'github.txt');
    writeFileSync(robotsFile, texts['github.com']);
    const urlsFile = join(dir, 'urls.txt');
    await writeUrls(urlsFile, 300_000, 13);
    const urls = readFileSync(urlsFile, 'utf8').split('\n').filter(Boolean);
    const check = createChecker(parseRobotsTxt(texts['github.com']), 'Googlebot');
    const rates = [];
    const cpuRates = [];
    const cli = [];
    const cliCpu = [];
    // Shown beside, not judged: the CLI started without NODE_EXTRA_CA_CERTS, where the environment
    // sets it (Node reads that CA bundle at every start, before any of the CLI's code runs).
    const caBundle = process.env.NODE_EXTRA_CA_CERTS;
    const withoutCa = [];
    const cliArgs = [join(root, 'lib/cli.js'), 'check', robotsFile, '--ua', 'Googlebot', '--urls', urlsFile, '--format', 'csv', '--jobs', '1'];
    // The loop and the CLI take turns, so that both meet the machine as it is: on these shared
    // machines a stretch of minutes can run everything up to ~2x slower.
    for (let run = 0; run < ROUNDS; run++) {
      let t = performance.now();
      const c = process.cpuUsage();
      for (const u of urls) check(u);
      rates.push(urls.length / ((performance.now() - t) / 1000));
      const d = process.cpuUsage(c);
      cpuRates.push(urls.length / ((d.user + d.system) / 1e6));
      t = performance.now();
      const before = childCpuSeconds();
      // Exit code 1: some URL is blocked.
      const { status } = spawnSync(process.execPath, cliArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
      if (status !== 0 && status !== 1) throw new Error(`the CLI exited ${status}`);
      cli.push(urls.length / ((performance.now() - t) / 1000));
      // The finished child's CPU time: this process's waited-for children's time grows by it.
      cliCpu.push(urls.length / (childCpuSeconds() - before));
      if (caBundle) {
        const env = { ...process.env };
        delete env.NODE_EXTRA_CA_CERTS;
        t = performance.now();
        spawnSync(process.execPath, cliArgs, { stdio: ['ignore', 'ignore', 'inherit'], env });
        withoutCa.push(urls.length / ((performance.now() - t) / 1000));
      }
    }
    const checker = Math.max(...rates);
    const best = Math.max(...cli);
    const cpuRatio = Math.max(...cliCpu) / Math.max(...cpuRates);
    results.cli = {
      urls: urls.length, cli_per_s: best, checker_per_s: checker, ratio: best / checker, cli_runs: cli, checker_runs: rates, cpu_ratio: cpuRatio, cli_cpu_runs: cliCpu,
      checker_cpu_runs: cpuRates, without_ca_per_s: withoutCa.length ? Math.max(...withoutCa) : null, without_ca_runs: withoutCa,
    };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** Table rows for the engine measures. */
export function engineRows(E, budget) {
  const rows = [];
  for (const [name, p] of Object.entries(E.parse)) {
    rows.push([`warm parse, ${name} (${Math.round(p.bytes / 1000)} KB, ${p.lines.toLocaleString('en-US')} lines) beside a bare JavaScript line scan; robots-parser's parse ${p.robots_parser_ms.toFixed(2)} ms; ours with every rule read too ${p.ours_rules_ms.toFixed(3)} ms (${(p.ours_rules_ms / p.line_scan_ms).toFixed(2)}×)`,
      `${p.ours_ms.toFixed(3)} ms`, `${p.line_scan_ms.toFixed(3)} ms (line scan)`, `${p.ratio_to_scan.toFixed(2)}×`, budget(p.ratio_to_scan <= 1.8, '≤ 1.8× the line scan')]);
  }
  for (const [name, c] of Object.entries(E.cold)) {
    const main = c.main_entry_ms === undefined ? '' : `; from the main entry instead ${c.main_entry_ms.toFixed(1)} ms, its load ${c.main_entry_load_ms.toFixed(1)} ms`;
    rows.push([`fresh process: load, parse and first check, ${name}, the google entry (median of 7; ours: load ${c.ours_load_ms.toFixed(1)} + parse ${c.ours_parse_ms.toFixed(1)} + check ${c.ours_check_ms.toFixed(1)} ms; CPU time ${c.ours_cpu_ms.toFixed(1)} vs ${c.robots_parser_cpu_ms.toFixed(1)} ms${main})`,
      `${c.ours_ms.toFixed(1)} ms`, `${c.robots_parser_ms.toFixed(1)} ms (load and parse)`, `${(c.ours_ms / c.robots_parser_ms).toFixed(2)}×`,
      name === '500 KB' ? budget(c.ours_ms <= c.robots_parser_ms, '≤ robots-parser\'s parse') : '']);
  }
  const c = E.cli;
  if (c.urls) rows.push([`check --urls --format csv --jobs 1, ${c.urls.toLocaleString('en-US')} URLs, github.com's file (whole process) beside createChecker's loop over the same URLs, best of 5 each, taking turns; by CPU time ${c.cpu_ratio.toFixed(2)}×${c.without_ca_per_s ? `; started without the environment's NODE_EXTRA_CA_CERTS ${Math.round(c.without_ca_per_s).toLocaleString('en-US')}/s (${(c.without_ca_per_s / c.checker_per_s).toFixed(2)}×)` : ''}`,
    `${Math.round(c.cli_per_s).toLocaleString('en-US')}/s`, `${Math.round(c.checker_per_s).toLocaleString('en-US')}/s (createChecker)`, `${c.ratio.toFixed(2)}×`, budget(c.ratio >= 0.5, '≥ 0.5× createChecker')]);
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
  const E = await benchEngine(root, (m) => console.error(m), only);
  const budget = (ok, text) => `${ok ? 'met' : 'MISSED'} (${text})`;
  console.log(['| measure | robots-txt-tester | beside | ratio | budget |', '|---|---|---|---|---|', ...engineRows(E, budget).map((r) => `| ${r.join(' | ')} |`)].join('\n'));
  if (process.argv.includes('--json')) console.log(JSON.stringify(E, (k, v) => (k === 'rounds' || k === 'runs' ? undefined : v), 2));
}
