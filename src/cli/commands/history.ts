/**
 * The `history` command: the versions of a site's robots.txt the Wayback Machine holds (its CDX
 * index), newest first, and `--at <date>` to fetch the one nearest a date. The archive's address
 * comes from --wayback or ROBOTS_WAYBACK_URL (tests put a local stand-in there).
 */
import {
  captureRawUrl, cdxQueryUrl, englishNumber, holdsFile, MAX_CDX_BYTES, nearestCapture, readCdxJson, readDate, robotsTxtUrlFor, WAYBACK_URL, type Capture,
} from '../../robots/index.js';
import { writeFileAtomic } from '../atomic-write.js';
import { CliError } from '../cli-error.js';
import { defineCommand } from '../command.js';
import { FORMAT_OPTIONS, formatOf, TIMEOUT_OPTION, timeoutOf } from '../options/index.js';
import { writeOut } from '../output.js';
import { fetchRobots, readCapped } from '../source.js';
import { terminalText, writeMessage } from '../terminal.js';

const HELP = `Usage: robots-txt-tester history <site> [--at <date> [--out <file>]] [options]

Lists the versions of the site's robots.txt that the Wayback Machine holds, newest first: the date
(UTC), the HTTP status the site answered, the archive's digest of the body (equal digests, equal
files) and the address of the archived copy. A capture equal to the one before it is left out, so
each row is a change. <site> is a host, a URL on the site, or its robots.txt URL.

  --at <date>        fetch the version nearest that date and print it: 2021, 2021-03, 2021-03-04,
                     2021-03-04T10:00Z or a 14-digit archive timestamp (UTC unless a zone is
                     given); only captures of a file (the site answered 2xx) are taken. Printed,
                     its lines end as Google ends them (LF, CRLF or CR) and its other control
                     characters are shown as \\xHH; --out and --json give it as it is
  --out <file>       with --at: write the version to <file> (atomically) instead of printing it
  --format <f>       text (default) or json; --json is short for --format json
  --timeout <time>   how long to wait for each answer of the archive: milliseconds, or seconds
                     with s (default 20000; 1 ms to 600 s)
  --wayback <url>    the Wayback Machine's address (default $ROBOTS_WAYBACK_URL, else ${WAYBACK_URL})
  --help, -h         this help

Exit code 0 when the list (or the version) was written, 1 when the archive holds no capture (for
--at: none of a file), 2 when the archive cannot be read (no answer, an answer cut off or past the
timeout, one larger than ${MAX_CDX_BYTES / 1024 / 1024} MiB, one that is no list of captures) or on bad input.`;

/** What the archive did not give: exit code 2 when it cannot be read, 1 when it holds nothing to give; the command line was right. */
const archiveError = (message: string, exitCode: 1 | 2) => new CliError(message, exitCode, { hint: false });

const stamp = (time: number) => `${new Date(time).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** A capture as the JSON output gives it. */
function captureJson(c: Capture, base: string) {
  return { timestamp: c.timestamp, date: new Date(c.time).toISOString(), status: c.status, digest: c.digest, url: c.url, archived: captureRawUrl(c, base) };
}

/** The captures the archive lists for `robotsUrl`, oldest first. */
async function listCaptures(robotsUrl: string, base: string, timeoutMs: number): Promise<Capture[]> {
  const query = cdxQueryUrl(robotsUrl, base);
  let res: Response;
  try {
    res = await fetch(query, { signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': 'robots-txt-tester (+https://github.com/)' } });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    const why = err.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : `network error${err.cause?.code ? ` (${err.cause.code})` : ''}`;
    throw archiveError(`cannot reach the Wayback Machine at ${base}: ${why}`, 2);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw archiveError(`the Wayback Machine answered HTTP ${res.status} for ${query}${res.status >= 500 || res.status === 429 ? ' (it may be busy: try again later)' : ''}`, 2);
  }
  let answer: { bytes: Uint8Array; cut: boolean };
  try {
    answer = await readCapped(res, MAX_CDX_BYTES);
  } catch (e) {
    // Only a whole answer says whether the archive holds a capture.
    const why = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError' ? `did not end within ${timeoutMs / 1000} s (timeout)` : 'broke off';
    throw archiveError(`the Wayback Machine's answer ${why}: no list of captures was read`, 2);
  }
  if (answer.cut) throw archiveError(`the Wayback Machine's answer is larger than ${MAX_CDX_BYTES / 1024 / 1024} MiB, which no list of captures is: not read`, 2);
  const body = new TextDecoder().decode(answer.bytes);
  const read = readCdxJson(body);
  if (!read.ok) {
    throw archiveError(read.problem === 'not-json'
      ? `the Wayback Machine's answer is not JSON (it may be busy: try again later): ${JSON.stringify(body.slice(0, 80))}`
      : 'the Wayback Machine\'s answer is not a list of captures', 2);
  }
  if (read.captures.length === 0) throw archiveError(`the Wayback Machine holds no capture of ${robotsUrl}`, 1);
  return read.captures;
}

/** The version nearest `at`, fetched; written to `out` or standard output. */
async function fetchVersion(captures: readonly Capture[], at: number, base: string, timeoutMs: number, out: string | undefined, json: boolean): Promise<void> {
  const c = nearestCapture(captures, at, holdsFile);
  if (!c) throw archiveError(`none of the ${captures.length} captures holds a file (the site answered ${[...new Set(captures.map((x) => x.status))].join(', ')})`, 1);
  const raw = captureRawUrl(c, base);
  const { report, text } = await fetchRobots(raw, timeoutMs);
  if (report.code < 200 || report.code >= 300) {
    throw archiveError(`the archived copy ${raw} could not be read: ${report.error ?? `HTTP ${report.code}`}`, 2);
  }
  writeMessage(`the version archived ${stamp(c.time)} (nearest to ${stamp(at)}), HTTP ${c.status ?? '?'}, digest ${c.digest}, ${englishNumber(report.bytes)} bytes${report.cut ? ' (cut at 500 KiB)' : ''}: ${raw}`);
  if (out !== undefined) {
    writeFileAtomic(out, text);
    writeMessage(`wrote ${out}`);
  }
  if (json) await writeOut(`${JSON.stringify({ ...captureJson(c, base), bytes: report.bytes, ...(out === undefined ? { text } : { written: out }) })}\n`);
  else if (out === undefined) await writeOut(terminalText(robotsLines(text)));
}

/** The lines of a robots.txt as Google ends them (LF, CRLF or CR), without the last one's end. */
function robotsLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** `history`. */
export const historyCommand = defineCommand({
  name: 'history',
  help: HELP,
  options: { at: { type: 'string' }, out: { type: 'string' }, ...FORMAT_OPTIONS, ...TIMEOUT_OPTION, wayback: { type: 'string' } },

  async run({ values, positionals }) {
    const [site, ...extra] = positionals;
    if (site === undefined) throw new CliError('missing the site (a host, a URL on it, or its robots.txt URL)');
    if (extra.length > 0) throw new CliError(`one site at a time: ${JSON.stringify(extra[0])}`);
    const robotsUrl = robotsTxtUrlFor(site);
    if (robotsUrl === null) throw new CliError(`not a site: ${JSON.stringify(site)}`);
    const format = formatOf(values, ['text', 'json']);
    const timeoutMs = timeoutOf(values.timeout, 20_000);
    const base = (values.wayback ?? process.env['ROBOTS_WAYBACK_URL'] ?? WAYBACK_URL).trim();
    if (!/^https?:\/\/[^/]/i.test(base)) throw new CliError(`--wayback takes an http(s) address, not ${JSON.stringify(base)}`);
    const at = values.at === undefined ? null : readDate(values.at);
    if (values.at !== undefined && at === null) throw new CliError(`--at takes a date (2021-03-04, 2021-03, 2021, 2021-03-04T10:00Z), not ${JSON.stringify(values.at)}`);
    if (values.out !== undefined && at === null) throw new CliError('--out writes the version --at fetches: give --at <date>');

    const captures = await listCaptures(robotsUrl, base, timeoutMs);
    if (at !== null) {
      await fetchVersion(captures, at, base, timeoutMs, values.out, format === 'json');
      return 0;
    }
    const newest = [...captures].reverse();
    if (format === 'json') {
      await writeOut(`${JSON.stringify(newest.map((c) => captureJson(c, base)))}\n`);
    } else {
      const rows = newest.map((c) => `${stamp(c.time)}  ${String(c.status ?? '-').padEnd(6)}  ${c.digest.padEnd(32)}  ${captureRawUrl(c, base)}`);
      await writeOut(terminalText([`${'date'.padEnd(23)}  status  ${'digest'.padEnd(32)}  archived copy`, ...rows]));
      writeMessage(`${captures.length} version${captures.length === 1 ? '' : 's'} of ${robotsUrl} in the Wayback Machine, newest first`);
    }
    return 0;
  },
});
