// Test support for the pool's tests: a tiny kind of job, run inline and on threads. Not part of the CLI.
import { threadId } from 'node:worker_threads';
import type { ThreadJobs } from './jobs.js';

/**
 * A job: give `value` back after `delayMs`, or once another job finished (`waitsFor`, set by that
 * job's `opens`: a SharedArrayBuffer's, seen by every thread); ask the main thread about it; or
 * fail, by throwing or by ending the thread.
 */
export interface EchoJob {
  readonly value: number;
  readonly delayMs?: number;
  readonly waitsFor?: Int32Array;
  readonly opens?: Int32Array;
  readonly ask?: boolean;
  readonly fail?: 'throw' | 'exit';
}

/** What a job gave: its value, the main thread's answer, whether the job it waited for had finished, and on which thread. */
export interface EchoResult {
  readonly value: number;
  readonly answer?: number;
  readonly otherFinished: boolean;
  readonly thread: number;
}

/** The types of the echo pool: a thread's share at the end is the values it ran, and the end message it was given. */
export type EchoPool = { setup: { readonly offset: number }; job: EchoJob; result: EchoResult; end: string; part: { ran: number[]; end: string }; question: number; answer: number };

/** The echo jobs. */
export const ECHO_JOBS: ThreadJobs<EchoPool> = {
  kind: 'echo',
  start({ offset }, ask) {
    const ran: number[] = [];
    return {
      async run(job) {
        if (job.fail === 'throw') throw new Error(`job ${job.value} failed`);
        if (job.fail === 'exit') process.exit(3);
        if (job.delayMs) await new Promise((r) => setTimeout(r, job.delayMs));
        // On a thread of its own: blocking it holds up no other job's thread (bounded, should the other never come).
        if (job.waitsFor) Atomics.wait(job.waitsFor, 0, 0, 10_000);
        ran.push(job.value);
        const answer = job.ask ? await ask(job.value) : undefined;
        if (job.opens) {
          Atomics.store(job.opens, 0, 1);
          Atomics.notify(job.opens, 0);
        }
        return { value: job.value + offset, ...(answer !== undefined ? { answer } : {}), otherFinished: job.waitsFor ? Atomics.load(job.waitsFor, 0) === 1 : true, thread: threadId };
      },
      finish: (end) => ({ ran, end }),
    };
  },
};
