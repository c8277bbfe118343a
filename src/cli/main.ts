/**
 * The `robots-txt-tester` command: `check` a robots.txt for URLs, or answer a JSON Lines `batch`.
 * Exit codes: 0 all allowed, 1 something blocked, 2 bad input.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { checkUrl, decodeRobotsBytes, parseRobotsTxt, resolveAgent, resolveTestUrl } from '../robots/index.js';
import { answerLine, ParseCache } from './batch.js';
import { formatVerdict, verdictJson } from './format.js';

const USAGE = `Usage:
  robots-txt-tester check <robots.txt file | -> --ua <token or User-Agent string> [--json] <url>...
  robots-txt-tester batch < requests.jsonl > answers.jsonl

check   Tests each URL (absolute, or a path such as /private) and prints ALLOWED or BLOCKED,
        the deciding line and the user-agent group that applied, exactly as Google decides.
        Exit code 0 when all are allowed, 1 when any is blocked, 2 on bad input.
batch   Reads JSON Lines {"id","robots","ua","url"} and writes {"id","allowed","line"} per line,
        in order; a malformed line yields {"id","error"} and the run goes on.`;

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

function readStdin(): Uint8Array {
  try {
    return readFileSync(0);
  } catch (e) {
    fail(`cannot read standard input: ${(e as Error).message}`);
  }
}

function check(args: string[]): number {
  let ua: string | null = null;
  let json = false;
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--ua' || a === '-u') {
      if (i + 1 >= args.length) fail('--ua needs a value');
      ua = args[++i]!;
    } else if (a.startsWith('--ua=')) ua = a.slice(5);
    else if (a === '--json') json = true;
    else if (a === '--') positional.push(...args.slice(i + 1)), (i = args.length);
    else if (a.startsWith('-') && a !== '-') fail(`unknown option ${a}`);
    else positional.push(a);
  }
  const [file, ...urls] = positional;
  if (file === undefined) fail('missing the robots.txt file (or - for standard input)');
  if (ua === null) fail('missing --ua <token or User-Agent string>');
  if (urls.length === 0) fail('missing the URL(s) to check');
  if (resolveAgent(ua).tokens.length === 0) fail(`no crawler token in --ua ${JSON.stringify(ua)}`);
  for (const url of urls) {
    if (!resolveTestUrl(url).valid) fail(`not a URL or path: ${JSON.stringify(url)}`);
  }
  let bytes: Uint8Array;
  if (file === '-') bytes = readStdin();
  else {
    try {
      bytes = readFileSync(file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      fail(code === 'ENOENT' ? `no such file: ${file}` : code === 'EISDIR' ? `is a directory: ${file}` : `cannot read ${file}: ${(e as Error).message}`);
    }
  }
  const robots = parseRobotsTxt(decodeRobotsBytes(bytes));
  const verdicts = urls.map((url) => ({ url, v: checkUrl(robots, ua, url) }));
  if (json) {
    process.stdout.write(JSON.stringify(verdicts.map(({ url, v }) => verdictJson(robots, url, v)), null, 2) + '\n');
  } else {
    for (const { url, v } of verdicts) process.stdout.write(formatVerdict(robots, url, v) + '\n');
  }
  return verdicts.every(({ v }) => v.allowed) ? 0 : 1;
}

async function batch(): Promise<number> {
  const cache = new ParseCache();
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let out = '';
  for await (const line of rl) {
    if (line.trim() === '') {
      out += JSON.stringify({ id: null, error: 'empty input line' }) + '\n';
    } else {
      out += JSON.stringify(answerLine(line, cache)) + '\n';
    }
    if (out.length > 1 << 16) {
      if (!process.stdout.write(out)) await new Promise((r) => process.stdout.once('drain', r));
      out = '';
    }
  }
  process.stdout.write(out);
  return 0;
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return check(rest);
    if (command === 'batch') return await batch();
    if (command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    fail(command === undefined ? 'missing a command' : `unknown command ${command}`);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`robots-txt-tester: ${e.message}\n${command === 'check' ? '' : '\n' + USAGE + '\n'}`);
      return 2;
    }
    throw e;
  }
}
