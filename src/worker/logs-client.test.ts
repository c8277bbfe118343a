import { describe, expect, it } from 'vitest';
import { ALL_REQUESTS, emptyTally } from '../robots/logs/index.js';
import { LogsWorkerClient, type LogsWorkerLike } from './logs-client.js';
import type { LogsRequest, LogsResponse } from './logs-protocol.js';

/** A fake worker: keeps what it was sent; `answer` replies as the worker would. */
function fake() {
  const sent: LogsRequest[] = [];
  const w: LogsWorkerLike & { sent: LogsRequest[]; answer(m: LogsResponse): void; ended: boolean } = {
    sent, ended: false, onmessage: null,
    postMessage: (m) => void sent.push(m),
    terminate() {
      this.ended = true;
    },
    answer(m) {
      this.onmessage?.({ data: m } as MessageEvent<LogsResponse>);
    },
  };
  return w;
}
const setup = { versions: [{ text: '' }], readers: ['google' as const], ranges: [] };
const outcome = { tally: emptyTally(1), files: [] };

describe('the logs worker client: the newest request wins', () => {
  it('progress goes to the run that asked; its result settles it', async () => {
    const w = fake();
    const c = new LogsWorkerClient(w);
    const seen: number[] = [];
    const run = c.run([], setup, (p) => seen.push(p.lines));
    const id = (w.sent[0] as { id: number }).id;
    w.answer({ type: 'logs-progress', id, progress: { read: 1, total: 2, lines: 10, file: 'a' } });
    w.answer({ type: 'logs-done', id, outcome, ms: 5 });
    expect(await run).toEqual({ outcome, ms: 5 });
    expect(seen).toEqual([10]);
  });
  it('a newer run settles the older with null and drops its late answers; cancel stops the worker\'s run', async () => {
    const w = fake();
    const c = new LogsWorkerClient(w);
    const seen: string[] = [];
    const first = c.run([], setup, () => seen.push('first'));
    const second = c.run([], setup, () => seen.push('second'));
    const [a, b] = w.sent.map((m) => (m as { id: number }).id);
    w.answer({ type: 'logs-progress', id: a!, progress: { read: 0, total: 0, lines: 0, file: '' } });
    w.answer({ type: 'logs-done', id: a!, outcome, ms: 1 });
    expect(await first).toBeNull();
    c.cancel();
    expect(await second).toBeNull();
    expect(w.sent.at(-1)).toEqual({ type: 'logs-cancel' });
    expect(seen).toEqual([]);
    w.answer({ type: 'logs-done', id: b!, outcome, ms: 1 });
  });
  it('a failure rejects with the worker\'s words; the CSV comes back as a Blob', async () => {
    const w = fake();
    const c = new LogsWorkerClient(w);
    const run = c.run([], setup, () => {});
    w.answer({ type: 'logs-error', id: (w.sent[0] as { id: number }).id, message: 'boom' });
    await expect(run).rejects.toThrow('boom');
    const csv = c.csv(ALL_REQUESTS);
    const blob = new Blob(['a']);
    w.answer({ type: 'logs-csv', id: (w.sent[1] as { id: number }).id, csv: blob, rows: 1 });
    expect(await csv).toEqual({ csv: blob, rows: 1 });
    c.dispose();
    expect(w.ended).toBe(true);
  });
});
