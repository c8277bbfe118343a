/**
 * The `robots-txt-tester` command: `check` URLs for crawlers, read a file's `lines` as Google's
 * reporter does, or answer a JSON Lines `batch`. Exit codes: 0 all allowed, 1 something blocked,
 * 2 bad input. Crawlers resolve exactly as in the app (resolveCrawler).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  CRAWLERS, checkUrl, crawlerById, explainVerdict, GOOGLE_CRAWLERS, isReaderId, ListChecker, parseRobotsTxt, problemSentence, READER_IDS, readerName,
  resolveCrawler, type CrawlerSpec, type ReaderId, type ResolvedAgent, type RobotsTxt, type Verdict,
} from '../robots/index.js';
import { answerLine, ParseCache } from './batch.js';
import {
  describeFailure, diffHead, diffTail, ExpectationsError, failingExpectation, formatResults, met, readExpectations, resultsHead, resultsTail, type CheckRow, type DiffLayout, type ResultLayout,
} from './format.js';
import { formatSummary, streamChecks, urlSource, UrlListError, type StreamOutcome, type StreamSpec } from './stream.js';
import { answerLines } from './json-lines.js';
import { interruptCode, onInterrupt, writeOut } from './output.js';
import { readJobs, readSite, readTimeout } from './options.js';
import { describeCut, describeFetch, EDIT_LIMIT, isRemote, readSource, SourceError, type RobotsSource } from './source.js';
import { githubTarget, MAX_TABLE_ROWS, reportToGithub } from './github.js';
import { answerLinesLine, formatLinesTable, linesCsv, linesJson } from './lines.js';
import { AI_PROFILE_IDS, policyFrom, runAiPolicy } from './ai-policy.js';
import { AtomicWriteError, writeFileAtomic } from './atomic-write.js';
import { version } from '../../package.json';

const USAGE = `Usage:
  robots-txt-tester check <robots.txt> [crawlers] [options] [<url>...]
  robots-txt-tester diff <old robots.txt> <new robots.txt> --urls <file> [crawlers] [options]
  robots-txt-tester lines <robots.txt> [--json]
  robots-txt-tester ai-policy <robots.txt> --train block --search allow … [--content-signal] [--write]
  robots-txt-tester lines --batch < bodies.jsonl > lines.jsonl
  robots-txt-tester batch < requests.jsonl > answers.jsonl
  robots-txt-tester history <site> [--at <date>] [--out <file>]
  robots-txt-tester logs <robots.txt> <log file>... [--ip-ranges <file>]... [--verify-dns]
  robots-txt-tester audit <robots.txt> [crawlers] --sitemap <url|file> | --sitemaps auto | --urls <file> [--compare <robots.txt>]
  robots-txt-tester lsp --stdio

<robots.txt> is a file, - (standard input), or an http(s) URL fetched as Google fetches it.
Run "robots-txt-tester <command> --help" for a command's options; --version prints the version.
Every command: exit code 130 when interrupted (Ctrl-C; 143 for SIGTERM) after writing the rows
already made, whole; 141 when standard output is closed by its reader (| head).`;

const CRAWLER_HELP = `Crawlers (repeat as you like):
  --ua, -u <text>        a product token (Googlebot) or a full User-Agent string
  --crawler, -c <id>     a crawler profile, with its token fallbacks (${CRAWLERS.slice(0, 3).map((c) => c.id).join(', ')}, …)
  --all-google           every Google crawler profile
  --all-ai               every AI crawler profile (training with its control tokens, search and answers, user fetches)
Readers (how the crawler's parser reads the file; Google's by default; repeat as you like):
  --reader, -r <id>      one of (each as the releases named):
${READER_IDS.map((r) => `                           ${r.padEnd(22)} ${readerName(r)}`).join('\n')}
  --all-readers          every reader`;

const SOURCE_HELP = `<robots.txt> is a file, - for standard input, or an http(s)://…/robots.txt URL. A URL is fetched
as Google fetches it: up to 5 redirects to http(s) addresses (more, or one that cannot be followed:
not found), 2xx: the rules apply, 4xx other than 429: everything allowed, 429, 5xx, a network error
or a timeout: everything blocked; the body is read up to 500 KiB. What the fetch returned and the
redirects are printed on stderr (or in the JSON); the site stays the one asked for. A file or
standard input is read up to 500 KiB and a little more (Google reads no further).`;

const HELP: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  check: `Usage: robots-txt-tester check <robots.txt> [crawlers] [options] [<url>...]

Tests each URL for each crawler and prints ALLOWED, BLOCKED or OUT OF SCOPE, the deciding line,
the group that applied and why, exactly as Google decides.

${CRAWLER_HELP}
Options:
  --urls <file>          more URLs: one per line, or a CSV with a url column; - for standard
                         input (also read when no URL is given and it is piped). Lists stream:
                         rows come out as they are checked, in input order, in flat memory
  --jobs, -j <n>         worker threads for a list (default: the machine's cores; at most four
                         per core, and 64)
  --summary              totals per crawler at the end (allowed, blocked, out of scope, cannot
                         test), on stderr
  --expect <file.csv>    columns url, crawler (profile id or token; empty: every crawler given),
                         expected (allowed | blocked): checks every row, names each failing row and
                         the rule that decided, and exits 1 when any fails (0 when all are met)
  --site <url>           the site whose robots.txt this is (a fetched file's own site by default):
                         relative URLs resolve against it, URLs on other hosts are out of scope
  --format <f>           text (default), json or csv; --json is short for --format json
  --timeout <time>       how long to wait for a fetched robots.txt: milliseconds, or seconds with
                         s (default 10000 = 10s; 1 ms to 600 s)
  --help, -h             this help

${SOURCE_HELP}
URLs are absolute (https://example.com/page), paths (/page), or relative to --site. A listed
URL that cannot be tested gets a CANNOT TEST row (and exit code 2); a command-line one stops the run.
Progress (count, rate, ETA) goes to stderr when it is a terminal.
Exit code without --expect: 0 when nothing is blocked, 1 when any URL is blocked; 2 on bad input.
Profiles: ${CRAWLERS.map((c) => c.id).join(', ')}`,
  diff: `Usage: robots-txt-tester diff <old robots.txt> <new robots.txt> --urls <file> [crawlers] [options]

Lists every URL × crawler whose verdict differs between two versions, with both deciding rules.
Exit code 0 when no verdict changes, 1 when some do, 2 on bad input.

${CRAWLER_HELP}
Options:
  --urls <file>          the URLs to compare: one per line, or a CSV with a url column, or -
                         (standard input, also read when no URL is given and it is piped)
  --site <url>, --format <text|json|csv>, --json, --timeout <time>, --jobs <n>, --summary: as for check

${SOURCE_HELP}`,
  lines: `Usage: robots-txt-tester lines <robots.txt> [--format text|json|csv]
       robots-txt-tester lines --batch < bodies.jsonl > lines.jsonl

Prints how Google's parser reads every line (its RobotsParsingReporter): the tag (user-agent, allow,
disallow, sitemap, unused, unknown), the flags typo, empty, comment, hasComment, directive, tooLong,
missingColon, and this tester's kind, severity and finding codes. <robots.txt> is a file, - or a URL.

  --format f  text (a table, the default), json (one JSON object per line) or csv; --json = --format json
  --batch     JSON Lines {"id","robots"} in, {"id","lines":[…]} out, one output line per input line
  --help, -h  this help`,
  'ai-policy': `Usage: robots-txt-tester ai-policy <robots.txt> [choices] [options]

Writes what AI crawlers may do into the file: reuses a crawler's own group, takes it out of a group
it shares, carries over the * rules that still bind it, keeps comments and order, and never changes
the rules of Google Search's or other search engines' crawlers. Prints the diff and notes, then
checks the result with Google's reading: every AI crawler must have the chosen verdict on every
sample URL, and no other crawler's verdict may change.
Exit code 0 when the check passes, 1 when it fails (nothing is written then), 2 on bad input.

Choices (each: keep, allow = as the rest of the site, block = everywhere, or /a/,/b/ = block these paths):
  --train <choice>       AI training: the crawlers that collect training data (GPTBot, ClaudeBot,
                         CCBot, …) and the training-control tokens, which never fetch but say whether
                         what their operator's other crawlers fetch may train its models
                         (Google-Extended, Applebot-Extended)
  --search <choice>      AI search and answers (OAI-SearchBot, PerplexityBot, Claude-SearchBot, …)
  --user <choice>        fetches a user asked for (ChatGPT-User, Perplexity-User, …); changed only
                         when given
  --control <choice>     the training-control tokens apart from --train (an override for each)
  --override <id>=<choice>  one crawler's choice (repeat as you like)
Options:
  --content-signal       also state it as a Content-Signal line (Cloudflare's Content Signals)
  --content-usage        also state it as Content-Usage lines (IETF AI preferences:
                         draft-ietf-aipref-attach-05 with draft-ietf-aipref-vocab-08)
  --urls <file>          more URLs to check on (the site's root and every rule's path always are)
  --site <url>           the site the URLs are on
  --write                write the new file in place (a local file only; not when the check fails)
  --format <text|json>   --json is short for --format json
  --help, -h             this help
AI profiles: ${AI_PROFILE_IDS.join(', ')}`,
  batch: `Usage: robots-txt-tester batch < requests.jsonl > answers.jsonl

Reads JSON Lines {"id","robots","ua","url"} and writes {"id","allowed","line"} per line, in order,
as Google's reference parser answers for that one token; a malformed line yields {"id","error"}
and the run goes on. An optional "reader" (${READER_IDS.join(', ')}; default google) answers as
that parser reads the file (line is the deciding rule's line, 0 when none; a parser that raises
on the input yields {"id","error"}). An optional "robotsUrl" says where the file was fetched from:
robots-parser answers only for URLs of that scheme, host and port (others: {"id","error"}).

  --help, -h  this help`,
});

/**
 * The help of the commands whose code loads only when they run: history, logs and audit bring
 * the archive, log and sitemap readers and their libraries, which checking never needs.
 */
const LAZY_HELP: Record<string, () => Promise<string>> = Object.assign(Object.create(null) as Record<string, () => Promise<string>>, {
  history: async () => (await import('./history.js')).HISTORY_HELP,
  logs: async () => (await import('./logs.js')).LOGS_HELP,
  audit: async () => (await import('./audit.js')).auditHelp(CRAWLER_HELP, SOURCE_HELP),
});

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true, tokens: true });
  } catch (e) {
    fail((e as Error).message);
  }
}

/** Reads a robots.txt argument (file, `-` or URL); a fetch that goes wrong is reported, not fatal. */
async function source(arg: string, timeout: string | undefined, limit?: number): Promise<RobotsSource> {
  const ms = readTimeout(timeout, 10_000);
  if (typeof ms !== 'number') fail(ms.error);
  try {
    const src = await readSource(arg, ms, limit);
    const name = arg === '-' ? 'standard input' : arg;
    if (src.cut) {
      // A file to rewrite must be read whole; one to check needs only what Google reads.
      if (limit === EDIT_LIMIT) fail(`${name} is larger than ${EDIT_LIMIT / 1024 / 1024} MiB: too large to rewrite`);
      process.stderr.write(`robots-txt-tester: ${describeCut(name, src.cut)}\n`);
    }
    // A fetched body's notices go with the fetch line; a file's are said here.
    if (!src.fetch) for (const b of src.body) process.stderr.write(`robots-txt-tester: ${name}: ${b.text}\n`);
    return src;
  } catch (e) {
    if (e instanceof SourceError) fail(e.message);
    throw e;
  }
}

/** The local file a robots.txt argument names, or null (standard input, a URL): what annotations point at. */
function localFile(arg: string): string | null {
  return arg === '-' || isRemote(arg) ? null : arg;
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    fail((e as NodeJS.ErrnoException).code === 'ENOENT' ? `no such ${what} file: ${file}` : `cannot read ${file}: ${(e as Error).message}`);
  }
}

/** The output format: --format text|json|csv (--json is short for --format json). */
function formatOf(values: { format?: string; json?: boolean }): 'text' | 'json' | 'csv' {
  const f = values.json ? 'json' : values.format ?? 'text';
  if (f !== 'text' && f !== 'json' && f !== 'csv') fail(`--format takes text, json or csv, not ${JSON.stringify(f)}`);
  return f;
}

/** The crawlers named on the command line, in their order, resolved as the app resolves the picker. */
function crawlersFrom(tokens: readonly { kind: string; name?: string; value?: string | undefined }[], required = true): ResolvedAgent[] {
  const specs: CrawlerSpec[] = [];
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (t.name === 'crawler') {
      const id = t.value ?? '';
      if (!crawlerById(id)) fail(`no crawler profile "${id}"; profiles: ${CRAWLERS.map((c) => c.id).join(', ')}`);
      specs.push({ kind: 'profile', id });
    } else if (t.name === 'ua') specs.push({ kind: 'text', value: t.value ?? '' });
    else if (t.name === 'all-google') for (const c of GOOGLE_CRAWLERS) specs.push({ kind: 'profile', id: c.id });
    else if (t.name === 'all-ai') for (const id of AI_PROFILE_IDS) specs.push({ kind: 'profile', id });
  }
  if (specs.length === 0 && required) fail('missing a crawler: --ua <token or User-Agent string>, --crawler <profile id> --all-google or --all-ai');
  return specs.map((spec) => {
    const agent = resolveCrawler(spec);
    if (agent.issue === 'no-crawler') fail(`no crawler token in --ua ${JSON.stringify(agent.input)}`);
    return agent;
  });
}

/** The readers named on the command line (Google's alone by default), each once, in the readers' order. */
function readersFrom(values: { reader?: string[]; 'all-readers'?: boolean }): ReaderId[] {
  if (values['all-readers']) return [...READER_IDS];
  const named = values.reader ?? ['google'];
  for (const r of named) if (!isReaderId(r)) fail(`no reader "${r}"; readers: ${READER_IDS.join(', ')}`);
  return READER_IDS.filter((r) => named.includes(r));
}

const CRAWLER_OPTIONS = {
  reader: { type: 'string', short: 'r', multiple: true },
  'all-readers': { type: 'boolean' },
  ua: { type: 'string', short: 'u', multiple: true },
  crawler: { type: 'string', short: 'c', multiple: true },
  'all-google': { type: 'boolean' },
  'all-ai': { type: 'boolean' },
  site: { type: 'string' },
  urls: { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  timeout: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  summary: { type: 'boolean' },
} as const;

/** --jobs: worker threads for long lists (the machine's cores by default). */
function jobsOf(value: string | undefined): number {
  const jobs = readJobs(value);
  return typeof jobs === 'number' ? jobs : fail(jobs.error);
}

/** --site, checked: a site's address or host (a typo must not switch the scope check off). */
function siteOf(value: string | undefined): string | undefined {
  const site = readSite(value);
  return typeof site === 'object' ? fail(site.error) : site;
}

/** The URL list to stream: --urls (a file or -), or standard input when it is piped and holds nothing else. */
function listSource(urlsOption: string | undefined, positional: readonly string[], stdinTaken: boolean) {
  if (urlsOption !== undefined) {
    if (urlsOption === '-' && stdinTaken) fail('standard input already holds a robots.txt: give the URL list as a file');
    try {
      return urlSource(urlsOption);
    } catch (e) {
      if (e instanceof UrlListError) fail(e.message);
      throw e;
    }
  }
  return positional.length === 0 && !stdinTaken && !process.stdin.isTTY ? urlSource('-') : null;
}

/** Fails on the first command-line URL that cannot be tested (a list file's get a row of their own). */
function checkUrlsGiven(robots: RobotsTxt, urls: readonly string[], agent: ResolvedAgent, site: string | undefined): void {
  for (const url of urls) {
    const v = checkUrl(robots, agent, url, { site });
    if (v.problem) fail(problemSentence(v)!.text);
  }
}

/** Streams `spec` over the URLs, then writes the tail, the summary, and says how many could not be tested. */
async function runStream(
  spec: StreamSpec, positional: readonly string[], list: ReturnType<typeof urlSource> | null, values: { jobs?: string; summary?: boolean }, head: string, parsed?: readonly RobotsTxt[],
): Promise<StreamOutcome> {
  let outcome: StreamOutcome;
  try {
    outcome = await streamChecks(spec, positional, list, {
      jobs: list ? jobsOf(values.jobs) : 1, script: new URL(import.meta.url), progress: process.stderr.isTTY === true, head, parsed,
    });
  } catch (e) {
    if (e instanceof UrlListError) fail(e.message);
    throw e;
  }
  if (outcome.interrupted) process.stderr.write(`robots-txt-tester: interrupted: the rows of the first ${outcome.urls.toLocaleString('en-US')} URLs were written\n`);
  if (values.summary) process.stderr.write(formatSummary(outcome.tallies));
  const cannot = Object.values(outcome.tallies).reduce((n, t) => n + t.cannotTest, 0);
  if (cannot > 0) process.stderr.write(`robots-txt-tester: ${cannot} URL × crawler test${cannot === 1 ? '' : 's'} could not be run (rows marked CANNOT TEST)\n`);
  return outcome;
}

/** Warns once per crawler whose token Google's parser cannot match. */
function warnUnusable(robots: RobotsTxt, verdicts: readonly Verdict[]): void {
  const warned = new Set<ResolvedAgent>();
  for (const v of verdicts) {
    if (v.agent.issue !== 'token-unusable' || warned.has(v.agent)) continue;
    warned.add(v.agent);
    const note = explainVerdict(robots, v).notes.find((n) => n.code === 'token-unusable');
    if (note) process.stderr.write(`robots-txt-tester: warning: ${note.text}\n`);
  }
}

async function check(args: string[]): Promise<number> {
  const { values, positionals, tokens } = parse(args, { ...CRAWLER_OPTIONS, expect: { type: 'string' } });
  if (values.help) return help('check');
  const format = formatOf(values);
  const siteOption = siteOf(values.site);
  jobsOf(values.jobs);
  const [file, ...positionalUrls] = positionals;
  if (file === undefined) fail('missing the robots.txt file, URL (or - for standard input)');
  let expectRows: ReturnType<typeof readExpectations> | null = null;
  try {
    if (values.expect !== undefined) expectRows = readExpectations(readText(values.expect, 'expectations'));
  } catch (e) {
    if (e instanceof ExpectationsError) fail(`${values.expect}: ${e.message}`);
    throw e;
  }
  const crawlers = crawlersFrom(tokens, expectRows === null || expectRows.some((r) => r.crawler === null));
  const readers = readersFrom(values);
  if (expectRows === null) {
    const list = listSource(values.urls, positionalUrls, file === '-');
    if (positionalUrls.length === 0 && list === null) fail('missing the URL(s) to check: give them, or --urls <file>, or --expect <file.csv>');
    const src = await source(file, values.timeout);
    const robots = parseRobotsTxt(src.text);
    const site = siteOption ?? src.site ?? undefined;
    checkUrlsGiven(robots, positionalUrls, crawlers[0]!, site);
    warnUnusable(robots, crawlers.map((agent) => checkUrl(robots, agent, '/')));
    if (src.fetch && format !== 'json') process.stderr.write(`robots-txt-tester: ${describeFetch(src.fetch)}\n`);
    const layout: ResultLayout = { format, readers: readers.some((r) => r !== 'google'), expecting: false, fetch: src.fetch };
    const spec: StreamSpec = { command: 'check', texts: [src.text], statuses: [src.fetch?.status], agents: crawlers, readers, site, layout };
    const outcome = await runStream(spec, positionalUrls, list, values, resultsHead(layout), [robots]);
    if (outcome.urls === 0 && !outcome.interrupted) fail('missing the URL(s) to check: the list is empty');
    await writeOut(resultsTail(layout, outcome.wroteAny));
    const t = Object.values(outcome.tallies);
    return interruptCode() ?? (t.some((x) => x.cannotTest > 0) ? 2 : t.some((x) => x.blocked > 0) ? 1 : 0);
  }
  const src = await source(file, values.timeout);
  // Each row is checked for its own crawler, or for every crawler given: one column per crawler × reader.
  const own = expectRows.flatMap((row) => (row.crawler ? [row.crawler] : []));
  const checker = new ListChecker({
    versions: [{ text: src.text, status: src.fetch?.status }], crawlers: [...crawlers, ...own], readers, site: siteOption ?? src.site ?? undefined,
  });
  let next = crawlers.length;
  const results: CheckRow[] = expectRows.flatMap((row) => {
    const columns = row.crawler === null ? crawlers.map((_, c) => c) : [next++];
    return columns.flatMap((c) => readers.map((_, r) => ({ ...checker.explain(row.url, c * readers.length + r), expected: row.expected, at: row.line })));
  });
  const bad = results.find(({ google }) => google.problem);
  if (bad) fail(`${bad.at ? `line ${bad.at} of ${values.expect}: ` : ''}${problemSentence(bad.google)!.text}`);
  warnUnusable(checker.robots[0]!, results.map((r) => r.google));
  if (src.fetch && format !== 'json') process.stderr.write(`robots-txt-tester: ${describeFetch(src.fetch)}\n`);
  process.stdout.write(formatResults(checker, results, format, src.fetch));
  const failing = results.filter((r) => !met(r));
  if (format === 'text') {
    process.stderr.write(failing.length === 0
      ? `robots-txt-tester: all ${results.length} expectations met\n`
      : `robots-txt-tester: ${failing.length} of ${results.length} expectations failed:\n${failing.map((r) => `  ${describeFailure(checker, r)}`).join('\n')}\n`);
  }
  reportToGithub({
    command: 'check --expect', file: localFile(file), failed: failing.length,
    counts: [['expectations', results.length], ['met', results.length - failing.length], ['failed', failing.length]],
    failures: failing.slice(0, MAX_TABLE_ROWS).map((r) => failingExpectation(checker, r)),
  });
  return failing.length === 0 ? 0 : 1;
}

async function diff(args: string[]): Promise<number> {
  const { values, positionals, tokens } = parse(args, CRAWLER_OPTIONS);
  if (values.help) return help('diff');
  const format = formatOf(values);
  const siteOption = siteOf(values.site);
  jobsOf(values.jobs);
  const [oldArg, newArg, ...positionalUrls] = positionals;
  if (oldArg === undefined || newArg === undefined) fail('diff needs two robots.txt versions: <old> <new> (files, URLs or -)');
  if (oldArg === '-' && newArg === '-') fail('only one version can come from standard input');
  const crawlers = crawlersFrom(tokens);
  const readers = readersFrom(values);
  const list = listSource(values.urls, positionalUrls, oldArg === '-' || newArg === '-');
  if (positionalUrls.length === 0 && list === null) fail('missing the URL(s) to compare: --urls <file> (or give them)');
  const [before, after] = [await source(oldArg, values.timeout), await source(newArg, values.timeout)];
  const site = siteOption ?? after.site ?? before.site ?? undefined;
  const parsed = [parseRobotsTxt(before.text), parseRobotsTxt(after.text)];
  checkUrlsGiven(parsed[0]!, positionalUrls, crawlers[0]!, site);
  for (const [name, src] of [['old', before], ['new', after]] as const) {
    if (src.fetch && format !== 'json') process.stderr.write(`robots-txt-tester: ${name}: ${describeFetch(src.fetch)}\n`);
  }
  const layout: DiffLayout = { format, readers: readers.some((r) => r !== 'google') };
  const spec: StreamSpec = {
    command: 'diff', texts: [before.text, after.text], statuses: [before.fetch?.status, after.fetch?.status], agents: crawlers, readers, site, layout,
    github: githubTarget() !== null,
  };
  const outcome = await runStream(spec, positionalUrls, list, values, diffHead(layout), parsed);
  if (outcome.urls === 0 && !outcome.interrupted) fail('missing the URL(s) to compare: the list is empty');
  await writeOut(diffTail(layout, outcome.compared, outcome.changed));
  reportToGithub({
    command: 'diff', file: localFile(newArg), failed: outcome.changed, failures: outcome.failures,
    counts: [['verdicts compared', outcome.compared], ['changed', outcome.changed]],
  });
  return interruptCode() ?? (Object.values(outcome.tallies).some((t) => t.cannotTest > 0) ? 2 : outcome.changed === 0 ? 0 : 1);
}

/** Answers standard input's JSON Lines (see answerLines); resolves to the exit code (an interrupt's, else 0). */
async function forEachStdinLine(answer: (line: string) => unknown): Promise<number> {
  process.stdin.setEncoding('utf8');
  // An interrupt stops the reading; the answers already made are written.
  const unregister = onInterrupt(() => process.stdin.destroy());
  try {
    await answerLines(process.stdin as AsyncIterable<string>, { answer, write: writeOut, stopped: () => interruptCode() !== null });
  } catch (e) {
    if (interruptCode() === null) throw e;
  } finally {
    unregister();
  }
  return interruptCode() ?? 0;
}

async function lines(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, format: { type: 'string' }, batch: { type: 'boolean' } });
  if (values.help) return help('lines');
  const format = formatOf(values);
  if (values.batch) {
    if (positionals.length > 0) fail('--batch reads standard input: give no file');
    return forEachStdinLine(answerLinesLine);
  }
  const [file, ...extra] = positionals;
  if (file === undefined) fail('missing the robots.txt file (or - for standard input)');
  if (extra.length > 0) fail(`one file at a time: ${JSON.stringify(extra[0])}`);
  const src = await source(file, undefined);
  if (src.fetch) process.stderr.write(`robots-txt-tester: ${describeFetch(src.fetch)}\n`);
  process.stdout.write(format === 'json' ? linesJson(src.text) : format === 'csv' ? linesCsv(src.text) : formatLinesTable(src.text));
  return 0;
}

async function aiPolicy(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    train: { type: 'string' }, search: { type: 'string' }, user: { type: 'string' }, control: { type: 'string' },
    override: { type: 'string', multiple: true }, 'content-signal': { type: 'boolean' }, 'content-usage': { type: 'boolean' },
    urls: { type: 'string' }, site: { type: 'string' }, write: { type: 'boolean' }, json: { type: 'boolean' }, format: { type: 'string' },
  });
  if (values.help) return help('ai-policy');
  const format = formatOf(values);
  if (format === 'csv') fail('--format takes text or json for ai-policy');
  const [file, ...extra] = positionals;
  if (file === undefined) fail('missing the robots.txt file (or - for standard input)');
  if (extra.length > 0) fail(`one file at a time: ${JSON.stringify(extra[0])}`);
  const policy = policyFrom(values);
  if (typeof policy === 'string') fail(policy);
  const local = file !== '-' && !/^https?:\/\//i.test(file);
  if (values.write && !local) fail('--write writes a local file: give its path');
  const urls = values.urls ? readText(values.urls, 'URL list').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#')) : [];
  const src = await source(file, undefined, EDIT_LIMIT);
  if (src.fetch) process.stderr.write(`robots-txt-tester: ${describeFetch(src.fetch)}\n`);
  const run = runAiPolicy(src.text, policy, urls, siteOf(values.site) ?? src.fetch?.url);
  process.stdout.write(format === 'json' ? JSON.stringify(run.json) + '\n' : run.report);
  if (values.write) {
    if (!run.check.ok) process.stderr.write(`robots-txt-tester: the check failed: ${file} was not written\n`);
    else if (run.changed) {
      try {
        writeFileAtomic(file, run.text);
      } catch (e) {
        if (!(e instanceof AtomicWriteError)) throw e;
        process.stderr.write(`robots-txt-tester: ${e.message}\n`);
        return 2;
      }
      process.stderr.write(`robots-txt-tester: wrote ${file}\n`);
    }
  }
  return run.check.ok ? 0 : 1;
}

/** `logs`, writing to standard output through the listings' one writer and notes to standard error. */
async function logs(args: string[]): Promise<number> {
  const { LogsError, runLogs } = await import('./logs.js');
  try {
    return await runLogs(args, {
      write: writeOut,
      warn: (text) => process.stderr.write(text.startsWith('\r') ? text : `robots-txt-tester: ${text}\n`),
      script: new URL(import.meta.url),
      progress: process.stderr.isTTY === true,
    });
  } catch (e) {
    if (e instanceof LogsError) fail(e.message);
    throw e;
  }
}

function help(command: string): number {
  return printHelp(HELP[command] ?? USAGE);
}

/** Writes a help text; exit code 0. */
function printHelp(text: string): number {
  process.stdout.write(text + '\n');
  return 0;
}

/** `help <command>`: any command's help, a lazily loaded one's too. */
async function helpOf(command: string): Promise<number> {
  const lazy = LAZY_HELP[command];
  return lazy ? printHelp(await lazy()) : help(command);
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return await check(rest);
    if (command === 'diff') return await diff(rest);
    if (command === 'lines') return await lines(rest);
    if (command === 'ai-policy') return await aiPolicy(rest);
    if (command === 'history') return await (await import('./history.js')).runHistory(rest);
    if (command === 'logs') return await logs(rest);
    if (command === 'audit') {
      const { auditHelp, runAudit } = await import('./audit.js');
      return await runAudit(rest, {
        parse: (a, o) => parse(a, o), crawlerOptions: CRAWLER_OPTIONS, crawlersFrom, readersFrom, formatOf, jobsOf, source, fail,
        help: () => printHelp(auditHelp(CRAWLER_HELP, SOURCE_HELP)),
        script: new URL(import.meta.url),
      });
    }
    // The language server and its library load only when asked for.
    if (command === 'lsp') return (await import('./lsp/index.js')).runLsp(rest);
    if (command === 'batch') {
      if (rest.includes('--help') || rest.includes('-h')) return help('batch');
      const cache = new ParseCache();
      return await forEachStdinLine((line) => answerLine(line, cache));
    }
    if (command === '--help' || command === '-h' || command === 'help') return await helpOf(rest[0] ?? '');
    if (command === '--version' || command === '-V') {
      process.stdout.write(`robots-txt-tester ${version}\n`);
      return 0;
    }
    fail(command === undefined ? 'missing a command' : `unknown command ${command}`);
  } catch (e) {
    if (e instanceof UsageError) {
      const known = command !== undefined && (Object.hasOwn(HELP, command) || Object.hasOwn(LAZY_HELP, command));
      process.stderr.write(`robots-txt-tester: ${e.message}\n${known ? `Run "robots-txt-tester ${command} --help" for usage.\n` : '\n' + USAGE + '\n'}`);
      return 2;
    }
    throw e;
  }
}
