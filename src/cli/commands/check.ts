import { existsSync } from 'node:fs';
/** `robots-txt-tester check`: each URL for each crawler, ALLOWED, BLOCKED or OUT OF SCOPE with the deciding line; or a CSV of expectations checked. */
import { CRAWLERS, checkUrl, explainVerdict, ListChecker, parseRobotsTxt, problemSentence, testedHref, type ResolvedAgent, type RobotsTxt, type Verdict } from '../../robots/index.js';
import type { StreamSpec } from '../batch-writer.js';
import { CliError } from '../cli-error.js';
import { defineCommand } from '../command.js';
import { describeFailure, failingExpectation, formatResults, met, readExpectations, resultsHead, resultsTail, type CheckRow, type ResultLayout } from '../format.js';
import { MAX_TABLE_ROWS, reportToGithub } from '../github.js';
import { checkUrlsGiven, LIST_OPTIONS, listSource, runList } from '../list-run.js';
import {
  CRAWLER_HELP, CRAWLER_OPTIONS, crawlersFrom, FORMAT_OPTIONS, formatOf, JOBS_OPTION, jobsOf, localFile, readersFrom, readRobots, readText, SITE_OPTION,
  siteOf, SOURCE_HELP, TIMEOUT_OPTION, timeoutOf,
} from '../options/index.js';
import { interruptCode, writeOut } from '../output.js';
import { describeFetch } from '../source.js';
import { terminalText, writeMessage } from '../terminal.js';

/** Warns once per crawler whose token Google's parser cannot match. */
function warnUnusable(robots: RobotsTxt, verdicts: readonly Verdict[]): void {
  const warned = new Set<ResolvedAgent>();
  for (const v of verdicts) {
    if (v.agent.issue !== 'token-unusable' || warned.has(v.agent)) continue;
    warned.add(v.agent);
    const note = explainVerdict(robots, v).notes.find((n) => n.code === 'token-unusable');
    if (note) writeMessage(`warning: ${note.text}`);
  }
}

/** `check`. */
export const checkCommand = defineCommand({
  name: 'check',
  help: `Usage: robots-txt-tester check <robots.txt> [crawlers] [options] [<url>...]

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
  options: { ...CRAWLER_OPTIONS, ...LIST_OPTIONS, ...SITE_OPTION, ...FORMAT_OPTIONS, ...TIMEOUT_OPTION, ...JOBS_OPTION, expect: { type: 'string' } },

  async run({ values, positionals, tokens }, { script }) {
    const format = formatOf(values);
    const siteOption = siteOf(values.site);
    jobsOf(values.jobs);
    const [file, ...positionalUrls] = positionals;
    if (file === undefined) throw new CliError('missing the robots.txt file, URL (or - for standard input)');
    // Bad input is named in the order it is given: the file before the crawlers or the list.
    const local = localFile(file);
    if (local !== null && !existsSync(local)) throw new CliError(`no such file: ${local}`);
    const expectRows = values.expect === undefined ? null : readExpectations(readText(values.expect, 'expectations'), values.expect);
    const crawlers = crawlersFrom(tokens, expectRows === null || expectRows.some((r) => r.crawler === null));
    const readers = readersFrom(values);
    if (expectRows === null) {
      const list = listSource(values.urls, positionalUrls, file === '-');
      if (positionalUrls.length === 0 && list === null) throw new CliError('missing the URL(s) to check: give them, or --urls <file>, or --expect <file.csv>');
      const src = await readRobots(file, timeoutOf(values.timeout, 10_000));
      const robots = parseRobotsTxt(src.text);
      const site = siteOption ?? src.site ?? undefined;
      checkUrlsGiven(robots, positionalUrls, crawlers[0]!, site);
      warnUnusable(robots, crawlers.map((agent) => checkUrl(robots, agent, '/')));
      if (src.fetch && format !== 'json') writeMessage(describeFetch(src.fetch));
      const layout: ResultLayout = { format, readers: readers.some((r) => r !== 'google'), expecting: false, fetch: src.fetch };
      const spec: StreamSpec = { command: 'check', texts: [src.text], statuses: [src.fetch?.status], agents: crawlers, readers, site, layout };
      const outcome = await runList(spec, positionalUrls, list, values, resultsHead(layout), script, [robots]);
      if (outcome.urls === 0 && !outcome.interrupted) throw new CliError('missing the URL(s) to check: the list is empty');
      await writeOut(resultsTail(layout, outcome.wroteAny));
      const t = Object.values(outcome.tallies);
      return interruptCode() ?? (t.some((x) => x.cannotTest > 0) ? 2 : t.some((x) => x.blocked > 0) ? 1 : 0);
    }
    const src = await readRobots(file, timeoutOf(values.timeout, 10_000));
    // Each row is checked for its own crawler, or for every crawler given: one column per crawler × reader.
    const own = expectRows.flatMap((row) => (row.crawler ? [row.crawler] : []));
    const site = siteOption ?? src.site ?? undefined;
    const checker = new ListChecker({ versions: [{ text: src.text, status: src.fetch?.status }], crawlers: [...crawlers, ...own], readers, site });
    let next = crawlers.length;
    const results: CheckRow[] = expectRows.flatMap((row) => {
      const columns = row.crawler === null ? crawlers.map((_, c) => c) : [next++];
      return columns.flatMap((c) => readers.map((_, r) => ({ ...checker.explain(testedHref(row.url, site), c * readers.length + r), expected: row.expected, at: row.line })));
    });
    const bad = results.find(({ google }) => google.problem);
    if (bad) throw new CliError(`${bad.at ? `line ${bad.at} of ${values.expect}: ` : ''}${problemSentence(bad.google)!.text}`);
    warnUnusable(checker.robots[0]!, results.map((r) => r.google));
    if (src.fetch && format !== 'json') writeMessage(describeFetch(src.fetch));
    await writeOut(formatResults(checker, results, format, src.fetch));
    const failing = results.filter((r) => !met(r));
    if (format === 'text') {
      writeMessage(failing.length === 0 ? `all ${results.length} expectations met` : `${failing.length} of ${results.length} expectations failed:`);
      process.stderr.write(terminalText(failing.map((r) => `  ${describeFailure(checker, r)}`)));
    }
    reportToGithub({
      command: 'check --expect', file: localFile(file), failed: failing.length,
      counts: [['expectations', results.length], ['met', results.length - failing.length], ['failed', failing.length]],
      failures: failing.slice(0, MAX_TABLE_ROWS).map((r) => failingExpectation(checker, r)),
    });
    return failing.length === 0 ? 0 : 1;
  },
});
