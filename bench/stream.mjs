// The CLI on long URL lists: `check --urls` over 200,000, 2,000,000 and 10,000,000 URLs
// of github.com's real robots.txt (the shared corpus' copy, else a generated file), the process's
// peak RSS read from /proc, beside robots-parser's own loop over the same list in the same run.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { makeRobots } from './inputs.mjs';
import { runCli } from './measure.mjs';

const SEGMENTS = ['torvalds', 'linux', 'facebook', 'react', 'tree', 'blob', 'master', 'main', 'issues', 'pulls', 'wiki', 'commits',
  'stargazers', 'search', 'archive', 'raw', 'followers', 'src', 'README.md', 'docs', 'releases', 'actions', 'security', 'pulse'];

/** Writes `count` GitHub-like URLs (deterministic) to `file`. */
export async function writeUrls(file, count, seed) {
  let s = seed >>> 0;
  const r = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const out = createWriteStream(file);
  let chunk = '';
  for (let i = 0; i < count; i++) {
    let p = '';
    const depth = 1 + Math.floor(r() * 5);
    for (let k = 0; k < depth; k++) p += '/' + SEGMENTS[Math.floor(r() * SEGMENTS.length)];
    if (r() < 0.2) p += '?q=' + Math.floor(r() * 1000);
    chunk += 'https://github.com' + p + '\n';
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise((res) => out.once('drain', res));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise((res) => out.on('close', res));
}


/** robots-parser's own loop over the list: read each line, ask isAllowed. URLs per second. */
async function robotsParserLoop(robotsText, file) {
  const require = createRequire(import.meta.url);
  const robots = require('robots-parser')('https://github.com/robots.txt', robotsText);
  const t0 = performance.now();
  let n = 0;
  for await (const url of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (url && robots.isAllowed(url, 'Googlebot') !== undefined) n++;
  }
  return n / ((performance.now() - t0) / 1000);
}

/** The streaming measures, as results and table rows. */
export async function benchStream(root, log) {
  const corpus = join(root, '..', 'shared', 'corpus', 'real', 'github.com.txt');
  const dir = mkdtempSync(join(tmpdir(), 'rtt-stream-'));
  const robotsFile = join(dir, 'robots.txt');
  const robotsText = existsSync(corpus) ? readFileSync(corpus, 'utf8') : makeRobots(30_000);
  execFileSync('cp', [existsSync(corpus) ? corpus : '/dev/null', robotsFile]);
  if (!existsSync(corpus)) (await import('node:fs')).writeFileSync(robotsFile, robotsText);
  const results = { robots: existsSync(corpus) ? 'github.com (shared corpus)' : 'generated 30 KB', runs: {} };
  try {
    for (const count of [200_000, 2_000_000]) {
      const file = join(dir, `urls-${count}.txt`);
      await writeUrls(file, count, 7);
      for (const [format, jobs] of [['csv', 1], ['csv', 2], ['text', 2]]) {
        log(`check --urls ${count.toLocaleString('en-US')} URLs, --format ${format}, --jobs ${jobs} …`);
        const r = await runCli(root, ['check', robotsFile, '--ua', 'Googlebot', '--urls', file, '--format', format, '--jobs', String(jobs)]);
        results.runs[`${count} ${format} jobs ${jobs}`] = { ...r, urls_per_s: count / r.s };
      }
      if (count === 2_000_000) {
        log('robots-parser loop over 2,000,000 URLs …');
        results.robots_parser_per_s = await robotsParserLoop(robotsText, file);
      }
      rmSync(file);
    }
    const ten = join(dir, 'urls-10m.txt');
    log('writing 10,000,000 URLs …');
    await writeUrls(ten, 10_000_000, 11);
    results.ten_million_bytes = statSync(ten).size;
    log('check --urls 10,000,000 URLs --jobs 2 --format csv …');
    const r = await runCli(root, ['check', robotsFile, '--ua', 'Googlebot', '--urls', ten, '--format', 'csv', '--jobs', '2']);
    results.runs['10000000 csv jobs 2'] = { ...r, urls_per_s: 10_000_000 / r.s };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The packed tarball as `npm publish` would ship it.
  const pack = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' }))[0];
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  results.package = { unpacked_kb: pack.unpackedSize / 1024, files: pack.entryCount, runtime_dependencies: Object.keys(pkg.dependencies ?? {}).length };
  return results;
}

/** Table rows for the streaming measures. */
export function streamRows(S, budget) {
  const run = (k) => S.runs[k];
  const rows = [];
  const small = run('200000 csv jobs 2');
  const big = run('2000000 csv jobs 2');
  const growth = big.rss_mb / small.rss_mb;
  rows.push([`npm pack tarball installed alone`, `${S.package.runtime_dependencies} runtime dependencies, ${S.package.unpacked_kb.toFixed(0)} KB unpacked (${S.package.files} files)`, '', '',
    budget(S.package.runtime_dependencies === 0 && S.package.unpacked_kb <= 400, '0 runtime dependencies, ≤ 400 KB unpacked')]);
  for (const k of ['200000 csv jobs 1', '200000 csv jobs 2', '200000 text jobs 2', '2000000 csv jobs 1', '2000000 csv jobs 2', '2000000 text jobs 2']) {
    const [count, format, , jobs] = k.split(' ');
    const r = run(k);
    const vs = r.urls_per_s / S.robots_parser_per_s;
    const isBudget = k === '2000000 csv jobs 2';
    rows.push([`check --urls, ${Number(count).toLocaleString('en-US')} URLs, ${S.robots}, --format ${format} --jobs ${jobs} (URLs/s; peak RSS)`,
      `${Math.round(r.urls_per_s).toLocaleString('en-US')}/s; ${r.rss_mb.toFixed(0)} MB`, `${Math.round(S.robots_parser_per_s).toLocaleString('en-US')}/s (its own loop, 2M list)`, `${vs.toFixed(1)}×`,
      isBudget ? budget(r.rss_mb <= 300 && growth <= 1.5 && vs >= 5, `RSS ≤ 300 MB and ≤ 1.5× the 200k run (${growth.toFixed(2)}×); ≥ 5× robots-parser`) : '']);
  }
  const ten = run('10000000 csv jobs 2');
  rows.push(['check --urls, 10,000,000 URLs, --format csv --jobs 2', `${Math.round(ten.urls_per_s).toLocaleString('en-US')}/s; ${ten.rss_mb.toFixed(0)} MB; ${ten.s.toFixed(1)} s`, '', '',
    budget(ten.rss_mb <= 300, 'completes, flat memory')]);
  return rows;
}
