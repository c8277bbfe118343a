// The site audit. CLI: `audit` over 2,000,000 URLs from 40 gzip sitemaps behind an index
// (served from 127.0.0.1), its peak RSS, beside `check --urls --format csv` over the same URLs in
// the same run. Browser: 1,000,000 URLs from 20 gzip sitemaps dropped at once on the Site tab, 3
// crawlers: time to counts, tree and rule impact, main-thread long tasks, a folder's expansion, the
// tab's memory. And the bounds at their defaults over a 50,000 × 50,000 index (site-caps.mjs).
// `node bench/site.mjs` after `npm run build` runs these rows alone (after `npm run build:lib`:
// --cli-only, the CLI's rows; --speed-only, audit beside check; --caps-only, the bounds;
// --rounds N, rounds of audit beside check, 2 by default); bench/run.mjs runs them with the rest.
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from './measure.mjs';
import { benchSiteCaps, siteCapsRows } from './site-caps.mjs';
import { serveDir, SITE_CRAWLERS, SITE_ROBOTS, writeSitemaps } from './site-inputs.mjs';

export { serveDir, SITE_CRAWLERS, SITE_ROBOTS, writeSitemaps };

export { benchSiteCaps };

/** The CLI rows: audit (csv and json) and check --urls over the same 2,000,000 URLs, alternated over `rounds`, best of each. */
export async function benchSiteCli(root, log, rounds = 2) {
  const dir = mkdtempSync(join(tmpdir(), 'rtt-site-'));
  try {
    const server = await serveDir(dir);
    try {
      log('site audit CLI: writing 40 gzip sitemaps of 50,000 URLs …');
      const files = writeSitemaps(dir, 40, 50_000, server.base);
      writeFileSync(join(dir, 'robots.txt'), SITE_ROBOTS);
      const crawlers = SITE_CRAWLERS.flatMap((c) => ['--ua', c]);
      const robots = join(dir, 'robots.txt');
      const audit = (format) => runCli(root, ['audit', robots, ...crawlers, '--sitemap', `${server.base}/index.xml`, '--site', 'https://www.example.com', '--format', format]);
      const check = () => runCli(root, ['check', robots, ...crawlers, '--urls', join(dir, 'urls.txt'), '--format', 'csv']);
      const runs = { audit_csv: [], audit_json: [], check_csv: [] };
      for (let round = 0; round < rounds; round++) {
        log(`site audit CLI: round ${round + 1} of ${rounds} …`);
        runs.check_csv.push(await check());
        runs.audit_csv.push(await audit('csv'));
        runs.audit_json.push(await audit('json'));
      }
      const best = (xs) => xs.reduce((a, b) => (b.s < a.s ? b : a));
      const gz = files.reduce((a, f) => a + statSync(f).size, 0);
      return {
        urls: 2_000_000, sitemaps: 40, gzip_mb: gz / 1e6, crawlers: SITE_CRAWLERS,
        audit_csv: best(runs.audit_csv), audit_json: best(runs.audit_json), check_csv: best(runs.check_csv), runs,
        rss_mb: Math.max(...runs.audit_csv.map((r) => r.rss_mb), ...runs.audit_json.map((r) => r.rss_mb)),
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The table's rows for the site audit's results (CLI, the bounds and the browser's, each when measured). */
export function siteRows(r, budget) {
  const rows = [];
  if (r.cli) {
    const c = r.cli;
    const speed = (x) => `${x.s.toFixed(1)} s (${Math.round(c.urls / x.s).toLocaleString('en-US')} URLs/s), ${x.rss_mb.toFixed(0)} MB peak`;
    const ratio = c.check_csv.s / c.audit_csv.s;
    // Each round's own ratio (check and audit one after the other): how much the machine moved it.
    const rounds = c.runs.audit_csv.map((a, i) => (c.runs.check_csv[i].s / a.s).toFixed(2)).join(', ');
    rows.push([`audit --format csv: 2,000,000 URLs from 40 gzip sitemaps behind an index (${c.gzip_mb.toFixed(0)} MB gzip, from 127.0.0.1), 3 crawlers`, speed(c.audit_csv), `check --urls --format csv, same URLs: ${speed(c.check_csv)}`,
      `${ratio.toFixed(2)}× check's speed (each round: ${rounds})`, budget(ratio >= 0.5 && c.audit_csv.rss_mb <= 400, '≥ 0.5× check --urls, ≤ 400 MB peak RSS')]);
    rows.push(['audit --format json (counts, tree, rule impact), same inventory', speed(c.audit_json), '', `${(c.check_csv.s / c.audit_json.s).toFixed(2)}× check's speed`,
      budget(c.audit_json.rss_mb <= 400, '≤ 400 MB peak RSS')]);
  }
  rows.push(...siteCapsRows(r.caps, budget));
  if (r.browser) {
    const b = r.browser;
    rows.push([`Site tab: 1,000,000 URLs from 20 gzip sitemaps dropped at once, 3 crawlers → counts, tree, rule impact`, `${(b.total_ms / 1000).toFixed(1)} s`, '', `longest main-thread task ${b.longest_task_ms.toFixed(0)} ms${b.harness_longest_task_ms === undefined ? '' : ` (the same files set on a bare input: ${b.harness_longest_task_ms.toFixed(0)} ms)`}`,
      budget(b.total_ms <= 15_000 && b.longest_task_ms <= 100, '≤ 15 s, no main-thread task over 100 ms')]);
    rows.push(['Site tab: expanding a folder of the tree (1,000,000 URLs)', `${b.expand_ms.toFixed(0)} ms`, '', '', budget(b.expand_ms <= 100, '≤ 100 ms')]);
    rows.push(['Site tab: memory (page + its workers) after the audit', `${b.memory_mb.toFixed(0)} MB`, '', b.memory_how, budget(b.memory_mb <= 600, '≤ 600 MB')]);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const log = (...a) => console.error(...a);
  if (!existsSync(join(root, 'lib/cli.js'))) throw new Error('build first: npm run build');
  const flag = (name) => process.argv.includes(name);
  const at = process.argv.indexOf('--rounds');
  const rounds = at > 0 ? Number(process.argv[at + 1]) : 2;
  const results = {};
  if (!flag('--caps-only')) results.cli = await benchSiteCli(root, log, rounds);
  if (!flag('--speed-only')) results.caps = await benchSiteCaps(root, log);
  if (!flag('--cli-only') && !flag('--speed-only') && !flag('--caps-only')) {
    const { benchSiteBrowser } = await import('./site-browser.mjs');
    results.browser = await benchSiteBrowser(root, log);
  }
  const budget = (ok, text) => `${ok ? 'met' : 'MISSED'} (${text})`;
  console.log(JSON.stringify(results, null, 2));
  console.log(['| measure | robots-txt-tester | beside | ratio | budget |', '|---|---|---|---|---|', ...siteRows(results, budget).map((row) => `| ${row.join(' | ')} |`)].join('\n'));
}
