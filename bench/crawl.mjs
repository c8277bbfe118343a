// The crawl's bench: a 10,000-page site (100 sections of 100 pages from one real-shaped docs
// template, ~45 KB each; served on 127.0.0.1 from this process) crawled and audited by
// `audit --crawl --jobs 2` (the built CLI, a child process): its time, pages per second and peak
// RSS, beside the machine's load average. `node bench/crawl.mjs` after `npm run build:lib` runs
// it alone; bench/run.mjs runs it with the rest.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRobots, benchSite, serveSite } from './crawl-site.mjs';
import { runCli } from './measure.mjs';

/** Crawls the bench site `runs` times; resolves to the best run and every run. */
export async function benchCrawl(root, log, { sections = 100, perSection = 100, runs = 2 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rtt-crawl-'));
  const site = await serveSite((origin) => benchSite(origin, sections, perSection));
  try {
    const robots = join(dir, 'robots.txt');
    writeFileSync(robots, benchRobots(site.origin));
    const pages = sections * perSection;
    const all = [];
    for (let run = 0; run < runs; run++) {
      log(`crawl: ${pages.toLocaleString('en-US')}-page site, run ${run + 1} of ${runs} …`);
      const load = loadavg()[0];
      const r = await runCli(root, ['audit', robots, '--crawl', `${site.origin}/`, '--jobs', '2', '--rate', '1000', '--concurrency', '16',
        '--max-pages', String(pages * 2), '--format', 'json']);
      all.push({ ...r, load_before: load, load_after: loadavg()[0] });
    }
    const best = all.reduce((a, b) => (b.s < a.s ? b : a));
    return { pages, best, runs: all, pages_per_s: pages / best.s, rss_mb: Math.max(...all.map((r) => r.rss_mb)) };
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The table's row for the crawl. */
export function crawlRows(r, budget) {
  if (!r) return [];
  const b = r.best;
  return [[
    `audit --crawl --jobs 2: a ${r.pages.toLocaleString('en-US')}-page site (real-shaped docs pages, 127.0.0.1), crawled and audited`,
    `${b.s.toFixed(1)} s (${Math.round(r.pages_per_s).toLocaleString('en-US')} pages/s), ${b.rss_mb.toFixed(0)} MB peak`, '',
    `load average ${b.load_before.toFixed(1)} → ${b.load_after.toFixed(1)} (2 cores shared)`,
    budget(b.s <= 60 && r.rss_mb <= 300, '≤ 60 s, ≤ 300 MB peak RSS'),
  ]];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const log = (...a) => console.error(...a);
  const small = process.argv.includes('--small');
  const r = await benchCrawl(root, log, small ? { sections: 10, perSection: 100, runs: 1 } : {});
  const budget = (ok, text) => `${ok ? 'met' : 'MISSED'} (${text})`;
  console.log(JSON.stringify(r, null, 2));
  console.log(crawlRows(r, budget).map((row) => `| ${row.join(' | ')} |`).join('\n'));
}
