// The inventory's bounds at their defaults: `audit --format json` over a 50,000 × 50,000 sitemap
// index (2.5 billion URLs, each child made as it is asked for on 127.0.0.1) must stop at the
// default caps (5,000,000 URLs, 10,000 child sitemaps) within two minutes and 400 MB, and say on
// standard error what the caps left out. `node bench/site.mjs --cli-only` runs it with the other
// CLI rows; bench/run.mjs runs it with the rest.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './measure.mjs';
import { answerHugeIndex } from './site-inputs.mjs';

/** What the run must say it left out: the URL cap, and the child sitemaps past theirs. */
const SAID = [
  'The reading stopped at the cap of 5,000,000 URLs',
  '40,000 child sitemaps were not followed: past the cap of 10,000. (--max-sitemaps)',
];

/** One run of the audit over the huge index at the default caps: its time, peak RSS and whether it said what was cut. */
export async function benchSiteCaps(root, log) {
  const dir = mkdtempSync(join(tmpdir(), 'rtt-caps-'));
  let base = '';
  const server = createServer((req, res) => {
    if (!answerHugeIndex(base, new URL(req.url, base).pathname, res)) res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${server.address().port}`;
  try {
    const robots = join(dir, 'robots.txt');
    writeFileSync(robots, 'User-agent: *\nDisallow: /p/7/\n');
    log('site audit CLI: a 50,000 × 50,000 sitemap index at the default caps …');
    const r = await runCli(root, ['audit', robots, '--sitemap', `${base}/huge.xml`, '--format', 'json'], { stderr: true });
    const said = SAID.filter((s) => r.err.includes(s));
    return { s: r.s, rss_mb: r.rss_mb, said, missing: SAID.filter((s) => !said.includes(s)) };
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The table's row for the huge index. */
export function siteCapsRows(r, budget) {
  if (!r) return [];
  return [[
    'audit --format json: a 50,000 × 50,000 sitemap index (2.5 billion URLs, 127.0.0.1) at the default caps (--max-urls 5,000,000, --max-sitemaps 10,000)',
    `${r.s.toFixed(1)} s, ${r.rss_mb.toFixed(0)} MB peak`, '', r.missing.length === 0 ? 'what the caps left out said on standard error' : `not said: ${r.missing.join('; ')}`,
    budget(r.s <= 120 && r.rss_mb <= 400 && r.missing.length === 0, 'stops within 2 min and 400 MB, saying what the caps left out'),
  ]];
}
