/** Entry point of the `robots-txt-tester` binary, and of its pool threads (`check --jobs`, `logs --jobs`, `audit --jobs`). */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { main } from './main.js';
import { guardProcess } from './output.js';
import { terminalText } from './terminal.js';
import type { PoolThreadData } from './pool/index.js';
import { servePoolThread } from './threads.js';

const pool = isMainThread ? undefined : (workerData as { pool?: PoolThreadData } | null)?.pool;
if (pool) {
  // A thread that cannot start ends with the error (an unhandled rejection), which fails the run.
  void servePoolThread(pool, parentPort!);
} else {
  guardProcess();
  // The threads start from this file, the bundle's entry (a chunk's own URL would not serve them).
  main(process.argv.slice(2), { script: new URL(import.meta.url) }).then(
    (code) => { process.exitCode = code; },
    (e: unknown) => {
      // A message may quote an input: its lines are printed as any other.
      process.stderr.write(terminalText(`robots-txt-tester: internal error: ${(e as Error).stack ?? String(e)}`.split('\n')));
      process.exitCode = 2;
    },
  );
}
