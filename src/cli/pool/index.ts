/** The CLI's one ordered thread pool (see ordered-pool.ts) and the thread side that serves it. */
export type { JobRunner, PackedJob, PoolShape, ThreadJobs } from './jobs.js';
export type { PoolThreadData } from './messages.js';
export { THREAD_YOUNG_MB } from './limits.js';
export { OrderedPool, type PoolOptions } from './ordered-pool.js';
export { serveJobs } from './serve.js';
