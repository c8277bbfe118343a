/** `robots-txt-tester logs`: server logs read against the robots.txt (the run itself: logs.ts). */
import { readFileSync } from 'node:fs';
import { crawlerById, readDate, READER_IDS, type FetchStatus } from '../../robots/index.js';
import {
  CACHE_WINDOW, DENY_FORMATS, IpRangesError, loadPublishedRanges, PUBLISHED_RANGES, publishedCrawlers, readIpRanges, shareIpRanges, shippedInUse, shippedRangesFiles,
  TOP_KEPT, TOP_REPORTED, type DenyFormat, type SharedIpRanges,
} from '../../robots/logs/index.js';
import { CliError } from '../cli-error.js';
import { defineCommand, type CommandArgs } from '../command.js';
import { logFilesBytes, runLogs, when, type LogsIo } from '../logs.js';
import { INLINE_BYTES, logThreads, type LogSetup } from '../logs-run.js';
import {
  checkReadable, FORMAT_OPTIONS, formatOf, JOBS_OPTION, jobsOf, readersFrom, readRobots, SITE_OPTION, siteOf, TIMEOUT_OPTION, timeoutOf,
} from '../options/index.js';
import { writeOut } from '../output.js';
import { describeFetch } from '../source.js';
import { writeMessage } from '../terminal.js';

/** The progress line a run rewrites on a terminal (`\r12,000 lines · 3,400/s`), and its end: the run's own text, written as it is. */
const PROGRESS = /^(\r[\d,]+ lines · [\d,]+\/s {3}|\n)$/;

/** A date option. */
function dateOf(value: string, what: string): number {
  const t = readDate(value);
  if (t === null) throw new CliError(`${what} takes a date (2025-03-04, 2025-03-04T10:00Z), not ${JSON.stringify(value)}`);
  return t;
}

/** --cache-window: a time in hours (24h), minutes (90m) or seconds (3600s), or 0 for none; at most a year. */
function cacheWindowOf(value: string | undefined): number {
  if (value === undefined) return CACHE_WINDOW;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([hms])\s*$/i.exec(value);
  const ms = value.trim() === '0' ? 0 : m ? Math.round(Number(m[1]) * { h: 3_600_000, m: 60_000, s: 1000 }[m[2]!.toLowerCase() as 'h' | 'm' | 's']) : NaN;
  if (!(ms >= 0 && ms <= 366 * 24 * 3_600_000)) throw new CliError(`--cache-window takes a time with its unit (24h, 90m, 3600s) or 0, not ${JSON.stringify(value)}`);
  return ms;
}

/** --top: how many blocked paths the report lists per crawler. */
function topOf(value: string | undefined): number {
  if (value === undefined) return TOP_REPORTED;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > TOP_KEPT) throw new CliError(`--top takes a number of paths from 1 to ${TOP_KEPT}, not ${JSON.stringify(value)}`);
  return n;
}

/**
 * The ranges files given, each read once here for every thread (its prefixes, and whom it
 * verifies); entries that are not a prefix are named in a warning.
 */
function rangesFrom(values: readonly string[], warn: (text: string) => void): SharedIpRanges[] {
  return values.map((arg) => {
    const eq = arg.indexOf('=');
    const named = eq > 0 && !/^[A-Za-z]:[\\/]/.test(arg) ? arg.slice(0, eq) : null;
    const file = named !== null ? arg.slice(eq + 1) : arg;
    let crawlers: readonly string[] | null;
    if (named !== null) {
      if (named.trim() === '') throw new CliError(`--ip-ranges ${arg}: name a crawler before =`);
      crawlers = [crawlerById(named) ? named : named.trim()];
    } else {
      crawlers = publishedCrawlers(file);
      if (!crawlers) throw new CliError(`--ip-ranges ${file}: not a published file name; say whose it is: --ip-ranges <crawler>=${file}`);
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new CliError((e as NodeJS.ErrnoException).code === 'ENOENT' ? `no such IP ranges file: ${file}` : `cannot read ${file}: ${(e as Error).message}`);
    }
    try {
      const read = readIpRanges(text, file, crawlers);
      if (read.skipped > 0) {
        const named = read.invalid.map((x) => `${x.line > 0 ? `line ${x.line}` : 'an entry'} ${x.entry}`).join(', ');
        warn(`${file}: ${read.skipped} entr${read.skipped === 1 ? 'y is' : 'ies are'} not a prefix and skipped: ${named}${read.skipped > read.invalid.length ? ', …' : ''}`);
      }
      return shareIpRanges(read);
    } catch (e) {
      // The engine's own error names what is wrong with the file; here it is bad input.
      if (e instanceof IpRangesError) throw new CliError(e.message);
      throw e;
    }
  });
}

/** The shipped ranges a run uses, for its messages: each file's date, and those the given files replace. */
function shippedLine(given: readonly SharedIpRanges[], published: Awaited<ReturnType<typeof loadPublishedRanges>>): string {
  const files = shippedInUse(given, published);
  const used = files.filter((f) => !f.replaced).map(({ file: f }) => `${f.name} (${f.operator}, ${f.prefixes.length} prefixes, its date ${f.creationTime?.slice(0, 10) ?? 'not given'})`);
  const replaced = files.filter((f) => f.replaced).map(({ file: f }) => f.name);
  const copied = files.map(({ file: f }) => f.copied).sort().at(-1) ?? '';
  return `IP ranges shipped with the tester (copied ${copied}): ${used.length > 0 ? used.join(', ') : 'none in use'}${replaced.length > 0 ? `; replaced by the files given: ${replaced.join(', ')}` : ''}`;
}

/** The --spoofers deny list's format. */
function spoofersOf(value: string | undefined): DenyFormat | undefined {
  if (value === undefined) return undefined;
  if (!(DENY_FORMATS as readonly string[]).includes(value)) throw new CliError(`--spoofers takes ${DENY_FORMATS.join(', ')}, not ${JSON.stringify(value)}`);
  return value as DenyFormat;
}

const LOGS_OPTIONS = {
  'ip-ranges': { type: 'string', multiple: true }, 'no-shipped-ranges': { type: 'boolean' }, spoofers: { type: 'string' }, 'verify-dns': { type: 'boolean' }, reader: { type: 'string', short: 'r' }, 'all-readers': { type: 'boolean' },
  ...SITE_OPTION, ...FORMAT_OPTIONS, ...JOBS_OPTION, ...TIMEOUT_OPTION, 'version-from': { type: 'string', multiple: true }, 'live-since': { type: 'string' },
  'cache-window': { type: 'string' }, top: { type: 'string' },
} as const;

/** `logs`. */
export const logsCommand = defineCommand({
  name: 'logs',
  help: `Usage: robots-txt-tester logs <robots.txt|URL> <log file|->... [options]

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
                         (a file given replaces the shipped copy for the crawlers it covers)
  --no-shipped-ranges    leave out the operators' ranges shipped with the tester (Google's
                         crawlers and fetchers, OpenAI's, Perplexity's, Apple's…; their date is
                         said on standard error)
  --spoofers <format>    instead of the report, the addresses of the spoofed requests (a crawler's
                         name from an address its operator does not use), every crawler's, each
                         once, as a deny list: plain (one a line), nginx (deny lines) or cloudflare
                         (an expression); what each crawler's came to on standard error
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
  --cache-window <time>  how long after a change a crawler may still use the file it had cached
                         (default 24h, RFC 9309 §2.4; 90m, 3600s; 0 for none): a request in it
                         that the version before allowed is "within cache window", not disobeying
  --top <n>              blocked paths listed per crawler (default ${TOP_REPORTED}; up to ${TOP_KEPT}): shards'
                         reports list all of theirs for \`logs merge\` to be exact
  --format <f>           text (default), json or csv (one row per request naming a crawler);
                         --json is short for --format json
  --jobs, -j <n>         threads in all, the reading one judging too (default: the machine's
                         cores, 1 for a log under ${INLINE_BYTES >> 20} MB; at most four per core, and 64)
  --timeout <time>       how long to wait for a fetched robots.txt: milliseconds, or seconds with
                         s (default 10000 = 10s; 1 ms to 600 s)
  --help, -h             this help

With dated versions the report says, per crawler and change, when it first fetched /robots.txt
after the change, its first request the new version blocks, and how long it took to react.

robots-txt-tester logs merge <report.json>... merges \`--format json\` reports of a log's shards
into the report of the whole (logs merge --help).

Exit code 0 when no crawler fetched a URL the file blocks for it, 1 when some did (fetchers a user
triggers whose operators say robots.txt does not apply to them are not counted), 2 on bad input
(an unreadable or binary file, an unknown format, a bad option).`,
  options: LOGS_OPTIONS,
  subcommands: { merge: async () => (await import('./logs-merge.js')).logsMergeCommand },
  run: (args, { script }) => logsWith(args, {
    write: writeOut,
    warn: (text) => (PROGRESS.test(text) ? process.stderr.write(text) : writeMessage(text)),
    script,
    progress: process.stderr.isTTY === true,
  }),
});

/** `logs` with its command line read, writing to `io` (tests give their own, and their own DNS resolver). */
export async function logsWith({ values, positionals }: CommandArgs<typeof LOGS_OPTIONS>, io: LogsIo): Promise<number> {
  const format = formatOf(values);
  const siteOption = siteOf(values.site);
  const [robotsArg, ...files] = positionals;
  if (robotsArg === undefined) throw new CliError('missing the robots.txt file or URL');
  if (files.length === 0) throw new CliError('missing the log file(s) (or - for standard input)');
  if (files.filter((f) => f === '-').length + (robotsArg === '-' ? 1 : 0) > 1) throw new CliError('only one input can come from standard input');
  if (values.reader !== undefined && values['all-readers']) throw new CliError('--reader and --all-readers: give one');
  const readers = readersFrom({ reader: values.reader === undefined ? undefined : [values.reader], 'all-readers': values['all-readers'] });
  // Without --jobs, a small log is judged without threads.
  const jobs = values.jobs === undefined ? logThreads(logFilesBytes(files), jobsOf(undefined)) : jobsOf(values.jobs);
  const timeout = timeoutOf(values.timeout, 10_000);
  const earlier = (values['version-from'] ?? []).map((arg) => {
    const eq = arg.indexOf('=');
    if (eq <= 0) throw new CliError(`--version-from takes <date>=<file|URL>, not ${JSON.stringify(arg)}`);
    return { since: dateOf(arg.slice(0, eq), '--version-from'), source: arg.slice(eq + 1) };
  });
  const liveSince = values['live-since'] !== undefined ? dateOf(values['live-since'], '--live-since') : undefined;
  if (earlier.length > 0 && liveSince === undefined) throw new CliError('--version-from needs --live-since <date>: when did the live file go live?');
  const cacheWindow = cacheWindowOf(values['cache-window']);
  const top = topOf(values.top);
  for (const f of files) if (f !== '-') checkReadable(f, 'log');
  const spoofers = spoofersOf(values.spoofers);
  if (spoofers && format !== 'text') throw new CliError('--spoofers writes a deny list of its own: leave out --format');
  const given = rangesFrom(values['ip-ranges'] ?? [], io.warn);
  let ranges = given;
  if (!values['no-shipped-ranges']) {
    const published = await loadPublishedRanges();
    // Read here once, as the given files are, and sent to every thread as read.
    ranges = [...shippedRangesFiles(given, published).map((f) => shareIpRanges(readIpRanges(f.text, f.source, f.crawlers))), ...given];
    if (format !== 'json') io.warn(shippedLine(given, published));
  }

  const read = async (arg: string) => {
    const src = await readRobots(arg, timeout);
    if (src.fetch && format !== 'json') io.warn(describeFetch(src.fetch));
    return src;
  };
  const live = await read(robotsArg);
  const versions: { text: string; status?: FetchStatus; since?: number }[] = [{ text: live.text, ...(live.fetch ? { status: live.fetch.status } : {}), ...(liveSince !== undefined ? { since: liveSince } : {}) }];
  const versionNames = [`the live file${liveSince !== undefined ? ` (since ${when(liveSince)})` : ''}`];
  for (const e of earlier) {
    const src = await read(e.source);
    versions.push({ text: src.text, since: e.since, ...(src.fetch ? { status: src.fetch.status } : {}) });
    versionNames.push(`${e.source} (since ${when(e.since)})`);
  }
  const site = siteOption ?? live.site ?? undefined;
  const setup: LogSetup = { versions, readers, site, ranges: [], sharedRanges: ranges, dns: values['verify-dns'] === true, csv: format === 'csv', cacheWindow, top };
  return runLogs({ files, format, jobs, setup, versionNames, ...(spoofers ? { spoofers } : {}) }, io);
}
