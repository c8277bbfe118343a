/**
 * `robots-txt-tester logs merge`: the `logs --format json` reports of a log's shards (run on
 * other machines, in a Dask or Spark job) merged into the report one run over all their lines
 * gives. Exit codes as `logs`'s: 1 when a crawler fetched what the file blocks for it.
 */
import { englishNumber } from '../../robots/index.js';
import { LogReportError, mergeLogReports, readLogReport, TOP_KEPT, TOP_REPORTED, type LogReport } from '../../robots/logs/index.js';
import { CliError } from '../cli-error.js';
import { defineCommand, type CommandArgs } from '../command.js';
import { readText } from '../options/index.js';
import { writeOut } from '../output.js';
import { writeMessage } from '../terminal.js';

const MERGE_OPTIONS = { top: { type: 'string' } } as const;

/** Where `logs merge` writes: tests give their own. */
export interface LogsMergeIo {
  readonly write: (text: string) => Promise<void>;
  readonly warn: (text: string) => void;
}

/** `logs merge`. */
export const logsMergeCommand = defineCommand({
  name: 'logs merge',
  help: `Usage: robots-txt-tester logs merge <report.json|->... [--top <n>]

Merges the reports \`robots-txt-tester logs --format json\` wrote for parts of a log (its lines
split into shards, judged on other machines or threads, with the same robots.txt and options) into
the report of the whole, as JSON: what one run over all the lines gives. Every count is exact, and
so are the reactions to each change; a crawler's blocked paths are exact when every shard listed
all of its own (run the shards with a large --top), else the entry says "topBlockedApproximate".
Merged reports can be merged again.

Options:
  --top <n>     blocked paths listed per crawler (default ${TOP_REPORTED}; up to ${TOP_KEPT})
  --help, -h    this help

Exit code 0 when no crawler fetched a URL the file blocks for it, 1 when some did, 2 when a report
cannot be read.`,
  options: MERGE_OPTIONS,
  run: (args) => logsMergeWith(args, { write: writeOut, warn: writeMessage }),
});

/** `logs merge` with its command line read, writing to `io`. */
export async function logsMergeWith({ values, positionals }: CommandArgs<typeof MERGE_OPTIONS>, io: LogsMergeIo): Promise<number> {
  if (positionals.length === 0) throw new CliError('missing the reports to merge (`logs --format json` output files, or - for standard input)');
  if (positionals.filter((f) => f === '-').length > 1) throw new CliError('only one report can come from standard input');
  const top = values.top === undefined ? TOP_REPORTED : Number(values.top);
  if (!Number.isInteger(top) || top < 1 || top > TOP_KEPT) throw new CliError(`--top takes a number of paths from 1 to ${TOP_KEPT}, not ${JSON.stringify(values.top)}`);
  const reports: LogReport[] = positionals.map((file) => {
    try {
      return readLogReport(readText(file, 'report'));
    } catch (e) {
      if (e instanceof LogReportError) throw new CliError(`${file === '-' ? 'standard input' : file}: ${e.message}`);
      throw e;
    }
  });
  const merged = mergeLogReports(reports, top);
  await io.write(JSON.stringify(merged) + '\n');
  const approximate = merged.crawlers.filter((c) => c.topBlockedApproximate).map((c) => c.crawler);
  io.warn(`${reports.length} report${reports.length === 1 ? '' : 's'} merged: ${englishNumber(merged.lines)} lines, ${merged.crawlers.length} crawler${merged.crawlers.length === 1 ? '' : 's'}`);
  if (approximate.length > 0) io.warn(`blocked paths approximate for ${approximate.join(', ')}: a shard listed only part of them (run the shards with a larger --top)`);
  const disobeying = merged.crawlers.some((c) => !c.ignoresRobotsTxt && c.blocked - c.cacheWindow > 0);
  return disobeying ? 1 : 0;
}
