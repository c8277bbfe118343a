/** What a streamed listing says on standard error when it ends: the interrupt, the --summary totals, the tests that could not run. */
import type { Tally } from './batch-writer.js';
import type { StreamOutcome } from './stream.js';

/** The --summary lines: totals per crawler (and reader). */
export function formatSummary(tallies: Record<string, Tally>): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return Object.entries(tallies)
    .map(([label, t]) => `${label}: ${n(t.allowed)} allowed, ${n(t.blocked)} blocked, ${n(t.outOfScope)} out of scope, ${n(t.cannotTest)} cannot test`)
    .join('\n') + '\n';
}

/** Writes what the run's end says on standard error: whether it was interrupted, the summary when asked for, how many tests could not run. */
export function reportOutcome(outcome: StreamOutcome, summary: boolean): void {
  if (outcome.interrupted) process.stderr.write(`robots-txt-tester: interrupted: the rows of the first ${outcome.urls.toLocaleString('en-US')} URLs were written\n`);
  if (summary) process.stderr.write(formatSummary(outcome.tallies));
  const cannot = Object.values(outcome.tallies).reduce((n, t) => n + t.cannotTest, 0);
  if (cannot > 0) process.stderr.write(`robots-txt-tester: ${cannot} URL × crawler test${cannot === 1 ? '' : 's'} could not be run (rows marked CANNOT TEST)\n`);
}
