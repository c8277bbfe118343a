/** `robots-txt-tester diff`: every URL × crawler whose verdict differs between two versions of a robots.txt. */
import { englishNumber, parseRobotsTxt, tellingPaths } from '../../robots/index.js';
import type { StreamSpec } from '../batch-writer.js';
import { CliError } from '../cli-error.js';
import { defineCommand } from '../command.js';
import { diffHead, diffTail, type DiffLayout } from '../format.js';
import { githubTarget, reportToGithub } from '../github.js';
import { checkUrlsGiven, LIST_OPTIONS, listSource, runList, unlessEmpty } from '../list-run.js';
import {
  CRAWLER_HELP, CRAWLER_OPTIONS, crawlersFrom, FORMAT_OPTIONS, formatOf, JOBS_OPTION, jobsOf, localFile, readersFrom, readRobots, SITE_OPTION, siteOf,
  SOURCE_HELP, TIMEOUT_OPTION, timeoutOf,
} from '../options/index.js';
import { interruptCode, writeOut } from '../output.js';
import { describeFetch } from '../source.js';
import { writeMessage } from '../terminal.js';

/** `diff`. */
export const diffCommand = defineCommand({
  name: 'diff',
  help: `Usage: robots-txt-tester diff <old robots.txt> <new robots.txt> [--urls <file>] [crawlers] [options]

Lists every URL × crawler whose verdict differs between two versions, with both deciding rules.
Without URLs it tries the paths the two versions' rules tell apart: each rule's prefix, paths
just inside and just outside each wildcard and $, and the sitemaps on the --site.
Exit code 0 when no verdict changes, 1 when some do, 2 on bad input.

${CRAWLER_HELP}
Options:
  --urls <file>          the URLs to compare: one per line, or a CSV with a url column, or -
                         (standard input, also read when no URL is given and it is piped);
                         none: the paths the rules tell apart
  --site <url>, --format <text|json|csv>, --json, --timeout <time>, --jobs <n>, --summary: as for check

${SOURCE_HELP}`,
  options: { ...CRAWLER_OPTIONS, ...LIST_OPTIONS, ...SITE_OPTION, ...FORMAT_OPTIONS, ...TIMEOUT_OPTION, ...JOBS_OPTION },

  async run({ values, positionals, tokens }, { script }) {
    const format = formatOf(values);
    const siteOption = siteOf(values.site);
    jobsOf(values.jobs);
    const [oldArg, newArg, ...positionalUrls] = positionals;
    if (oldArg === undefined || newArg === undefined) throw new CliError('diff needs two robots.txt versions: <old> <new> (files, URLs or -)');
    if (oldArg === '-' && newArg === '-') throw new CliError('only one version can come from standard input');
    const crawlers = crawlersFrom(tokens);
    const readers = readersFrom(values);
    const piped = listSource(values.urls, positionalUrls, oldArg === '-' || newArg === '-');
    // No URL asked for: standard input's list when it holds one, else the paths the rules tell apart.
    const list = piped !== null && values.urls === undefined ? await unlessEmpty(piped) : piped;
    const before = await readRobots(oldArg, timeoutOf(values.timeout, 10_000));
    const after = await readRobots(newArg, timeoutOf(values.timeout, 10_000));
    const site = siteOption ?? after.site ?? before.site ?? undefined;
    const parsed = [parseRobotsTxt(before.text), parseRobotsTxt(after.text)];
    const derived = positionalUrls.length === 0 && list === null;
    const urls = derived ? tellingPaths(parsed, crawlers, { site }) : positionalUrls;
    if (derived && format !== 'json') process.stderr.write(`robots-txt-tester: no URLs given: trying ${englishNumber(urls.length)} paths the two versions' rules tell apart\n`);
    checkUrlsGiven(parsed[0]!, urls, crawlers[0]!, site);
    for (const [name, src] of [['old', before], ['new', after]] as const) {
      if (src.fetch && format !== 'json') writeMessage(`${name}: ${describeFetch(src.fetch)}`);
    }
    const layout: DiffLayout = { format, readers: readers.some((r) => r !== 'google') };
    const spec: StreamSpec = {
      command: 'diff', texts: [before.text, after.text], statuses: [before.fetch?.status, after.fetch?.status], agents: crawlers, readers, site, layout,
      github: githubTarget() !== null,
    };
    const outcome = await runList(spec, urls, list, values, diffHead(layout), script, parsed);
    if (outcome.urls === 0 && !outcome.interrupted) throw new CliError('missing the URL(s) to compare: the list is empty');
    await writeOut(diffTail(layout, outcome.compared, outcome.changed));
    reportToGithub({
      command: 'diff', file: localFile(newArg), failed: outcome.changed, failures: outcome.failures,
      counts: [['verdicts compared', outcome.compared], ['changed', outcome.changed]],
    });
    return interruptCode() ?? (Object.values(outcome.tallies).some((t) => t.cannotTest > 0) ? 2 : outcome.changed === 0 ? 0 : 1);
  },
});
