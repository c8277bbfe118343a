import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ControlMessage, WorkerRequest } from './protocol.js';

/** The worker's global as serve() uses it: what it posts, and a way to send it a message. */
interface FakeSelf {
  posted: unknown[];
  postMessage(m: unknown): void;
  onmessage: ((e: { data: WorkerRequest | ControlMessage }) => void) | null;
}

let self: FakeSelf;
const send = (data: unknown) => self.onmessage!({ data: data as WorkerRequest });
const readers = (id: number) => ({ type: 'readers', id, revision: 1, text: { kind: 'whole', text: '' }, test: { url: '/', crawler: { kind: 'text', value: 'x' } }, readers: [], site: '' });

beforeEach(() => {
  self = { posted: [], postMessage(m) { this.posted.push(m); }, onmessage: null };
  vi.stubGlobal('self', self);
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

describe('serve (product behaviour: the runtime answers for every worker)', () => {
  it('says it is ready, answers a ping at once, and leaves messages it does not know alone', async () => {
    const { serve } = await import('./serve.js');
    serve({ readers() {} });
    send({ type: 'ping' });
    send({ type: 'test-hang', ms: 1 });
    expect(self.posted).toEqual([{ type: 'ready' }, { type: 'pong' }]);
  });

  it('answers a handler that throws, or whose work fails later, with the error as plain data', async () => {
    const { serve } = await import('./serve.js');
    serve({
      readers(req) {
        if (req.id === 1) throw new RangeError('at once');
        return Promise.reject(new TypeError('later'));
      },
    });
    send(readers(1));
    send(readers(2));
    await new Promise((r) => setTimeout(r, 0));
    expect(self.posted.slice(1)).toEqual([
      { type: 'error', id: 1, error: { name: 'RangeError', message: 'at once' } },
      { type: 'error', id: 2, error: { name: 'TypeError', message: 'later' } },
    ]);
  });

  it('aborts the signal of the work a cancel names, and of no other', async () => {
    const { serve } = await import('./serve.js');
    const signals: AbortSignal[] = [];
    serve({ readers: (_req, { signal }) => new Promise<void>(() => void signals.push(signal)) });
    send(readers(1));
    send(readers(2));
    send({ type: 'cancel', id: 2 });
    expect(signals.map((s) => s.aborted)).toEqual([false, true]);
  });
});
