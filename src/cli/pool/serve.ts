/** A pool thread: runs the jobs the main thread posts, one at a time, and answers each with its result. */
import type { MessagePort } from 'node:worker_threads';
import type { PoolShape, ThreadJobs } from './jobs.js';
import type { FromThread, ToThread } from './messages.js';

/** Serves `jobs`' kind on this thread, started with `setup`, over `port` (the thread's parent port). */
export function serveJobs<T extends PoolShape>(jobs: ThreadJobs<T>, setup: T['setup'], port: MessagePort): void {
  const post = (m: FromThread<T>) => port.postMessage(m);
  const answers = new Map<number, (answer: T['answer']) => void>();
  let asked = 0;
  const runner = jobs.start(setup, (question) => new Promise((resolve) => {
    const id = asked++;
    answers.set(id, resolve);
    post({ type: 'ask', id, question });
  }));
  // One job at a time: a job waiting on an answer holds back the next, so a thread's share adds
  // up in order. A job that throws ends the thread with the error, which fails the run.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (m: ToThread<T>) => {
    if (m.type === 'answer') {
      answers.get(m.id)?.(m.answer);
      answers.delete(m.id);
    } else if (m.type === 'job') {
      const job = jobs.unpack ? jobs.unpack(m.job) : (m.job as T['job']);
      queue = queue.then(async () => post({ type: 'result', seq: m.seq, result: await runner.run(job) }));
    } else {
      queue = queue.then(async () => post({ type: 'part', part: runner.finish ? await runner.finish(m.end) : undefined }));
    }
  });
}
