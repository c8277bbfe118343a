/** The messages between the ordered pool and its threads. */
import type { PoolShape } from './jobs.js';

/** What a starting thread is given (workerData.pool): the kind of its jobs and their setup. */
export interface PoolThreadData {
  readonly kind: string;
  readonly setup: unknown;
}

/** The main thread to a pool thread: a job, an answer to its question, or the end of the run. */
export type ToThread<T extends PoolShape> =
  | { readonly type: 'job'; readonly seq: number; readonly job: unknown }
  | { readonly type: 'answer'; readonly id: number; readonly answer: T['answer'] }
  | { readonly type: 'end'; readonly end: T['end'] };

/** A pool thread to the main thread: a job's result, a question, or its share at the end. */
export type FromThread<T extends PoolShape> =
  | { readonly type: 'result'; readonly seq: number; readonly result: T['result'] }
  | { readonly type: 'ask'; readonly id: number; readonly question: T['question'] }
  | { readonly type: 'part'; readonly part: T['part'] };
