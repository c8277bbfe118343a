import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerChannel, withBroadcastReplies, type WorkerLike } from './channel.js';
import type { AnalyseRequest, BulkRequest, DiagnoseRequest, WorkerRequest, WorkerMessage, WorkerResponse } from './protocol.js';

/** A worker that records what it is sent and answers only when the test says. */
class HandWorker implements WorkerLike {
  static all: HandWorker[] = [];
  received: WorkerRequest[] = [];
  terminated = false;
  private readonly listeners: { message: ((e: MessageEvent<WorkerMessage>) => void)[]; error: ((e: Event) => void)[] } = { message: [], error: [] };
  constructor() {
    HandWorker.all.push(this);
  }
  postMessage(message: WorkerRequest): void {
    this.received.push(message);
  }
  addEventListener(type: 'message' | 'error', listener: (e: never) => void): void {
    this.listeners[type].push(listener as never);
  }
  terminate(): void {
    this.terminated = true;
  }
  say(data: WorkerMessage): void {
    for (const l of this.listeners.message) l({ data } as MessageEvent<WorkerMessage>);
  }
  die(): void {
    for (const l of this.listeners.error) l(new Event('error'));
  }
}

const run = (revision: number, text = 'User-agent: *\nDisallow: /') => ({
  type: 'bulk' as const, revision, text, urls: '/a', crawlers: [], site: '', status: { kind: 'http' as const, code: 200 }, compare: null, readers: [],
});
const result = (id: number, revision: number): WorkerResponse => ({
  type: 'bulk-result', id, revision, urlCount: 0, crawlerCount: 0, verdict: new Uint8Array(), line: new Int32Array(), compareVerdict: new Uint8Array(),
  compareLine: new Int32Array(), crawlerLabels: [], crawlers: [], crawlerGroups: [], readers: [], disagree: new Uint8Array(), lineTexts: {}, compareLineTexts: {}, ms: 0,
});

function channel(options: { lazy?: boolean; order?: 'queue' | 'supersede' } = {}) {
  const seen: WorkerResponse[] = [];
  const restarts: string[] = [];
  const c = new WorkerChannel<BulkRequest>({
    create: () => new HandWorker(), order: options.order ?? 'supersede', lazy: options.lazy, timeoutMs: () => 1000,
    onMessage: (m) => seen.push(m), onRestart: (r) => restarts.push(r),
  });
  return { c, seen, restarts };
}

beforeEach(() => {
  HandWorker.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('WorkerChannel (product behaviour: latest wins, watchdog, resync)', () => {
  it('in supersede order posts every request at once and passes on only the newest one’s answer', () => {
    const { c, seen } = channel();
    c.send(run(1));
    c.send(run(2));
    const w = HandWorker.all[0]!;
    expect(w.received.map((r) => (r as { revision: number }).revision)).toEqual([1, 2]);
    w.say(result(1, 1));
    w.say(result(2, 2));
    expect(seen.map((m) => (m as { revision: number }).revision)).toEqual([2]);
  });

  it('spawns a lazy worker on the first request only', () => {
    const { c } = channel({ lazy: true });
    expect(HandWorker.all).toHaveLength(0);
    c.send(run(1));
    expect(HandWorker.all).toHaveLength(1);
  });

  it('takes progress as a sign of life: the watchdog starts again on each report', () => {
    const { c, restarts } = channel();
    c.send(run(1));
    const w = HandWorker.all[0]!;
    w.say({ type: 'ready' });
    vi.advanceTimersByTime(900);
    w.say({ type: 'bulk-progress', id: 1, done: 1, total: 2 });
    vi.advanceTimersByTime(900);
    expect(restarts).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(restarts).toEqual(['timeout']);
    expect(w.terminated).toBe(true);
  });

  it('does not time a worker still loading its script (a slow network): the watchdog starts at its first word', () => {
    const { c, seen, restarts } = channel();
    c.send(run(1));
    const w = HandWorker.all[0]!;
    vi.advanceTimersByTime(10_000);
    expect(restarts).toEqual([]);
    w.say({ type: 'ready' });
    vi.advanceTimersByTime(999);
    expect(restarts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(restarts).toEqual(['timeout']);
    // The new worker loads in its own time too, and its answer is the one passed on.
    const fresh = HandWorker.all[1]!;
    vi.advanceTimersByTime(10_000);
    expect(restarts).toEqual(['timeout']);
    fresh.say(result((fresh.received[0] as { id: number }).id, 1));
    expect(seen).toHaveLength(1);
  });

  it('a load that hangs (no word, no error) is given up on after 30 s, and counts as a failed start', () => {
    const { c, seen, restarts } = channel();
    c.send(run(1));
    vi.advanceTimersByTime(29_999);
    expect(restarts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(restarts).toEqual(['timeout']);
    vi.advanceTimersByTime(30_000);
    expect(restarts).toEqual(['timeout', 'timeout']);
    vi.advanceTimersByTime(30_000);
    expect(restarts).toEqual(['timeout', 'timeout']);
    expect(seen).toMatchObject([{ type: 'error', error: { name: 'WorkerFailed' } }]);
    expect(HandWorker.all.map((w) => w.terminated)).toEqual([true, true, true]);
    c.dispose();
  });

  it('after three workers in a row fail before their first word, the newest request fails with a message; the next one tries a new worker', () => {
    const { c, seen, restarts } = channel();
    c.send(run(1));
    HandWorker.all[0]!.die();
    HandWorker.all[1]!.die();
    expect(restarts).toEqual(['crash', 'crash']);
    HandWorker.all[2]!.die();
    expect(restarts).toEqual(['crash', 'crash']);
    expect(HandWorker.all).toHaveLength(3);
    expect(seen).toMatchObject([{ type: 'error', error: { name: 'WorkerFailed' } }]);
    c.send(run(2));
    expect(HandWorker.all).toHaveLength(4);
    const next = HandWorker.all[3]!;
    expect(next.received).toMatchObject([{ revision: 2, text: { kind: 'whole' } }]);
    // A worker that had spoken and then crashes is replaced as before, its count started again.
    next.say({ type: 'ready' });
    next.die();
    HandWorker.all[4]!.die();
    HandWorker.all[5]!.die();
    expect(restarts).toHaveLength(5);
    expect(seen).toHaveLength(1);
    HandWorker.all[6]!.die();
    expect(HandWorker.all).toHaveLength(7);
    expect(seen).toMatchObject([{ type: 'error' }, { type: 'error', error: { name: 'WorkerFailed' } }]);
  });

  it('a watchdog that fires late because the page was busy gives the worker a fresh period, not a false restart', () => {
    const { c, seen, restarts } = channel();
    c.send(run(1));
    const w = HandWorker.all[0]!;
    w.say({ type: 'ready' });
    // A 3 s long task on the page: the clock moves, no timer runs meanwhile.
    vi.setSystemTime(Date.now() + 3000);
    vi.advanceTimersByTime(1000);
    expect(restarts).toEqual([]);
    w.say(result(1, 1));
    expect(seen).toHaveLength(1);
    // A worker silent while the page listens is still replaced.
    c.send(run(2));
    vi.setSystemTime(Date.now() + 3000);
    vi.advanceTimersByTime(1000);
    expect(restarts).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(restarts).toEqual(['timeout']);
  });

  it('replaces a crashed worker and sends it the newest request with its text whole', () => {
    const { c, seen, restarts } = channel();
    const big = 'User-agent: *\n' + 'Disallow: /x\n'.repeat(3000);
    c.send(run(1, big));
    HandWorker.all[0]!.say(result(1, 1));
    c.textChanged([{ from: big.length, to: big.length, insert: 'Allow: /' }], big + 'Allow: /');
    c.send(run(2, big + 'Allow: /'));
    expect((HandWorker.all[0]!.received[1] as { text: { kind: string } }).text.kind).toBe('edit');
    HandWorker.all[0]!.die();
    expect(restarts).toEqual(['crash']);
    const fresh = HandWorker.all[1]!;
    expect(fresh.received).toMatchObject([{ revision: 2, text: { kind: 'whole', text: big + 'Allow: /' } }]);
    fresh.say(result((fresh.received[0] as { id: number }).id, 2));
    expect(seen.map((m) => (m as { revision: number }).revision)).toEqual([1, 2]);
  });

  it('sends the text whole again when the worker answers that it lost track of it', () => {
    const { c, seen } = channel({ order: 'queue' });
    const big = 'User-agent: *\n' + 'Disallow: /x\n'.repeat(3000);
    c.send(run(1, big));
    const w = HandWorker.all[0]!;
    w.say(result(1, 1));
    c.textChanged([{ from: 0, to: 0, insert: '#' }], '#' + big);
    c.send(run(2, '#' + big));
    w.say({ type: 'error', id: 2, error: { name: 'OutOfSync', message: 'lost' } });
    expect(seen).toHaveLength(1);
    expect(w.received.map((r) => (r as { text: { kind: string } }).text.kind)).toEqual(['whole', 'edit', 'whole']);
  });
});

describe('WorkerChannel lanes (product behaviour: verdicts and diagnostics share one worker)', () => {
  const big = 'User-agent: *\n' + 'Disallow: /x\n'.repeat(3000);
  const analyse = (revision: number, text: string) => ({ type: 'analyse' as const, revision, text, tests: [], site: '', status: { kind: 'http' as const, code: 200 } });
  const diagnose = (revision: number, text: string) => ({ type: 'diagnose' as const, revision, text, site: '' });
  const failed = (id: number): WorkerResponse => ({ type: 'error', id, error: { name: 'Error', message: 'x' } });

  it('posts a diagnosis beside the analysis in flight, and passes on each lane’s answers apart', () => {
    const seen: string[] = [];
    const c = new WorkerChannel<AnalyseRequest | DiagnoseRequest>({
      create: () => new HandWorker(), order: { analyse: 'queue', diagnose: 'background' }, timeoutMs: () => 1000,
      onMessage: (m, req) => seen.push(`${m.type} for ${req.type} ${req.revision}`),
    });
    const w = HandWorker.all[0]!;
    c.send(analyse(1, big));
    c.send(diagnose(1, big));
    // The same text again: an empty edit of the copy the worker holds.
    expect(w.received.map((r) => [r.type, r.text.kind])).toEqual([['analyse', 'whole'], ['diagnose', 'edit']]);
    c.textChanged([{ from: 0, to: 0, insert: '#' }], '#' + big);
    c.send(analyse(2, '#' + big));
    expect(w.received).toHaveLength(2);
    w.say(failed(2));
    w.say(failed(1));
    // The analysis answered while a newer one waited is dropped; the newer one goes, as an edit.
    expect(seen).toEqual(['error for diagnose 1']);
    expect(w.received.map((r) => r.type === 'analyse' && r.revision)).toEqual([1, false, 2]);
    expect(w.received[2]!.text).toEqual({ kind: 'edit', baseLength: big.length, from: 0, to: 0, insert: '#' });
    w.say(failed(3));
    expect(seen).toEqual(['error for diagnose 1', 'error for analyse 2']);
  });

  it('watches background work through the other requests only, and does not send it to a replaced worker', () => {
    const restarts: string[] = [];
    const c = new WorkerChannel<AnalyseRequest | DiagnoseRequest>({
      create: () => new HandWorker(), order: { analyse: 'queue', diagnose: 'background' }, timeoutMs: () => 1000,
      onMessage: () => {}, onRestart: (r) => restarts.push(r),
    });
    HandWorker.all[0]!.say({ type: 'ready' });
    c.send(diagnose(1, big));
    vi.advanceTimersByTime(5000);
    expect(restarts).toEqual([]);
    c.send(analyse(1, big));
    vi.advanceTimersByTime(1000);
    expect(restarts).toEqual(['timeout']);
    expect(HandWorker.all[1]!.received.map((r) => [r.type, r.text.kind])).toEqual([['analyse', 'whole']]);
  });
});

describe('withBroadcastReplies (product behaviour: answers on a channel of their own)', () => {
  it('asks the worker to answer on a uniquely named BroadcastChannel and delivers what arrives there', async () => {
    vi.useRealTimers();
    const a = new HandWorker();
    const b = new HandWorker();
    const wa = withBroadcastReplies(a);
    withBroadcastReplies(b);
    const first = a.received[0] as unknown as { type: string; channel: string };
    expect(first.type).toBe('reply-via');
    expect(first.channel).not.toBe((b.received[0] as unknown as { channel: string }).channel);
    const got: (WorkerMessage)[] = [];
    wa.addEventListener('message', (e) => got.push(e.data));
    // The worker's first word comes to the page itself, before it has read which channel to use.
    a.say({ type: 'ready' });
    const fromWorker = new BroadcastChannel(first.channel);
    fromWorker.postMessage(result(7, 3));
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toMatchObject([{ type: 'ready' }, { type: 'bulk-result', id: 7, revision: 3 }]);
    wa.terminate();
    fromWorker.close();
    expect(a.terminated).toBe(true);
  });
});
