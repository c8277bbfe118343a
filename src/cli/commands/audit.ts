/** `robots-txt-tester audit`: a site's inventory checked against its robots.txt (the run itself: audit.ts). */
import { createReadStream } from 'node:fs';
import { parseRobotsTxt, resolveCrawler } from '../../robots/index.js';
import { InventoryBudget, type InventorySource } from '../../robots/site/index.js';
import { runAudit } from '../audit.js';
import { CliError } from '../cli-error.js';
import { defineCommand } from '../command.js';
import { capsOf, INVENTORY_HELP, INVENTORY_OPTIONS, sitemapsFrom } from '../inventory-options.js';
import {
  checkReadable, CRAWLER_HELP, CRAWLER_OPTIONS, crawlersFrom, FORMAT_OPTIONS, formatOf, JOBS_OPTION, jobsOf, readersFrom, readRobots, SITE_OPTION, siteOf,
  SOURCE_HELP, TIMEOUT_OPTION, timeoutOf,
} from '../options/index.js';
import { describeFetch, isRemote } from '../source.js';
import { CRAWL_HELP, CRAWL_OPTIONS, crawlOptionsOf } from '../crawl-options.js';
import { writeMessage } from '../terminal.js';

/** A local file's body, read as it streams; one that cannot be opened is bad input, found before the run. */
function fileBody(file: string, what: string): AsyncIterable<Uint8Array> {
  if (file === '-') return process.stdin;
  checkReadable(file, what);
  return createReadStream(file);
}

/** `audit`. */
export const auditCommand = defineCommand({
  name: 'audit',
  help: `Usage: robots-txt-tester audit <robots.txt> [crawlers] [inventory] [options]
       robots-txt-tester audit <robots.txt> [crawler] --crawl <url> [bounds] [options]

Audits a site's inventory — every URL of its sitemaps, feeds, crawl exports and URL lists — against
the robots.txt for each crawler (Googlebot when none is given): how many URLs are allowed, blocked,
out of scope (another host: this robots.txt does not govern them) or cannot be tested; the blocked
ones first, each with its deciding line; the site's folders; what each rule decides, and the rules
that decide nothing (they match no URL, or every URL they match is decided by another rule).

${INVENTORY_HELP}

${CRAWLER_HELP}
Options:
  --compare <robots.txt> the version this one replaces (the live file, when auditing a draft): the
                         URLs whose verdict changes, per crawler, with both deciding lines
  --site <url>           the site whose robots.txt this is (a fetched file's own by default): paths
                         resolve on it, URLs of other hosts are out of scope, its sitemaps may list
                         its URLs from another host, and local sitemap files live on it
  --format <f>           text (default): the summary, blocked URLs, top folders, rule impact;
                         json: one object {inventory, cut, sources, crawlers, rules, unusedRules,
                         tree, changes?}; csv: one row per URL × crawler (× reader) — url (as the source
                         lists it), crawler, verdict, line, rule, source (+ the compared version's
                         verdict, line and rule with --compare) — streamed in inventory order
  --json                 short for --format json
  --jobs, -j <n>         threads in all (default: the machine's cores; at most four per core, and
                         64): one reads the inventory, the others check; 1 reads and checks on one thread
  --timeout <time>       how long to wait for each fetch: milliseconds, or seconds with s (default
                         30000 for sitemaps, 10000 for a robots.txt; 1 ms to 600 s); redirects are
                         followed to http(s) only, at most five, never round a loop
  --help, -h             this help

${CRAWL_HELP}

${SOURCE_HELP}
Exit code 0 when no inventory URL is blocked for any crawler given, 1 when some is (a CI gate), 2 on
bad input (a file that cannot be read, an empty inventory: why, source by source, on standard
error). Broken sources and what the bounds left out are named on standard error either way.`,
  options: {
    ...CRAWLER_OPTIONS, ...SITE_OPTION, ...FORMAT_OPTIONS, ...TIMEOUT_OPTION, ...JOBS_OPTION, ...INVENTORY_OPTIONS,
    compare: { type: 'string' }, ...CRAWL_OPTIONS,
  },

  async run({ values, tokens }, { script }) {
    const format = formatOf(values);
    const siteOption = siteOf(values.site);
    const { robots: file, sitemaps, extra } = sitemapsFrom(tokens);
    if (file === undefined) throw new CliError('missing the robots.txt file, URL (or - for standard input)');
    if (extra.length > 0) throw new CliError(`give the URLs to audit as an inventory (--sitemap, --sitemaps auto, --urls) or a crawl (--crawl), not ${JSON.stringify(extra[0])}`);
    const given = crawlersFrom(tokens, false);
    const crawlers = given.length > 0 ? given : [resolveCrawler({ kind: 'profile', id: 'googlebot' })];
    const readers = readersFrom(values).filter((r) => r !== 'google');
    const auto = values.sitemaps;
    if (auto !== undefined && auto !== 'auto') throw new CliError(`--sitemaps takes auto (the robots.txt's Sitemap: lines), not ${JSON.stringify(auto)}`);
    const urls = values.urls;
    const crawl = crawlOptionsOf(values);
    if (crawl) {
      if (auto !== undefined || urls !== undefined) throw new CliError('--crawl reads the robots.txt\'s Sitemap: lines itself (and --sitemap\'s): give no --sitemaps or --urls');
      if (given.length > 1) throw new CliError('--crawl crawls as one crawler: give one --ua or --crawler');
      if (readers.length > 0) throw new CliError('--crawl goes by Google\'s reading: give no --reader');
      const { runCrawl } = await import('../crawl.js');
      const crawlSitemaps = sitemaps.map((s) => (isRemote(s) ? { name: s, url: s, role: 'sitemap' as const } : { name: s, body: fileBody(s, 'sitemap'), role: 'sitemap' as const }));
      const robotsTimeout = timeoutOf(values.timeout, 10_000);
      const robots = await readRobots(file, robotsTimeout);
      if (robots.fetch && format !== 'json') process.stderr.write(`robots-txt-tester: ${describeFetch(robots.fetch)}\n`);
      const compared = values.compare === undefined ? null : { arg: values.compare, robots: await readRobots(values.compare, robotsTimeout) };
      return runCrawl({
        file, robots, compare: compared, crawler: crawlers[0]!, site: siteOption ?? robots.site ?? compared?.robots.site ?? undefined, crawl, sitemaps: crawlSitemaps, format,
        timeoutMs: timeoutOf(values.timeout, 30_000), jobs: jobsOf(values.jobs), script,
      });
    }
    if (sitemaps.length === 0 && auto === undefined && urls === undefined) throw new CliError('missing the inventory: --sitemap <url|file>, --sitemaps auto or --urls <file> (or --crawl <url>)');
    const stdin = [file, values.compare, urls, ...sitemaps].filter((x) => x === '-').length;
    if (stdin > 1) throw new CliError('only one input can come from standard input');
    const timeoutMs = timeoutOf(values.timeout, 30_000);
    const robotsTimeoutMs = timeoutOf(values.timeout, 10_000);
    const jobs = jobsOf(values.jobs);
    const budget = new InventoryBudget(capsOf(values));

    // Local inventory files are checked before anything is fetched.
    const sources: InventorySource[] = sitemaps.map((s) => (isRemote(s) ? { name: s, url: s, role: 'sitemap' as const } : { name: s, body: fileBody(s, 'sitemap'), role: 'sitemap' as const }));
    const listBody = urls === undefined ? null : fileBody(urls, 'URL list');

    const robots = await readRobots(file, robotsTimeoutMs);
    if (robots.fetch && format !== 'json') writeMessage(describeFetch(robots.fetch));
    const compared = values.compare === undefined ? null : { arg: values.compare, robots: await readRobots(values.compare, robotsTimeoutMs) };
    if (compared?.robots.fetch && format !== 'json') writeMessage(`compared: ${describeFetch(compared.robots.fetch)}`);
    if (auto !== undefined) {
      const lines = parseRobotsTxt(robots.text).sitemaps.filter((s) => isRemote(s.url)).map((s) => s.url);
      if (lines.length === 0) writeMessage(`--sitemaps auto: ${file} has no Sitemap: line with an http(s) URL`);
      for (const url of budget.sitemapLines(lines)) sources.push({ name: url, url, role: 'sitemap' });
    }
    if (listBody) sources.push({ name: urls === '-' ? 'standard input' : urls!, body: listBody, role: 'list' });
    return runAudit({
      file, robots, compare: compared, crawlers, readers, site: siteOption ?? robots.site ?? undefined, sources, budget, format, jobs, timeoutMs, script,
    });
  },
});
