/**
 * The `logs` command: server logs read against the robots.txt. Who fetched what the file forbids
 * them, who only claims to be a crawler (the operators' IP ranges, `--verify-dns`), per crawler,
 * each request judged by the version of the file live at its time. Exit 0 when no crawler fetched
 * what it may not, 1 when some did, 2 on bad input.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { Resolver } from 'node:dns/promises';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { availableParallelism } from 'node:os';
import { crawlerById, isReaderId, READER_IDS, readDate, type FetchStatus, type ReaderId } from '../robots/index.js';
import {
  ByteLineChunker, crawlersInOrder, combinedPart, detectLogFormat, disobeyingRequests, IpRangesError,
  LogReader, logReport, publishedCrawlers, readIpRanges, topBlocked, verifyByDns, PUBLISHED_RANGES,
  type ByteChunk, type CrawlerTally, type DnsResolver, type LogTally, type UnreadLine, type Verification,
} from '../robots/logs/index.js';
import { csvRecord, logCsvHeader } from '../share/csv/index.js';
import { LogPool, type ChunkResult, type DnsQuestion, type LogSetup } from './logs-run.js';
import { describeFetch, readSource, SourceError, type RobotsSource } from './source.js';

/** `robots-txt-tester logs --help`. */
export const LOGS_HELP = `Usage: robots-txt-tester logs <robots.txt|URL> <log file|->... [options]

Reads server logs against the robots.txt: for each crawler, its requests, those to URLs the file
blocks for it (as Google reads the file, or the reader chosen), whether each request came from its
operator's published addresses (verified), from elsewhere (spoofed) or cannot be told (unverified),
its robots.txt fetches, first and last seen, and the blocked paths it fetched most with their
deciding lines. Crawlers are told from the User-Agent: the tester's profiles first, any other bot
(isbot's list) as an unnamed bot under its own name.

Logs: Apache/nginx common or combined (with or without a leading virtual host), W3C extended (IIS,
CloudFront), AWS ALB, JSON lines (Cloudflare Logpush fields, or keys such as ip, time, url, path,
request, user_agent); plain or gzip; the format is detected from the first lines of each file.
Lines that cannot be read are counted, a few shown, and never stop the run.

Options:
  --ip-ranges <file>     an operator's IP ranges ({"creationTime", "prefixes": [{"ipv4Prefix"|
                         "ipv6Prefix"}]}), recognised by its published name (${PUBLISHED_RANGES.map((p) => p.name.source.replace(/^\^|\\|\$$/g, '').replace('.*', '*')).join(', ')}), or <crawler>=<file> for a profile id or a bot's name; repeat as you like
  --verify-dns           also verify by reverse-then-forward DNS the crawlers whose operators
                         document their host names (Google, Bing, Apple, Yandex, Baidu, Amazon,
                         Petal); needs the network
  --reader, -r <id>      judge as this reader reads the file (${READER_IDS.join(', ')})
  --all-readers          count blocked requests as every reader reads the file (Google's decides)
  --site <url>           the site the file is for (a fetched file's own by default): a logged host
                         other than its own is out of scope
  --version-from <date>=<file|URL>  an earlier version of the file and when it went live; each
                         request is judged by the version live at its time (repeat as you like)
  --live-since <date>    when the live file (the first argument) went live; needed with
                         --version-from. Dates: 2025-03-04, 2025-03-04T10:00Z (UTC unless a zone)
  --format <f>           text (default), json or csv (one row per request naming a crawler);
                         --json is short for --format json
  --jobs, -j <n>         worker threads (default: the machine's cores)
  --timeout <ms>         how long to wait for a fetched robots.txt (default 10000)
  --help, -h             this help

Exit code 0 when no crawler fetched a URL the file blocks for it, 1 when some did (fetchers a user
triggers whose operators say robots.txt does not apply to them are not counted), 2 on bad input
(an unreadable or binary file, an unknown format, a bad option).`;

/** Bad input: the message, exit code 2. */
export class LogsError extends Error {}

const fail = (message: string): never => {
  throw new LogsError(message);
};

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

/** Node's resolver: reverse names, then A and AAAA records. */
function nodeResolver(): DnsResolver {
  const r = new Resolver({ timeout: 3000, tries: 2 });
  return {
    reverse: (ip) => r.reverse(ip),
    resolve: async (host) => {
      const [a, aaaa] = await Promise.allSettled([r.resolve4(host), r.resolve6(host)]);
      if (a.status === 'rejected' && aaaa.status === 'rejected') throw a.reason;
      return [...(a.status === 'fulfilled' ? a.value : []), ...(aaaa.status === 'fulfilled' ? aaaa.value : [])];
    },
  };
}

/** A date option, or a message. */
function dateOf(value: string, what: string): number {
  const t = readDate(value);
  if (t === null) fail(`${what} takes a date (2025-03-04, 2025-03-04T10:00Z), not ${JSON.stringify(value)}`);
  return t!;
}

/** The ranges files given: their texts and whom each verifies. */
function rangesFrom(values: readonly string[]): LogSetup['ranges'] {
  return values.map((arg) => {
    const eq = arg.indexOf('=');
    const named = eq > 0 && !/^[A-Za-z]:[\\/]/.test(arg) ? arg.slice(0, eq) : null;
    const file = named !== null ? arg.slice(eq + 1) : arg;
    let crawlers: readonly string[] | null;
    if (named !== null) {
      if (named.trim() === '') fail(`--ip-ranges ${arg}: name a crawler before =`);
      crawlers = [crawlerById(named) ? named : named.trim()];
    } else {
      crawlers = publishedCrawlers(file);
      if (!crawlers) fail(`--ip-ranges ${file}: not a published file name; say whose it is: --ip-ranges <crawler>=${file}`);
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      fail((e as NodeJS.ErrnoException).code === 'ENOENT' ? `no such IP ranges file: ${file}` : `cannot read ${file}: ${(e as Error).message}`);
    }
    try {
      const r = readIpRanges(text!, file, crawlers!);
      return { text: text!, source: file, crawlers: r.crawlers };
    } catch (e) {
      if (e instanceof IpRangesError) fail(e.message);
      throw e;
    }
  });
}

/**
 * The bytes of a chunk of lines handed to a thread (and of a read). A chunk's decoded text is
 * garbage once judged: at 64 KiB it stays under V8's large-object size and dies young on the
 * thread, rather than in the large-object space until a full collection (1 MiB chunks held
 * tens of MB there a thread; the judging costs the same CPU either way).
 */
const CHUNK_BYTES = 1 << 16;

/** The bytes of a log file (or standard input), gunzipped when they start as gzip does. */
async function* logBytes(file: string): AsyncGenerator<Uint8Array> {
  const stream: Readable = file === '-' ? process.stdin : createReadStream(file, { highWaterMark: CHUNK_BYTES });
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await it.next();
  if (first.done) return;
  const head = first.value;
  const rest = (async function* () {
    yield head;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  })();
  if (head[0] === 0x1f && head[1] === 0x8b) {
    yield* Readable.from(rest).pipe(createGunzip({ chunkSize: CHUNK_BYTES })) as AsyncIterable<Buffer>;
  } else {
    yield* rest;
  }
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

const n = (x: number) => x.toLocaleString('en-US');
const when = (t: number) => (Number.isNaN(t) ? '-' : new Date(t).toISOString().slice(0, 19).replace('T', ' '));

/** The text report: a table of crawlers, what each fetched most of what it may not, the versions. */
function textReport(tally: LogTally, readers: readonly ReaderId[], lineText: (version: number, line: number) => string, versionNames: readonly string[]): string {
  const rows = crawlersInOrder(tally);
  if (rows.length === 0) return 'No request named a crawler.\n';
  const header = ['CRAWLER', 'REQUESTS', 'BLOCKED', 'VERIFIED', 'SPOOFED', 'UNVERIFIED', 'ROBOTS.TXT', 'FIRST SEEN (UTC)', 'LAST SEEN (UTC)'];
  const label = (c: CrawlerTally) => `${c.id}${c.named ? '' : ' (unnamed bot)'}${c.ignoresRobotsTxt ? ' (ignores robots.txt by design)' : ''}`;
  const table = rows.map((c) => {
    const all = combinedPart(c);
    return [label(c), n(all.requests), n(all.blocked), n(c.parts.verified.requests), n(c.parts.spoofed.requests), n(c.parts.unverified.requests), n(all.robotsFetches), when(all.firstSeen), when(all.lastSeen)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 || i >= 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  let out = line(header) + '\n';
  rows.forEach((c, i) => {
    out += line(table[i]!) + '\n';
    const all = combinedPart(c);
    const top = topBlocked(all, 5);
    if (top.length > 0) {
      const many = versionNames.length > 1;
      out += `    blocked, fetched most: ${top.map((t) => `${t.path} ×${n(t.count)} (${many ? `${versionNames[t.version]}, ` : ''}line ${t.line}: ${lineText(t.version, t.line)})`).join('; ')}\n`;
    }
    if (readers.length > 1) out += `    blocked as each reader reads the file: ${readers.map((r, k) => `${r} ${n(all.readerBlocked[k] ?? 0)}`).join(', ')}\n`;
  });
  if (versionNames.length > 1) out += `\nJudged by: ${versionNames.map((v, i) => `${v}: ${n(tally.versions[i] ?? 0)} requests`).join('; ')}\n`;
  const bad = rows.filter((c) => !c.ignoresRobotsTxt && combinedPart(c).blocked > 0);
  out += bad.length === 0
    ? '\nNo crawler fetched a URL the file blocks for it.\n'
    : `\n${bad.length} crawler${bad.length === 1 ? '' : 's'} fetched URLs the file blocks for ${bad.length === 1 ? 'it' : 'them'}: ${bad.map((c) => `${c.id} (${n(combinedPart(c).blocked)})`).join(', ')}\n`;
  return out;
}

/** Runs `logs`; resolves to the exit code. Bad input throws LogsError (exit 2). */
export async function runLogs(args: string[], io: LogsIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args, allowPositionals: true, strict: true,
      options: {
        'ip-ranges': { type: 'string', multiple: true }, 'verify-dns': { type: 'boolean' }, reader: { type: 'string', short: 'r' }, 'all-readers': { type: 'boolean' },
        site: { type: 'string' }, format: { type: 'string' }, json: { type: 'boolean' }, jobs: { type: 'string', short: 'j' }, timeout: { type: 'string' },
        'version-from': { type: 'string', multiple: true }, 'live-since': { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    fail((e as Error).message);
  }
  const { values, positionals } = parsed!;
  if (values.help) {
    await io.write(LOGS_HELP + '\n');
    return 0;
  }
  const format = values.json ? 'json' : values.format ?? 'text';
  if (format !== 'text' && format !== 'json' && format !== 'csv') fail(`--format takes text, json or csv, not ${JSON.stringify(format)}`);
  const [robotsArg, ...logFiles] = positionals;
  if (robotsArg === undefined) fail('missing the robots.txt file or URL');
  if (logFiles.length === 0) fail('missing the log file(s) (or - for standard input)');
  if (logFiles.filter((f) => f === '-').length + (robotsArg === '-' ? 1 : 0) > 1) fail('only one input can come from standard input');
  if (values.reader !== undefined && values['all-readers']) fail('--reader and --all-readers: give one');
  if (values.reader !== undefined && !isReaderId(values.reader)) fail(`no reader "${values.reader}"; readers: ${READER_IDS.join(', ')}`);
  const readers: ReaderId[] = values['all-readers'] ? [...READER_IDS] : [(values.reader as ReaderId | undefined) ?? 'google'];
  const jobs = values.jobs === undefined ? availableParallelism() : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) fail(`--jobs takes a number of threads from 1 to 256, not ${JSON.stringify(values.jobs)}`);
  const timeout = values.timeout === undefined ? 10_000 : Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) fail(`--timeout takes milliseconds, not ${JSON.stringify(values.timeout)}`);
  const earlier = (values['version-from'] ?? []).map((arg) => {
    const eq = arg.indexOf('=');
    if (eq <= 0) fail(`--version-from takes <date>=<file|URL>, not ${JSON.stringify(arg)}`);
    return { since: dateOf(arg.slice(0, eq), '--version-from'), source: arg.slice(eq + 1) };
  });
  const liveSince = values['live-since'] !== undefined ? dateOf(values['live-since'], '--live-since') : undefined;
  if (earlier.length > 0 && liveSince === undefined) fail('--version-from needs --live-since <date>: when did the live file go live?');
  for (const f of logFiles) {
    if (f === '-') continue;
    try {
      if (statSync(f).isDirectory()) fail(`is a directory: ${f}`);
    } catch (e) {
      if (e instanceof LogsError) throw e;
      fail((e as NodeJS.ErrnoException).code === 'ENOENT' ? `no such log file: ${f}` : `cannot read ${f}: ${(e as Error).message}`);
    }
  }
  const ranges = rangesFrom(values['ip-ranges'] ?? []);

  const read = async (arg: string): Promise<RobotsSource> => {
    try {
      const src = await readSource(arg, timeout);
      if (src.fetch && format !== 'json') io.warn(describeFetch(src.fetch));
      return src;
    } catch (e) {
      if (e instanceof SourceError) fail(e.message);
      throw e;
    }
  };
  const live = await read(robotsArg!);
  const versions: { text: string; status?: FetchStatus; since?: number }[] = [{ text: live.text, ...(live.fetch ? { status: live.fetch.status } : {}), ...(liveSince !== undefined ? { since: liveSince } : {}) }];
  const versionNames = [`the live file${liveSince !== undefined ? ` (since ${when(liveSince)})` : ''}`];
  for (const e of earlier) {
    const src = await read(e.source);
    versions.push({ text: src.text, since: e.since, ...(src.fetch ? { status: src.fetch.status } : {}) });
    versionNames.push(`${e.source} (since ${when(e.since)})`);
  }
  const site = values.site ?? live.site ?? undefined;
  const setup: LogSetup = { versions, readers, site, ranges, dns: values['verify-dns'] === true, csv: format === 'csv' };

  // DNS answers, shared by every thread: one lookup per crawler and address.
  const resolver = setup.dns ? io.resolver ?? nodeResolver() : null;
  const dnsAnswers = new Map<string, Promise<Verification | null>>();
  const answer = (questions: DnsQuestion[]) => Promise.all(questions.map((q) => {
    const key = `${q.crawler}\u0000${q.ip}`;
    let a = dnsAnswers.get(key);
    if (!a) dnsAnswers.set(key, (a = verifyByDns(q.ip, q.domains, resolver!)));
    return a;
  }));

  const pool = new LogPool(io.script, setup, jobs, answer);
  const outcomes: FileOutcome[] = [];
  let seq = 0;
  let written = 0;
  const done = new Map<number, ChunkResult>();
  const inFlight: Promise<void>[] = [];
  let failure: Error | null = null;
  let totalLines = 0;
  const started = Date.now();
  let shown = 0;
  if (format === 'csv') await io.write(csvRecord(logCsvHeader(readers)));
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => (flushing = flushing.then(async () => {
    for (let r = done.get(written); r; r = done.get(written)) {
      done.delete(written);
      written++;
      if (r.csv !== '') await io.write(r.csv);
    }
  }));
  const dispatch = async (job: { chunk: ByteChunk; state: ReturnType<LogReader['state']>; file: string }, outcome: FileOutcome) => {
    const s = seq++;
    totalLines += job.chunk.count;
    inFlight.push(pool.run(s, job).then((r) => {
      outcome.lines += r.lines;
      outcome.unparsed += r.unparsed;
      for (const x of r.samples) if (outcome.samples.length < 5) outcome.samples.push(x);
      done.set(s, r);
      return flush();
    }, (e: Error) => {
      failure = e;
    }));
    // A few chunks per thread in flight: reading waits, so memory stays flat.
    if (inFlight.length >= jobs * 3) await inFlight.shift();
    if (io.progress && Date.now() - shown > 250) {
      shown = Date.now();
      const secs = Math.max(0.001, (shown - started) / 1000);
      io.warn(`\r${n(totalLines)} lines · ${n(Math.round(totalLines / secs))}/s   `);
    }
  };

  try {
    for (const file of logFiles) {
      const outcome: FileOutcome = { file: file === '-' ? 'standard input' : file, format: '', lines: 0, unparsed: 0, samples: [], error: null };
      outcomes.push(outcome);
      const chunker = new ByteLineChunker(CHUNK_BYTES);
      const decoder = new TextDecoder('utf-8');
      let reader: LogReader | null = null;
      let held: ByteChunk[] = [];
      const take = async (chunks: ByteChunk[], last: boolean) => {
        if (!reader) {
          held.push(...chunks);
          const lines = held.reduce((k, c) => k + c.count, 0);
          if (lines < 64 && !last) return;
          // Only the first lines are decoded here; each thread decodes its own chunks.
          const sample = held.map((c) => decoder.decode(c.bytes.subarray(0, 1 << 16))).join('\n').split('\n', 64).map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
          if (sample.length === 0 || (sample.length === 1 && sample[0] === '')) return;
          const found = detectLogFormat(sample);
          if (!found.ok) throw new LogsError(found.message);
          reader = found.reader;
          outcome.format = found.format;
          chunks = held;
          held = [];
        }
        for (const chunk of chunks) {
          const state = reader.state();
          // A W3C log's #Fields may change mid-file: the next chunk starts with the last one read.
          if (reader.family === 'w3c') {
            const text = decoder.decode(chunk.bytes);
            const at = text.lastIndexOf('#Fields:');
            if (at >= 0 && (at === 0 || text[at - 1] === '\n')) {
              const end = text.indexOf('\n', at);
              reader.read(text.slice(at, end < 0 ? undefined : end).replace(/\r$/, ''), 0);
            }
          }
          await dispatch({ chunk, state, file: outcome.file }, outcome);
          if (failure) throw failure;
        }
      };
      try {
        for await (const bytes of logBytes(file)) await take(chunker.push(bytes), false);
        await take(chunker.end(), true);
        if (!reader && outcome.lines === 0) outcome.format = 'empty';
      } catch (e) {
        if (e instanceof LogsError) outcome.error = e.message;
        else if ((e as NodeJS.ErrnoException).code === 'Z_DATA_ERROR' || (e as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') outcome.error = `not a readable gzip file (${(e as Error).message})`;
        else if ((e as NodeJS.ErrnoException).code) outcome.error = `cannot read it: ${(e as Error).message}`;
        else throw e;
      }
    }
    await Promise.all(inFlight);
    if (failure) throw failure;
    await flush();
  } catch (e) {
    await pool.abort();
    throw e;
  }
  const tally = await pool.close(versions.length);
  if (io.progress) io.warn('\n');

  for (const o of outcomes) {
    if (o.error) {
      io.warn(`${o.file}: ${o.error}`);
      continue;
    }
    io.warn(`${o.file}: ${o.format}, ${n(o.lines)} line${o.lines === 1 ? '' : 's'}${o.unparsed > 0 ? `, ${n(o.unparsed)} could not be read` : ''}`);
    for (const s of o.samples) io.warn(`  line ${s.line} could not be read: ${JSON.stringify(s.text.slice(0, 160))}`);
  }
  const formats = [...new Set(outcomes.filter((o) => !o.error && o.format).map((o) => o.format))].join(', ');
  const lineText = lineTexts(versions.map((v) => v.text));
  if (format === 'json') {
    const report = logReport(tally, formats);
    await io.write(JSON.stringify(report) + '\n');
  } else if (format === 'text') {
    await io.write(textReport(tally, readers, lineText, versionNames));
  }
  if (outcomes.some((o) => o.error)) return 2;
  return disobeyingRequests(tally) > 0 ? 1 : 0;
}

/** A deciding line's text in a version, without a second judge. */
function lineTexts(texts: readonly string[]): (version: number, line: number) => string {
  const split = texts.map((t) => t.split(/\r\n|\r|\n/));
  return (version, line) => (split[version]?.[line - 1] ?? '').trim();
}

