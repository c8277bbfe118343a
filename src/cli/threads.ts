/**
 * The kinds of pool thread the CLI starts (workerData.pool.kind), each loaded on the thread when
 * it starts: a check's come with the CLI; the logs', the audit's and the crawl's load their code
 * (and its libraries) themselves, which a check never does.
 */
import type { MessagePort } from 'node:worker_threads';
import type { AuditBatchSpec } from './audit-batches.js';
import { CHECK_JOBS, type StreamSpec } from './batch-writer.js';
import type { LogSetup } from './logs-run.js';
import { serveJobs, type PoolThreadData } from './pool/index.js';

/** Serves one kind's jobs on a thread started with `setup`. */
type Serve = (setup: unknown, port: MessagePort) => void;

const KINDS: Readonly<Record<string, () => Promise<Serve>>> = Object.assign(Object.create(null) as Record<string, () => Promise<Serve>>, {
  check: async () => (setup: unknown, port: MessagePort) => serveJobs(CHECK_JOBS, setup as StreamSpec, port),
  logs: async () => {
    const { LOG_JOBS } = await import('./logs-run.js');
    return (setup: unknown, port: MessagePort) => serveJobs(LOG_JOBS, setup as LogSetup, port);
  },
  audit: async () => {
    const { AUDIT_JOBS } = await import('./audit-batches.js');
    return (setup: unknown, port: MessagePort) => serveJobs(AUDIT_JOBS, setup as AuditBatchSpec, port);
  },
  crawl: async () => {
    const { CRAWL_JOBS } = await import('./crawl-threads.js');
    return (_setup: unknown, port: MessagePort) => serveJobs(CRAWL_JOBS, null, port);
  },
} satisfies Record<string, () => Promise<Serve>>);

/** Serves the jobs a pool thread was started for on its parent port. */
export async function servePoolThread(data: PoolThreadData, port: MessagePort): Promise<void> {
  const load = Object.hasOwn(KINDS, data.kind) ? KINDS[data.kind] : undefined;
  if (!load) throw new Error(`no pool thread of kind ${JSON.stringify(data.kind)}`);
  (await load())(data.setup, port);
}
