/**
 * The `robots-txt-tester` command: `check` URLs for crawlers, read a file's `lines` as Google's
 * reporter does, or answer a JSON Lines `batch`. Exit codes: 0 all allowed, 1 something blocked,
 * 2 bad input. Crawlers resolve exactly as in the app (resolveCrawler).
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  CRAWLERS, checkUrl, crawlerById, decodeRobotsBytes, explainVerdict, GOOGLE_CRAWLERS, parseRobotsTxt, problemSentence,
  resolveCrawler, type CrawlerSpec, type ResolvedAgent,
} from '../robots/index.js';
import { answerLine, ParseCache } from './batch.js';
import { formatVerdict, verdictJson } from './format.js';
import { answerLinesLine, formatLinesTable, linesJson } from './lines.js';

const USAGE = `Usage:
  robots-txt-tester check <robots.txt file | -> [crawlers] [--site <url>] [--json] <url>...
  robots-txt-tester lines <robots.txt file | -> [--json]
  robots-txt-tester lines --batch < bodies.jsonl > lines.jsonl
  robots-txt-tester batch < requests.jsonl > answers.jsonl

Run "robots-txt-tester <command> --help" for a command's options.`;

const HELP: Record<string, string> = {
  check: `Usage: robots-txt-tester check <robots.txt file | -> [crawlers] [--site <url>] [--json] <url>...

Tests each URL for each crawler and prints ALLOWED or BLOCKED, the deciding line, the group that
applied and why, exactly as Google decides.

Crawlers (repeat as you like; at least one):
  --ua, -u <text>        a product token (Googlebot) or a full User-Agent string
  --crawler, -c <id>     a crawler profile, with its token fallbacks (${CRAWLERS.slice(0, 3).map((c) => c.id).join(', ')}, …)
  --all-google           every Google crawler profile
Options:
  --site <url>           the site whose robots.txt this is: relative URLs resolve against it,
                         URLs on other hosts are reported out of scope
  --json                 machine-readable output
  --help, -h             this help

URLs are absolute (https://example.com/page), paths (/page), or relative to --site.
Exit code 0 when all are allowed, 1 when any is blocked, 2 on bad input.
Profiles: ${CRAWLERS.map((c) => c.id).join(', ')}`,
  lines: `Usage: robots-txt-tester lines <robots.txt file | -> [--json]
       robots-txt-tester lines --batch < bodies.jsonl > lines.jsonl

Prints how Google's parser reads every line (its RobotsParsingReporter): the tag (user-agent, allow,
disallow, sitemap, unused, unknown), the flags typo, empty, comment, hasComment, directive, tooLong,
missingColon, and this tester's kind, severity and finding codes.

  --json      one JSON object per line
  --batch     JSON Lines {"id","robots"} in, {"id","lines":[…]} out, one output line per input line
  --help, -h  this help`,
  batch: `Usage: robots-txt-tester batch < requests.jsonl > answers.jsonl

Reads JSON Lines {"id","robots","ua","url"} and writes {"id","allowed","line"} per line, in order,
as Google's reference parser answers for that one token; a malformed line yields {"id","error"}
and the run goes on.

  --help, -h  this help`,
};

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

function readStdin(): Uint8Array {
  try {
    return readFileSync(0);
  } catch (e) {
    fail(`cannot read standard input: ${(e as Error).message}`);
  }
}

function readRobots(file: string): string {
  if (file === '-') return decodeRobotsBytes(readStdin());
  try {
    return decodeRobotsBytes(readFileSync(file));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    fail(code === 'ENOENT' ? `no such file: ${file}` : code === 'EISDIR' ? `is a directory: ${file}` : `cannot read ${file}: ${(e as Error).message}`);
  }
}

/** The crawlers named on the command line, in their order, resolved as the app resolves the picker. */
function crawlersFrom(tokens: readonly { kind: string; name?: string; value?: string | undefined }[]): ResolvedAgent[] {
  const specs: CrawlerSpec[] = [];
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (t.name === 'crawler') {
      const id = t.value ?? '';
      if (!crawlerById(id)) fail(`no crawler profile "${id}"; profiles: ${CRAWLERS.map((c) => c.id).join(', ')}`);
      specs.push({ kind: 'profile', id });
    } else if (t.name === 'ua') specs.push({ kind: 'text', value: t.value ?? '' });
    else if (t.name === 'all-google') for (const c of GOOGLE_CRAWLERS) specs.push({ kind: 'profile', id: c.id });
  }
  if (specs.length === 0) fail('missing a crawler: --ua <token or User-Agent string>, --crawler <profile id> or --all-google');
  return specs.map((spec) => {
    const agent = resolveCrawler(spec);
    if (agent.issue === 'no-crawler') fail(`no crawler token in --ua ${JSON.stringify(agent.input)}`);
    return agent;
  });
}

function check(args: string[]): number {
  const { values, positionals, tokens } = parse(args, {
    ua: { type: 'string', short: 'u', multiple: true },
    crawler: { type: 'string', short: 'c', multiple: true },
    'all-google': { type: 'boolean' },
    site: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) return help('check');
  const [file, ...urls] = positionals;
  if (file === undefined) fail('missing the robots.txt file (or - for standard input)');
  const crawlers = crawlersFrom(tokens);
  if (urls.length === 0) fail('missing the URL(s) to check');
  const robots = parseRobotsTxt(readRobots(file));
  const options = { site: values.site };
  const results = urls.flatMap((url) => crawlers.map((agent) => ({ url, v: checkUrl(robots, agent, url, options) })));
  const bad = results.find(({ v }) => v.problem);
  if (bad) fail(problemSentence(bad.v)!.text);
  for (const agent of crawlers) {
    if (agent.issue === 'token-unusable') {
      const note = explainVerdict(robots, results.find(({ v }) => v.agent === agent)!.v).notes.find((n) => n.code === 'token-unusable');
      if (note) process.stderr.write(`robots-txt-tester: warning: ${note.text}\n`);
    }
  }
  if (values.json) {
    process.stdout.write(JSON.stringify(results.map(({ url, v }) => verdictJson(robots, url, v)), null, 2) + '\n');
  } else {
    for (const { url, v } of results) process.stdout.write(formatVerdict(robots, url, v) + '\n');
  }
  return results.every(({ v }) => v.allowed || !v.inScope) ? 0 : 1;
}

async function forEachStdinLine(answer: (line: string) => unknown): Promise<void> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let out = '';
  for await (const line of rl) {
    out += JSON.stringify(line.trim() === '' ? { id: null, error: 'empty input line' } : answer(line)) + '\n';
    if (out.length > 1 << 16) {
      if (!process.stdout.write(out)) await new Promise((r) => process.stdout.once('drain', r));
      out = '';
    }
  }
  process.stdout.write(out);
}

async function lines(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, batch: { type: 'boolean' } });
  if (values.help) return help('lines');
  if (values.batch) {
    if (positionals.length > 0) fail('--batch reads standard input: give no file');
    await forEachStdinLine(answerLinesLine);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (file === undefined) fail('missing the robots.txt file (or - for standard input)');
  if (extra.length > 0) fail(`one file at a time: ${JSON.stringify(extra[0])}`);
  const text = readRobots(file);
  process.stdout.write(values.json ? linesJson(text) : formatLinesTable(text));
  return 0;
}

function help(command: string): number {
  process.stdout.write((HELP[command] ?? USAGE) + '\n');
  return 0;
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return check(rest);
    if (command === 'lines') return await lines(rest);
    if (command === 'batch') {
      if (rest.includes('--help') || rest.includes('-h')) return help('batch');
      const cache = new ParseCache();
      await forEachStdinLine((line) => answerLine(line, cache));
      return 0;
    }
    if (command === '--help' || command === '-h' || command === 'help') return help(rest[0] ?? '');
    fail(command === undefined ? 'missing a command' : `unknown command ${command}`);
  } catch (e) {
    if (e instanceof UsageError) {
      const known = command !== undefined && command in HELP;
      process.stderr.write(`robots-txt-tester: ${e.message}\n${known ? `Run "robots-txt-tester ${command} --help" for usage.\n` : '\n' + USAGE + '\n'}`);
      return 2;
    }
    throw e;
  }
}
