// docs/bench-results.md: the latest `npm run bench` run's table, written by the bench itself so that the
// page never shows figures of one run beside prose of another.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Markdown page of one bench run: when, where, and the table of measures against their budgets. */
export function resultsPage({ date, cpus, node, table }) {
  return [
    '# Latest bench results',
    '',
    `Written by \`npm run bench\` on ${date.slice(0, 10)} (${cpus} cores, Node ${node}); every figure below is from`,
    'that one run. How each row is measured: [performance.md](performance.md). Every round and keystroke of the run is',
    'in `bench/results.json`.',
    '',
    table,
    '',
  ].join('\n');
}

/** Writes the page beside the docs, through a temporary file so an interrupted run leaves the last page whole. */
export function writeResultsPage(root, results) {
  const path = join(root, 'docs/bench-results.md');
  writeFileSync(`${path}.tmp`, resultsPage(results));
  renameSync(`${path}.tmp`, path);
}
