/**
 * The distributed recipe (docs/logs.md) run as written: scripts/logs-dask.py starts a Dask
 * LocalCluster of two workers (Debian's python3-distributed, which .ci/run installs), maps the
 * CLI over the log's partitions and merges their reports with `logs merge`; the merged report is
 * what one run over the whole log gives. A small log keeps it short: most of its time is Dask
 * starting (about 15 s on a busy 2-core machine).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_BEFORE, LOG_LIVE, testLogLines } from '../src/robots/logs/test-log.js';

const PYTHON = '/usr/bin/python3';
const hasDask = existsSync(PYTHON) && spawnSync(PYTHON, ['-c', 'import distributed, dask.bag'], { stdio: 'ignore' }).status === 0;

const dir = mkdtempSync(join(tmpdir(), 'rtt-dask-'));
const put = (name: string, content: string) => {
  const f = join(dir, name);
  writeFileSync(f, content);
  return f;
};

// Skipped only where Debian's python3-distributed is not installed (`apt-get install python3-distributed`; .ci/run does).
describe.runIf(hasDask)('the Dask recipe: the CLI mapped over a log\'s partitions on a LocalCluster, the reports merged', () => {
  it('gives the report of one run over the whole log, and its exit code', () => {
    const live = put('robots.txt', LOG_LIVE);
    const dated = ['--live-since', '2025-03-10', '--version-from', `2025-01-01=${put('before.txt', LOG_BEFORE)}`];
    const log = put('access.log', testLogLines(600, 3).join('\n') + '\n');
    const one = spawnSync(process.execPath, ['lib/cli.js', 'logs', live, log, ...dated, '--format', 'json', '--jobs', '1'], { encoding: 'utf8' });
    const dask = spawnSync(PYTHON, ['scripts/logs-dask.py', live, log, '--partitions', '3', '--workers', '2', '--', ...dated], { encoding: 'utf8', timeout: 150_000 });
    expect(dask.stderr).toContain('3 reports merged: 600 lines');
    expect([dask.status, JSON.parse(dask.stdout)]).toEqual([one.status, JSON.parse(one.stdout)]);
    expect(one.status).toBe(1);
  }, 180_000);
});
