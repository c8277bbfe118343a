/**
 * What a command gives the ordered pool: the job code a thread runs (the same inline), and how
 * its jobs travel to a thread. The pool itself knows nothing of checks, audits or logs.
 */
import type { Transferable } from 'node:worker_threads';

/** The types one kind of pool works with. */
export interface PoolShape {
  /** What a thread is started with: plain data. */
  readonly setup: unknown;
  readonly job: unknown;
  readonly result: unknown;
  /** What the main thread tells each thread at the end of the run (ports to its neighbours, say). */
  readonly end: unknown;
  /** What each thread answers at the end of the run: its share (a tally, a part of the audit). */
  readonly part: unknown;
  /** What a thread asks the main thread as it runs (a DNS question), and the answer. */
  readonly question: unknown;
  readonly answer: unknown;
}

/** What a thread does with its jobs: the same code inline and on a thread. */
export interface JobRunner<T extends PoolShape> {
  /** Runs one job; a runner is given its jobs one at a time, in order. */
  run(job: T['job']): T['result'] | Promise<T['result']>;
  /** The end-of-run step, after the runner's last job. */
  finish?(end: T['end']): T['part'] | Promise<T['part']>;
}

/** A job as it is posted to a thread, and the memory that moves with it rather than being copied. */
export interface PackedJob {
  readonly data: unknown;
  readonly transfer: readonly Transferable[];
}

/** One kind of pool thread: its name (what a starting thread is told) and how it makes its runner. */
export interface ThreadJobs<T extends PoolShape> {
  readonly kind: string;
  /** The runner of a thread started with `setup`; `ask` puts a question to the main thread. */
  start(setup: T['setup'], ask: (question: T['question']) => Promise<T['answer']>): JobRunner<T>;
  /** A job as posted to a thread (structured clone of the job itself when absent). */
  pack?(job: T['job']): PackedJob;
  /** The job a thread was posted. */
  unpack?(data: unknown): T['job'];
}
