/**
 * The run of the `logs` command: server logs read against the robots.txt. Who fetched what the
 * file forbids them, who only claims to be a crawler (the operators' IP ranges, `--verify-dns`),
 * per crawler, each request judged by the version of the file live at its time. Exit 0 when no
 * crawler fetched what it may not, 1 when some did, 2 when a log could not be read.
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { Resolver } from 'node:dns/promises';
import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { englishNumber, showControls, type ReaderId } from '../robots/index.js';
import {
  cacheWindowRequests, crawlerKey, crawlersInOrder, combinedPart, denyList, denyListTooLong, disobeyingRequests, isGzip, LogFileReader, logReadFailure,
  logReport, ptrName, spoofingAddresses, topBlocked, verifyByDns,
  type CrawlerTally, type DenyFormat, type DnsResolver, type LogChunk, type LogTally, type UnreadLine, type Verification,
} from '../robots/logs/index.js';
import { csvRecord, logCsvHeader } from '../share/csv/index.js';
import { ChunkJudge, LOG_JOBS, LOG_THREAD_LIMITS, wholeTally, type ChunkJob, type ChunkResult, type DnsQuestion, type LogPool, type LogSetup } from './logs-run.js';
import type { OutputFormat } from './options/index.js';
import { OrderedPool } from './pool/index.js';
import { terminalLine, terminalText } from './terminal.js';

/** Where the command's output goes, and what it may use: tests hand in their own. */
export interface LogsIo {
  readonly write: (text: string) => Promise<void>;
  readonly warn: (text: string) => void;
  /** The DNS resolver for --verify-dns (Node's by default). */
  readonly resolver?: DnsResolver;
  /** The bundle worker threads start from: the CLI's entry. */
  readonly script: URL;
  readonly progress?: boolean;
}

/** Node's resolver: PTR records (not `reverse`, which says ENOTFOUND when DNS is down), then A and AAAA records. */
function nodeResolver(): DnsResolver {
  const r = new Resolver({ timeout: 3000, tries: 2 });
  return {
    reverse: async (ip) => {
      const name = ptrName(ip);
      return name === null ? [] : r.resolvePtr(name);
    },
    resolve: async (host) => {
      const [a, aaaa] = await Promise.allSettled([r.resolve4(host), r.resolve6(host)]);
      if (a.status === 'rejected' && aaaa.status === 'rejected') throw a.reason;
      return [...(a.status === 'fulfilled' ? a.value : []), ...(aaaa.status === 'fulfilled' ? aaaa.value : [])];
    },
  };
}

/**
 * The bytes of a chunk of lines handed to a thread (and of a read). A chunk's decoded text is
 * garbage once judged: at 64 KiB it stays under V8's large-object size and dies young on the
 * thread, rather than in the large-object space until a full collection (1 MiB chunks held
 * tens of MB there a thread; the judging costs the same CPU either way).
 */
const CHUNK_BYTES = 1 << 16;

/**
 * A regular file's bytes, read a chunk at a time on this thread into one buffer (each yield is
 * overwritten by the next read: the log-file reader copies what it keeps), a turn of the event
 * loop after each so the threads' results come in as they would between a stream's reads. A read
 * through a stream went round libuv's thread pool and the event loop for every chunk: over twice
 * the CPU of reading in place, on a machine whose cores the threads are already using. `head`:
 * the file's first read, already made.
 */
async function* regularFileBytes(fd: number, head: Uint8Array): AsyncGenerator<Uint8Array> {
  yield head;
  const buffer = new Uint8Array(CHUNK_BYTES);
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    const read = readSync(fd, buffer, 0, CHUNK_BYTES, null);
    if (read === 0) return;
    yield read < CHUNK_BYTES ? buffer.subarray(0, read) : buffer;
  }
}

/** Whether `file` is a regular file (false when it cannot be told). */
function isRegularFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The bytes of a log file (or standard input), gunzipped when they start as gzip does; stopping early closes the file. */
async function* logBytes(file: string): AsyncGenerator<Uint8Array> {
  // Only a regular file is opened here: opening a named pipe would wait for a writer, and closing
  // it again (to stream it) would end the writer's pipe. Whatever cannot be told is streamed,
  // which reports a missing file as it always did.
  if (file !== '-' && isRegularFile(file)) {
    const fd = openSync(file, 'r');
    try {
      const head = new Uint8Array(CHUNK_BYTES);
      const read = readSync(fd, head, 0, CHUNK_BYTES, null);
      if (read === 0) return;
      if (!isGzip(head.subarray(0, read))) {
        yield* regularFileBytes(fd, head.subarray(0, read));
        return;
      }
    } finally {
      closeSync(fd);
    }
  }
  const stream: Readable = file === '-' ? process.stdin : createReadStream(file, { highWaterMark: CHUNK_BYTES });
  try {
    const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const first = await it.next();
    if (first.done) return;
    const head = first.value;
    const rest = (async function* () {
      yield head;
      for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
    })();
    if (isGzip(head)) {
      yield* Readable.from(rest).pipe(createGunzip({ chunkSize: CHUNK_BYTES })) as AsyncIterable<Buffer>;
    } else {
      yield* rest;
    }
  } finally {
    if (file !== '-') stream.destroy();
  }
}

// gzip packs a text log to about a tenth (the size it unpacks to is only known once read).
const GZIP_RATIO = 10;

/**
 * The bytes of the log files as read (a gzip file's estimated from its size), before reading
 * them; null when that cannot be told (standard input, a file that is no regular file).
 */
export function logFilesBytes(files: readonly string[]): number | null {
  let total = 0;
  for (const file of files) {
    if (file === '-') return null;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return null;
      const head = new Uint8Array(2);
      const fd = openSync(file, 'r');
      try {
        readSync(fd, head, 0, 2, 0);
      } finally {
        closeSync(fd);
      }
      total += isGzip(head) ? stat.size * GZIP_RATIO : stat.size;
    } catch {
      // Not readable now: the run says why when it reads it.
    }
  }
  return total;
}

/** Why a log file's bytes could not be read (gunzipping them, or reading the file), in the engine's words; null for an error that is no I/O failure. */
function readFailure(e: unknown): string | null {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') return logReadFailure((e as Error).message, true);
  return code ? logReadFailure((e as Error).message, false) : null;
}

/** One log file's outcome. */
interface FileOutcome {
  readonly file: string;
  format: string;
  lines: number;
  unparsed: number;
  readonly samples: UnreadLine[];
  error: string | null;
}

const n = englishNumber;
/** A time as the reports show it (UTC, to the second). */
export const when = (t: number) => (Number.isNaN(t) ? '-' : new Date(t).toISOString().slice(0, 19).replace('T', ' '));

/** The text report: a table of crawlers, what each fetched most of what it may not, the versions; each line through terminalLine. */
function textReport(tally: LogTally, readers: readonly ReaderId[], lineText: (version: number, line: number) => string, versionNames: readonly string[]): string {
  const rows = crawlersInOrder(tally);
  if (rows.length === 0) return 'No request named a crawler.\n';
  const header = ['CRAWLER', 'REQUESTS', 'BLOCKED', 'VERIFIED', 'SPOOFED', 'UNVERIFIED', 'ROBOTS.TXT', 'FIRST SEEN (UTC)', 'LAST SEEN (UTC)'];
  // A bot's name comes from its user agent: shown as printed, so that the columns line up.
  const label = (c: CrawlerTally) => `${showControls(c.id)}${c.named ? '' : ' (unnamed bot)'}${c.ignoresRobotsTxt ? ' (ignores robots.txt by design)' : ''}`;
  const table = rows.map((c) => {
    const all = combinedPart(c);
    return [label(c), n(all.requests), n(all.blocked), n(c.parts.verified.requests), n(c.parts.spoofed.requests), n(c.parts.unverified.requests), n(all.robotsFetches), when(all.firstSeen), when(all.lastSeen)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => terminalLine(cells.map((c, i) => (i === 0 || i >= 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd());
  let out = line(header) + '\n';
  rows.forEach((c, i) => {
    out += line(table[i]!) + '\n';
    const all = combinedPart(c);
    const top = topBlocked(all, 5);
    if (top.length > 0) {
      const many = versionNames.length > 1;
      out += `${terminalLine(`    blocked, fetched most: ${top.map((t) => `${t.path} ×${n(t.count)} (${many ? `${versionNames[t.version]}, ` : ''}line ${t.line}: ${lineText(t.version, t.line)})`).join('; ')}`)}\n`;
    }
    if (readers.length > 1) out += `    blocked as each reader reads the file: ${readers.map((r, k) => `${r} ${n(all.readerBlocked[k] ?? 0)}`).join(', ')}\n`;
    if (all.cacheWindow > 0) out += `    within the cache window after a change (allowed by the version before; not disobeying): ${n(all.cacheWindow)}\n`;
  });
  if (versionNames.length > 1) {
    out += `\n${terminalLine(`Judged by: ${versionNames.map((v, i) => `${v}: ${n(tally.versions[i] ?? 0)} requests`).join('; ')}`)}\n`;
    out += reactionsText(rows, versionNames);
  }
  const disobeyed = (c: CrawlerTally) => {
    const all = combinedPart(c);
    return all.blocked - all.cacheWindow;
  };
  const bad = rows.filter((c) => !c.ignoresRobotsTxt && disobeyed(c) > 0);
  out += bad.length === 0
    ? '\nNo crawler fetched a URL the file blocks for it.\n'
    : `\n${terminalLine(`${bad.length} crawler${bad.length === 1 ? '' : 's'} fetched URLs the file blocks for ${bad.length === 1 ? 'it' : 'them'}: ${bad.map((c) => `${c.id} (${n(disobeyed(c))})`).join(', ')}`)}\n`;
  const cached = cacheWindowRequests(tally);
  if (cached > 0) out += `${n(cached)} request${cached === 1 ? ' was' : 's were'} within the cache window after a change: blocked by the new version, allowed by the one before.\n`;
  return out;
}

/** A span of time as people say it: 3 h 12 min, 45 s. */
export function span(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return h < 48 ? `${h} h${m % 60 ? ` ${m % 60} min` : ''}` : `${Math.floor(h / 24)} d${h % 24 ? ` ${h % 24} h` : ''}`;
}

/** Per change of the file, how each crawler met it: its first robots.txt fetch after it (its reaction time), its first request the new version blocks, its requests within the cache window. */
function reactionsText(rows: readonly CrawlerTally[], versionNames: readonly string[]): string {
  const byChange = new Map<number, { since: number; lines: string[] }>();
  for (const c of rows) {
    for (const [v, r] of combinedPart(c).changes) {
      const fetched = Number.isNaN(r.robotsFetch) ? 'did not fetch robots.txt' : `fetched robots.txt ${when(r.robotsFetch)} (reacted in ${span(r.robotsFetch - r.since)})`;
      const blocked = Number.isNaN(r.firstBlocked) ? '' : `; first blocked request ${when(r.firstBlocked)}`;
      const cached = r.cacheWindow > 0 ? `; ${n(r.cacheWindow)} within the cache window` : '';
      const change = byChange.get(v) ?? { since: r.since, lines: [] };
      change.lines.push(terminalLine(`    ${showControls(c.id)}: ${fetched}${blocked}${cached}`));
      byChange.set(v, change);
    }
  }
  if (byChange.size === 0) return '';
  let out = '\nReactions to each change (a crawler may keep robots.txt up to the cache window, RFC 9309 §2.4):\n';
  for (const [v, { lines }] of [...byChange].sort((a, b) => a[1].since - b[1].since)) out += `${terminalLine(`  ${versionNames[v] ?? `version ${v + 1}`} went live:`)}\n${lines.join('\n')}\n`;
  return out;
}

/** A `logs` run, as its command line gave it. */
export interface LogsRun {
  /** The log files, `-` for standard input. */
  readonly files: readonly string[];
  readonly format: OutputFormat;
  readonly jobs: number;
  /** What every judge is given: the versions, readers, site, IP ranges. */
  readonly setup: LogSetup;
  /** Each version's name in the text report. */
  readonly versionNames: readonly string[];
  /** Write the spoofing addresses as this deny list instead of the report. */
  readonly spoofers?: DenyFormat;
}

/**
 * The spoofing addresses of every crawler as one deny list (each address once), for standard
 * output; what each crawler's came to, for standard error.
 */
function spoofersReport(tally: LogTally, format: DenyFormat): { list: string; notes: string[] } {
  const addresses = spoofingAddresses(tally.spoofers).map((a) => a.address);
  const list = denyList(addresses, format);
  const notes: string[] = [];
  for (const c of crawlersInOrder(tally)) {
    const s = tally.spoofers.get(crawlerKey(c.id));
    if (!s) continue;
    const requests = [...s.addresses.values()].reduce((a, b) => a + b, 0);
    const more = [
      s.unlisted > 0 ? `${n(s.unlisted)} more from addresses past the list's limit` : '',
      s.notAddress > 0 ? `${n(s.notAddress)} with no address to deny` : '',
    ].filter(Boolean).join(', ');
    notes.push(`spoofed ${c.id}: ${n(s.addresses.size)} address${s.addresses.size === 1 ? '' : 'es'}, ${n(requests)} request${requests === 1 ? '' : 's'}${more ? ` (${more})` : ''}`);
  }
  notes.push(addresses.length === 0 ? 'No request came from an address its crawler\'s operator does not use: the deny list is empty.' : `${n(addresses.length)} address${addresses.length === 1 ? '' : 'es'} to deny`);
  if (denyListTooLong(list, format)) notes.push(`the expression is ${n(list.trimEnd().length)} characters long; Cloudflare accepts at most 4,096 in one rule: split it, or use an IP list`);
  return { list, notes };
}

/** Runs `logs`; resolves to the exit code. */
export async function runLogs(run: LogsRun, io: LogsIo): Promise<number> {
  const { files: logFiles, format, jobs, setup, versionNames } = run;
  const { readers } = setup;
  // DNS answers, shared by every thread: one lookup per crawler and address.
  const resolver = setup.dns ? io.resolver ?? nodeResolver() : null;
  const dnsAnswers = new Map<string, Promise<Verification | null>>();
  let dnsFailed = 0;
  const answer = (questions: DnsQuestion[]) => Promise.all(questions.map((q) => {
    const key = `${q.crawler}\u0000${q.ip}`;
    let a = dnsAnswers.get(key);
    if (!a) dnsAnswers.set(key, (a = verifyByDns(q.ip, q.domains, resolver!).then((v) => (v === null && dnsFailed++, v))));
    return a;
  }));

  const inline = new ChunkJudge(setup, answer);
  const pool = new OrderedPool<LogPool, FileOutcome>({
    // The reading thread is one of the threads: when the others have a few chunks queued it
    // judges the next one itself rather than wait, so the threads' shares balance whatever the
    // machine; results still leave in the log's order.
    jobs: LOG_JOBS, setup, threads: jobs > 1 ? jobs - 1 : 0, script: io.script, resourceLimits: LOG_THREAD_LIMITS, inline, helpWhenBusy: true, answer,
    // A few chunks per thread in flight: reading waits, so memory stays flat.
    inFlight: jobs * 3,
    deliver: async (r: ChunkResult, outcome: FileOutcome) => {
      outcome.lines += r.lines;
      outcome.unparsed += r.unparsed;
      for (const x of r.samples) if (outcome.samples.length < 5) outcome.samples.push(x);
      if (r.csv !== '') await io.write(r.csv);
    },
  });
  const outcomes: FileOutcome[] = [];
  let totalLines = 0;
  const started = Date.now();
  let shown = 0;
  if (format === 'csv') await io.write(csvRecord(logCsvHeader(readers)));
  const dispatch = async (c: LogChunk, outcome: FileOutcome) => {
    totalLines += c.chunk.count;
    const job: ChunkJob = { chunk: c.chunk, state: c.state, file: outcome.file };
    await pool.push(job, outcome);
    if (io.progress && Date.now() - shown > 250) {
      shown = Date.now();
      const secs = Math.max(0.001, (shown - started) / 1000);
      io.warn(`\r${n(totalLines)} lines · ${n(Math.round(totalLines / secs))}/s   `);
    }
  };

  let tally: LogTally;
  try {
    for (const file of logFiles) {
      const outcome: FileOutcome = { file: file === '-' ? 'standard input' : file, format: '', lines: 0, unparsed: 0, samples: [], error: null };
      outcomes.push(outcome);
      // The engine's log-file reader: chunks of whole lines (each in its own buffer, moved to a
      // thread) with the state each starts from, once the format is known from the first lines.
      const reader = new LogFileReader({ chunkBytes: CHUNK_BYTES });
      try {
        for await (const bytes of logBytes(file)) {
          for (const c of reader.push(bytes)) await dispatch(c, outcome);
          if (reader.unreadable !== null) break;
        }
        for (const c of reader.end()) await dispatch(c, outcome);
        outcome.error = reader.unreadable;
        outcome.format = reader.format || (reader.unreadable === null ? 'empty' : '');
      } catch (e) {
        outcome.error = readFailure(e);
        if (outcome.error === null) throw e;
      }
    }
    tally = await wholeTally(pool, inline);
  } finally {
    await pool.close();
  }
  if (io.progress) io.warn('\n');

  for (const o of outcomes) {
    if (o.error) {
      io.warn(`${o.file}: ${o.error}`);
      continue;
    }
    io.warn(`${o.file}: ${o.format}, ${n(o.lines)} line${o.lines === 1 ? '' : 's'}${o.unparsed > 0 ? `, ${n(o.unparsed)} could not be read` : ''}`);
    for (const s of o.samples) io.warn(`  line ${s.line} could not be read${s.reason ? ` (${s.reason})` : ''}: ${JSON.stringify(s.text.slice(0, 160))}`);
  }
  if (tally.leadingNuls > 0) io.warn(`${n(tally.leadingNuls)} NUL byte${tally.leadingNuls === 1 ? '' : 's'} skipped at the start of the log (logrotate's copytruncate leaves them)`);
  if (tally.untimed > 0) io.warn(`${n(tally.untimed)} crawler request${tally.untimed === 1 ? ' has' : 's have'} no time: judged by the live file, not by a dated version`);
  if (dnsFailed > 0) io.warn(`${n(dnsFailed)} DNS lookup${dnsFailed === 1 ? '' : 's'} failed (refused, timed out, or no answer): those requests are unverified, not spoofed`);
  const formats = [...new Set(outcomes.filter((o) => !o.error && o.format).map((o) => o.format))].join(', ');
  // The deciding lines' texts: the inline judge's (every run has one).
  const lineText = (version: number, line: number) => inline.judge.lineText(version, line);
  if (run.spoofers) {
    const { list, notes } = spoofersReport(tally, run.spoofers);
    for (const note of notes) io.warn(note);
    await io.write(terminalText(list.split('\n').slice(0, -1)));
  } else if (format === 'json') {
    const report = logReport(tally, formats, setup.top);
    await io.write(JSON.stringify(report) + '\n');
  } else if (format === 'text') {
    await io.write(textReport(tally, readers, lineText, versionNames));
  }
  if (outcomes.some((o) => o.error)) return 2;
  return disobeyingRequests(tally) > 0 ? 1 : 0;
}

