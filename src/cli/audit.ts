/**
 * The `audit` command: a site's inventory — its sitemaps (followed through indexes, .xml.gz
 * included), feeds, crawl exports and URL lists — read as it streams and checked against a
 * robots.txt for the crawlers given: counts, blocked URLs first, the site tree, rule impact and,
 * with --compare, the URLs whose verdict changes. CSV rows stream in inventory order.
 */
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { ParseArgsConfig } from 'node:util';
import { parseRobotsTxt, resolveCrawler, type ReaderId, type ResolvedAgent } from '../robots/index.js';
import {
  readInventory, SourceReadError, UrlSet, type InventorySource, type OpenedSource, type AuditReport,
  type SourceReport,
} from '../robots/site/index.js';
import { auditCsvHeader, csvRecord } from '../share/csv/index.js';
import { urlListReader } from '../share/csv/read/index.js';
import { AuditBatcher, AuditPool, cliAudit, type AuditBatchSpec, type SourceRun } from './audit-batches.js';
import { auditJson, auditText, describeSource, type AuditContext } from './audit-format.js';
import { describeFetch, type RobotsSource } from './source.js';
import { MAX_TABLE_ROWS, reportToGithub, type FailingRow } from './github.js';
import { writeOut } from './output.js';

/** What the audit takes from the CLI's main module: its option readers, so every command reads options alike. */
export interface AuditCli {
  /** Reads the arguments with these options (plus --help); a usage error stops the command. */
  parse(args: string[], options: NonNullable<ParseArgsConfig['options']>): {
    values: Record<string, string | boolean | (string | boolean)[] | undefined>;
    positionals: string[];
    tokens: { kind: string; name?: string; value?: string | undefined }[];
  };
  readonly crawlerOptions: NonNullable<ParseArgsConfig['options']>;
  crawlersFrom(tokens: readonly { kind: string; name?: string; value?: string | undefined }[], required?: boolean): ResolvedAgent[];
  readersFrom(values: { reader?: string[]; 'all-readers'?: boolean }): ReaderId[];
  formatOf(values: { format?: string; json?: boolean }): 'text' | 'json' | 'csv';
  jobsOf(value: string | undefined): number;
  source(arg: string, timeout: string | undefined): Promise<RobotsSource>;
  fail(message: string): never;
  help(): number;
  /** The bundle the audit's threads start from: the CLI's entry. */
  readonly script: URL;
}

/** `robots-txt-tester audit --help`. */
export function auditHelp(crawlerHelp: string, sourceHelp: string): string {
  return `Usage: robots-txt-tester audit <robots.txt> [crawlers] [inventory] [options]

Audits a site's inventory — every URL of its sitemaps, feeds, crawl exports and URL lists — against
the robots.txt for each crawler (Googlebot when none is given): how many URLs are allowed, blocked,
out of scope (another host: this robots.txt does not govern them) or cannot be tested; the blocked
ones first, each with its deciding line; the site's folders; what each rule decides, and the rules
that decide nothing (they match no URL, or every URL they match is decided by another rule).

Inventory (repeat and mix as you like; each URL is audited once):
  --sitemap <url|file>   a sitemap, sitemap index (followed, loops and depth bounded), RSS or Atom
                         feed, or text sitemap; .gz read as it streams; fetched when a URL
  --sitemaps auto        the robots.txt's own Sitemap: lines, fetched and followed
  --urls <file>          a URL list or crawl export: one URL per line, or a CSV with a url or
                         Address column (Screaming Frog, Search Console, Sitebulb); - for standard input
Each source says what it gave: its URLs, the entries it skipped and why (another host, not http(s),
past the sitemaps.org limits of 50,000 URLs and 50 MB, a repeat), and its problem (not found, an
HTML page, XML broken at line N…), on standard error as well.

${crawlerHelp}
Options:
  --compare <robots.txt> the version this one replaces (the live file, when auditing a draft): the
                         URLs whose verdict changes, per crawler, with both deciding lines
  --site <url>           the site whose robots.txt this is (a fetched file's own by default): paths
                         resolve on it, URLs of other hosts are out of scope, and its sitemaps may
                         list its URLs from another host
  --format <f>           text (default): the summary, blocked URLs, top folders, rule impact;
                         json: one object {inventory, sources, crawlers, rules, unusedRules, tree,
                         changes?}; csv: one row per URL × crawler (× reader) — url (as the source
                         lists it), crawler, verdict, line, rule, source (+ the compared version's
                         verdict, line and rule with --compare) — streamed in inventory order
  --json                 short for --format json
  --jobs, -j <n>         threads in all (default: the machine's cores): one reads the inventory,
                         the others check; 1 reads and checks on one thread
  --timeout <ms>         how long to wait for each fetch (default 30000 for sitemaps)
  --help, -h             this help

${sourceHelp}
Exit code 0 when no inventory URL is blocked for any crawler given, 1 when some is (a CI gate), 2 on
bad input (a file that cannot be read, an empty inventory). Broken sources are named on standard
error either way.`;
}

const AUDIT_OPTIONS = {
  sitemap: { type: 'string', multiple: true },
  sitemaps: { type: 'string' },
  compare: { type: 'string' },
} as const;

const BATCH = 1000;

/** Opens a sitemap's URL with fetch: redirects followed, `timeoutMs` for the whole answer, errors named. */
function opener(timeoutMs: number): (url: string) => Promise<OpenedSource> {
  return async (url): Promise<OpenedSource> => {
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': 'robots-txt-tester (+https://github.com/)' } });
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      const detail = err.name === 'TimeoutError' || err.name === 'AbortError' ? `no answer within ${timeoutMs / 1000} s (timeout)` : `network error${err.cause?.code ? ` (${err.cause.code})` : ''}`;
      return { ok: false, problem: { code: 'network', args: { detail } } };
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      return { ok: false, problem: { code: 'http', args: { status: res.status } } };
    }
    const body = res.body;
    if (!body) return { ok: true, body: (async function* () {})() };
    return {
      ok: true,
      body: (async function* () {
        try {
          for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) yield chunk;
        } catch (e) {
          const err = e as Error;
          throw new SourceReadError({ code: 'network', args: { detail: err.name === 'TimeoutError' ? `the answer took longer than ${timeoutMs / 1000} s` : 'the answer broke off' } });
        }
      })(),
    };
  };
}

/**
 * Inflates gzip with Node's zlib (faster than the engine's own, and off the main thread), in pieces
 * of 128 KiB: the default 16 KiB made eight times the pieces for the stream, decoder and parser.
 */
function gunzip(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return Readable.from(chunks).pipe(createGunzip({ chunkSize: 1 << 17 }));
}

/** A local file's body, read as it streams; a file that cannot be opened is a usage error, found before the run. */
function fileBody(cli: AuditCli, file: string, what: string): AsyncIterable<Uint8Array> {
  if (file === '-') return process.stdin;
  let stat;
  try {
    stat = statSync(file);
  } catch (e) {
    cli.fail((e as NodeJS.ErrnoException).code === 'ENOENT' ? `no such ${what} file: ${file}` : `cannot read ${file}: ${(e as Error).message}`);
  }
  if (stat.isDirectory()) cli.fail(`is a directory: ${file}`);
  return createReadStream(file);
}

const isRemote = (s: string) => /^https?:\/\//i.test(s);

/** Runs `audit`; resolves to the exit code. */
export async function runAudit(args: string[], cli: AuditCli): Promise<number> {
  // Every listing option but --summary (the audit's summary is its report).
  const { summary: _summary, ...listing } = cli.crawlerOptions;
  const { values, positionals, tokens } = cli.parse(args, { ...listing, ...AUDIT_OPTIONS });
  const v = values as Record<string, string | string[] | boolean | undefined>;
  if (v['help']) return cli.help();
  const format = cli.formatOf(v as { format?: string; json?: boolean });
  const [file, ...extra] = positionals;
  if (file === undefined) cli.fail('missing the robots.txt file, URL (or - for standard input)');
  if (extra.length > 0) cli.fail(`give the URLs to audit as an inventory (--sitemap, --sitemaps auto, --urls), not ${JSON.stringify(extra[0])}`);
  const given = cli.crawlersFrom(tokens, false);
  const crawlers = given.length > 0 ? given : [resolveCrawler({ kind: 'profile', id: 'googlebot' })];
  const readers = cli.readersFrom(v as { reader?: string[]; 'all-readers'?: boolean }).filter((r) => r !== 'google');
  const sitemaps = (v['sitemap'] as string[] | undefined) ?? [];
  const auto = v['sitemaps'] as string | undefined;
  if (auto !== undefined && auto !== 'auto') cli.fail(`--sitemaps takes auto (the robots.txt's Sitemap: lines), not ${JSON.stringify(auto)}`);
  const urls = v['urls'] as string | undefined;
  if (sitemaps.length === 0 && auto === undefined && urls === undefined) cli.fail('missing the inventory: --sitemap <url|file>, --sitemaps auto or --urls <file>');
  const stdin = [file, v['compare'], urls, ...sitemaps].filter((x) => x === '-').length;
  if (stdin > 1) cli.fail('only one input can come from standard input');
  const timeout = v['timeout'] as string | undefined;
  const timeoutMs = timeout === undefined ? 30_000 : Number(timeout);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) cli.fail(`--timeout takes milliseconds, not ${JSON.stringify(timeout)}`);
  const jobs = cli.jobsOf(v['jobs'] as string | undefined);

  // Local inventory files are checked before anything is fetched.
  const sources: InventorySource[] = sitemaps.map((s) => (isRemote(s) ? { name: s, url: s, role: 'sitemap' as const } : { name: s, body: fileBody(cli, s, 'sitemap'), role: 'sitemap' as const }));
  const listBody = urls === undefined ? null : fileBody(cli, urls, 'URL list');

  const src = await cli.source(file, timeout);
  if (src.fetch && format !== 'json') process.stderr.write(`robots-txt-tester: ${describeFetch(src.fetch)}\n`);
  const compareArg = v['compare'] as string | undefined;
  const compared = compareArg === undefined ? null : await cli.source(compareArg, timeout);
  if (compared?.fetch && format !== 'json') process.stderr.write(`robots-txt-tester: compared: ${describeFetch(compared.fetch)}\n`);
  const site = (v['site'] as string | undefined) ?? src.site ?? undefined;
  if (auto !== undefined) {
    const lines = parseRobotsTxt(src.text).sitemaps.filter((s) => isRemote(s.url));
    if (lines.length === 0) process.stderr.write(`robots-txt-tester: --sitemaps auto: ${file} has no Sitemap: line with an http(s) URL\n`);
    for (const s of lines) sources.push({ name: s.url, url: s.url, role: 'sitemap' });
  }
  if (listBody) sources.push({ name: urls === '-' ? 'standard input' : urls!, body: listBody, role: 'list' });

  const spec: AuditBatchSpec = {
    texts: compared ? [src.text, compared.text] : [src.text], statuses: compared ? [src.fetch?.status, compared.fetch?.status] : [src.fetch?.status],
    agents: crawlers, readers, site, csv: format === 'csv', examples: format === 'json' ? 1000 : 100,
  };
  const inline = new AuditBatcher(spec);
  // The reading thread is one of the threads: it inflates and parses the inventory, a full-time
  // job, so the others check (threads beyond the cores only take turns with it).
  const pool = jobs > 1 ? new AuditPool(cli.script, spec, jobs - 1) : null;
  const reports: SourceReport[] = [];
  const progress = process.stderr.isTTY === true;
  const started = Date.now();
  let lastProgress = 0;
  if (format === 'csv') await writeOut(csvRecord(auditCsvHeader(readers.length > 0, compared !== null)));

  // Every row, header and report leaves through the CLI's one writer of streamed listings.
  const write = writeOut;
  // Batches are checked in any order (threads) and written in inventory order.
  const done = new Map<number, string>();
  let written = 0;
  let seq = 0;
  let total = 0;
  const flush = async () => {
    for (let csv = done.get(written); csv !== undefined; csv = done.get(written)) {
      done.delete(written++);
      await write(csv);
    }
    if (progress && Date.now() - lastProgress > 250) {
      lastProgress = Date.now();
      const rate = total / Math.max(0.001, (Date.now() - started) / 1000);
      process.stderr.write(`\r${total.toLocaleString('en-US')} URLs · ${Math.round(rate).toLocaleString('en-US')}/s   `);
    }
  };
  let flushing = Promise.resolve();
  // Batches given to the pool's threads whose rows are not yet written, oldest first.
  const inFlight: Promise<void>[] = [];
  const queued = jobs * 4;
  const runInline = async (n: number, batch: string[], runs: SourceRun[], start: number) => {
    done.set(n, inline.run(batch, runs, start));
    await (flushing = flushing.then(flush));
  };
  const dispatch = async (batch: string[], runs: SourceRun[]) => {
    const n = seq++;
    const start = total;
    total += batch.length;
    if (!pool) return runInline(n, batch, runs, start);
    // The checking threads have work queued: rather than wait, the reading thread checks this
    // batch itself (the two threads' shares of the work balance whatever the machine); rows
    // still leave in inventory order. Past a bound of rows waiting on an older batch, it waits.
    if (inFlight.length >= queued) {
      if (done.size < queued * 4) return runInline(n, batch, runs, start);
      await inFlight[0];
    }
    // A batch counts as in flight until its rows are written: a slow reader of the output slows the reading.
    const answered: Promise<void> = pool.run(batch, runs, start).then((csv) => {
      done.set(n, csv);
      return (flushing = flushing.then(flush));
    }).then(() => {
      inFlight.splice(inFlight.indexOf(answered), 1);
    });
    inFlight.push(answered);
  };

  let audit = inline.audit;
  try {
    let batch: string[] = [];
    let runs: SourceRun[] = [];
    let lastSource = -1;
    const seen = new UrlSet();
    for await (const e of readInventory(sources, { open: opener(timeoutMs), inflate: gunzip, lines: urlListReader, site, seen })) {
      if (e.kind === 'source') {
        reports.push(e.report);
        continue;
      }
      for (const url of e.urls) {
        if (lastSource !== e.source || runs.length === 0) {
          runs.push({ start: batch.length, source: e.name });
          lastSource = e.source;
        }
        batch.push(url);
        if (batch.length >= BATCH) {
          await dispatch(batch, runs);
          batch = [];
          runs = [];
        }
      }
    }
    if (batch.length > 0) await dispatch(batch, runs);
    while (inFlight.length > 0) await Promise.all(inFlight);
    await flushing;
    if (pool) {
      // Each thread summed its own batches: their shares make the whole.
      audit = cliAudit(inline.checker, spec);
      audit.merge(inline.audit.part());
      for (const part of await pool.parts()) audit.merge(part);
    }
    if (pool?.failure) throw pool.failure;
  } finally {
    await pool?.close();
    if (progress) process.stderr.write('\n');
  }

  for (const s of reports) if (s.problem) process.stderr.write(`robots-txt-tester: ${describeSource(s)}\n`);
  if (audit.urls === 0) cli.fail(`the inventory is empty: ${reports.length === 0 ? 'no source was read' : 'no source gave a URL'}`);
  const report = audit.report(2);
  const ctx: AuditContext = { checker: inline.checker, sources: reports, compared: compareArg ?? null, listed: 10 };
  if (format === 'json') await write(JSON.stringify(auditJson(report, ctx)) + '\n');
  else if (format === 'text') await write(auditText(report, ctx));
  const cannot = report.columns.reduce((a, c) => a + c.counts.cannotTest, 0);
  if (cannot > 0) process.stderr.write(`robots-txt-tester: ${cannot.toLocaleString('en-US')} URL × crawler test${cannot === 1 ? '' : 's'} could not be run (not URLs a crawler can fetch)\n`);
  const blocked = report.columns.reduce((a, c) => a + c.counts.blocked, 0);
  reportToGithub({
    command: 'audit', file: file === '-' || isRemote(file) ? null : file, failed: blocked, failures: blockedRows(report, src.text),
    counts: [['URLs', report.urls], ['crawlers', report.columns.length], ['blocked', blocked]],
  });
  return blocked > 0 ? 1 : 0;
}

/** The blocked inventory URLs as failing rows for GitHub, each on its deciding line (at most MAX_TABLE_ROWS). */
export function blockedRows(report: Pick<AuditReport, 'columns'>, text: string): FailingRow[] {
  const lines = text.split(/\r\n|\r|\n/);
  const rows: FailingRow[] = [];
  for (const c of report.columns) {
    for (const b of c.blocked) {
      if (rows.length >= MAX_TABLE_ROWS) return rows;
      const rule = b.line > 0 ? (lines[b.line - 1] ?? '').trim() : '';
      const decided = b.line > 0 ? `line ${b.line} (${rule})` : 'the fetch result';
      rows.push({
        url: b.url, crawler: c.id, ...(c.reader !== 'google' ? { reader: c.reader } : {}), expected: 'allowed', got: 'blocked', line: b.line,
        rule: b.line > 0 ? `line ${b.line}: ${rule}` : 'the fetch result decides',
        message: `${b.url} is in the inventory but blocked for ${c.crawler}${c.reader !== 'google' ? ` (as ${c.reader} reads it)` : ''}: ${decided} decides`,
      });
    }
  }
  return rows;
}
