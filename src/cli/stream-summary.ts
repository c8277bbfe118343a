/** What a streamed listing says on standard error when it ends: the interrupt, the --summary totals, the tests that could not run. */
import { englishNumber, ListVerdict, verdictTag, verdictWord } from '../robots/index.js';
import type { Tally } from './batch-writer.js';
import type { StreamOutcome } from './stream.js';
import { terminalText, writeMessage } from './terminal.js';

/** The --summary lines: totals per crawler (and reader). */
export function formatSummary(tallies: Record<string, Tally>): string {
  const n = englishNumber;
  return terminalText(Object.entries(tallies)
    .map(([label, t]) => `${label}: ${[t.allowed, t.blocked, t.outOfScope, t.cannotTest].map((x, code) => `${n(x)} ${verdictWord(code)}`).join(', ')}`));
}

/** Writes what the run's end says on standard error: whether it was interrupted, the summary when asked for, how many tests could not run. */
export function reportOutcome(outcome: StreamOutcome, summary: boolean): void {
  if (outcome.interrupted) writeMessage(`interrupted: the rows of the first ${englishNumber(outcome.urls)} URLs were written`);
  if (summary) process.stderr.write(formatSummary(outcome.tallies));
  const cannot = Object.values(outcome.tallies).reduce((n, t) => n + t.cannotTest, 0);
  if (cannot > 0) writeMessage(`${cannot} URL × crawler test${cannot === 1 ? '' : 's'} could not be run (rows marked ${verdictTag(ListVerdict.CannotTest)})`);
}
