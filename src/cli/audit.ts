/**
 * The run of the `audit` command: a site's inventory — its sitemaps (followed through indexes,
 * .xml.gz included), feeds, crawl exports and URL lists — read as it streams and checked against
 * a robots.txt for the crawlers given: counts, blocked URLs first, the site tree, rule impact and,
 * with --compare, the URLs whose verdict changes. CSV rows stream in inventory order.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { englishNumber, type ListChecker, type ReaderId, type ResolvedAgent } from '../robots/index.js';
import { readInventory, UrlSet, type AuditReport, type InventoryBudget, type InventorySource, type SourceReport } from '../robots/site/index.js';
import { auditCsvHeader, csvRecord } from '../share/csv/index.js';
import { urlListReader } from '../share/csv/read/index.js';
import { AUDIT_JOBS, AuditBatcher, auditRunner, cliAudit, type AuditBatchSpec, type AuditPool, type SourceRun } from './audit-batches.js';
import { auditJson, auditText, inventoryWarnings, type AuditContext } from './audit-format.js';
import { CliError } from './cli-error.js';
import { MAX_TABLE_ROWS, reportToGithub, type FailingRow } from './github.js';
import { localFile, type OutputFormat } from './options/index.js';
import { writeOut } from './output.js';
import { OrderedPool } from './pool/index.js';
import { sitemapOpener } from './sitemap-opener.js';
import type { RobotsSource } from './source.js';
import { writeMessage } from './terminal.js';

const BATCH = 1000;

/**
 * Inflates gzip with Node's zlib (faster than the engine's own, and off the main thread), in pieces
 * of 128 KiB: the default 16 KiB made eight times the pieces for the stream, decoder and parser.
 */
export function gunzip(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return Readable.from(chunks).pipe(createGunzip({ chunkSize: 1 << 17 }));
}

/** An `audit` run, as its command line gave it. */
export interface AuditRun {
  /** The robots.txt argument (annotations point at it when it is a local file), and what it read. */
  readonly file: string;
  readonly robots: RobotsSource;
  /** The version --compare names, and what it read. */
  readonly compare: { readonly arg: string; readonly robots: RobotsSource } | null;
  readonly crawlers: readonly ResolvedAgent[];
  /** Readers besides Google's. */
  readonly readers: readonly ReaderId[];
  readonly site: string | undefined;
  /** The inventory, in the order its sources are read. */
  readonly sources: readonly InventorySource[];
  /** The bounds of reading it (and what they cut). */
  readonly budget: InventoryBudget;
  readonly format: OutputFormat;
  /** Threads in all: one reads, the others check. */
  readonly jobs: number;
  /** How long each sitemap fetch may take. */
  readonly timeoutMs: number;
  /** The bundle the threads start from. */
  readonly script: URL;
}

/** Runs `audit`; resolves to the exit code. */
export async function runAudit(run: AuditRun): Promise<number> {
  const { robots: src, compare, crawlers, readers, site, format, jobs } = run;
  const spec: AuditBatchSpec = {
    texts: compare ? [src.text, compare.robots.text] : [src.text], statuses: compare ? [src.fetch?.status, compare.robots.fetch?.status] : [src.fetch?.status],
    agents: crawlers, readers, site, csv: format === 'csv', examples: format === 'json' ? 1000 : 100,
  };
  const inline = new AuditBatcher(spec);
  const reports: SourceReport[] = [];
  const progress = process.stderr.isTTY === true;
  const started = Date.now();
  let lastProgress = 0;
  let total = 0;
  // Every row, header and report leaves through the CLI's one writer of streamed listings.
  const write = writeOut;
  const pool = new OrderedPool<AuditPool>({
    // The reading thread is one of the threads: it inflates and parses the inventory, a full-time
    // job, so the others check (threads beyond the cores only take turns with it). When they have
    // work queued, it checks a batch itself rather than wait: the threads' shares of the work
    // balance whatever the machine; rows still leave in inventory order.
    jobs: AUDIT_JOBS, setup: spec, threads: jobs > 1 ? jobs - 1 : 0, script: run.script, inline: auditRunner(inline), helpWhenBusy: true,
    inFlight: jobs * 4,
    deliver: async (csv) => {
      await write(csv);
      if (progress && Date.now() - lastProgress > 250) {
        lastProgress = Date.now();
        const rate = total / Math.max(0.001, (Date.now() - started) / 1000);
        process.stderr.write(`\r${englishNumber(total)} URLs · ${englishNumber(Math.round(rate))}/s   `);
      }
    },
  });
  const dispatch = async (urls: string[], runs: SourceRun[]) => {
    // The CSV's header goes out with the first rows: an empty inventory prints nothing on standard output.
    if (total === 0 && format === 'csv') await write(csvRecord(auditCsvHeader(readers.length > 0, compare !== null)));
    const start = total;
    total += urls.length;
    await pool.push({ urls, runs, start });
  };

  let audit = inline.audit;
  try {
    let batch: string[] = [];
    let runs: SourceRun[] = [];
    let lastSource = -1;
    const seen = new UrlSet();
    const deadline = AbortSignal.timeout(run.budget.caps.deadlineMs);
    const inventory = readInventory(run.sources, { open: sitemapOpener(run.timeoutMs), inflate: gunzip, lines: urlListReader, site, seen, budget: run.budget, deadline });
    for await (const e of inventory) {
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
    await pool.drain();
    if (pool.threads > 0) {
      // Each thread summed its own batches: their shares make the whole.
      audit = cliAudit(inline.checker, spec);
      audit.merge(inline.audit.part());
      for (const part of await pool.finish()) audit.merge(part);
    }
  } finally {
    await pool.close();
    if (progress) process.stderr.write('\n');
  }

  // Each source's skips and problems, and what the bounds left out, whatever the format; every source when none gave a URL.
  const empty = audit.urls === 0;
  for (const line of inventoryWarnings(reports, run.budget, empty)) writeMessage(line);
  if (empty) throw new CliError(`the inventory is empty: ${reports.length === 0 ? 'no source was read' : 'no source gave a URL (why, source by source, above)'}`);
  const report = audit.report(2);
  const ctx: AuditContext = { checker: inline.checker, sources: reports, budget: run.budget, compared: compare?.arg ?? null, listed: 10 };
  if (format === 'json') await write(JSON.stringify(auditJson(report, ctx)) + '\n');
  else if (format === 'text') await write(auditText(report, ctx));
  const cannot = report.columns.reduce((a, c) => a + c.counts.cannotTest, 0);
  if (cannot > 0) writeMessage(`${englishNumber(cannot)} URL × crawler test${cannot === 1 ? '' : 's'} could not be run (not URLs a crawler can fetch)`);
  const blocked = report.columns.reduce((a, c) => a + c.counts.blocked, 0);
  reportToGithub({
    command: 'audit', file: localFile(run.file), failed: blocked, failures: blockedRows(report, inline.checker),
    counts: [['URLs', report.urls], ['crawlers', report.columns.length], ['blocked', blocked]],
  });
  return blocked > 0 ? 1 : 0;
}

/** The blocked inventory URLs as failing rows for GitHub, each on its deciding line of the audited file (at most MAX_TABLE_ROWS). */
export function blockedRows(report: Pick<AuditReport, 'columns'>, checker: Pick<ListChecker, 'lineText'>): FailingRow[] {
  const rows: FailingRow[] = [];
  for (const c of report.columns) {
    for (const b of c.blocked) {
      if (rows.length >= MAX_TABLE_ROWS) return rows;
      const rule = checker.lineText(0, b.line);
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
