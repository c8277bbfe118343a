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
  /** What a worker of the document's requests was sent. */
  const docs = (w: HandWorker) => w.received as Extract<WorkerRequest, { text: unknown }>[];

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
    expect(docs(w).map((r) => [r.type, r.text.kind])).toEqual([['analyse', 'whole'], ['diagnose', 'edit']]);
    c.textChanged([{ from: 0, to: 0, insert: '#' }], '#' + big);
    c.send(analyse(2, '#' + big));
    expect(w.received).toHaveLength(2);
    w.say(failed(2));
    w.say(failed(1));
    // The analysis answered while a newer one waited is dropped; the newer one goes, as an edit.
    expect(seen).toEqual(['error for diagnose 1']);
    expect(w.received.map((r) => r.type === 'analyse' && r.revision)).toEqual([1, false, 2]);
    expect(docs(w)[2]!.text).toEqual({ kind: 'edit', baseLength: big.length, from: 0, to: 0, insert: '#' });
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
    expect(docs(HandWorker.all[1]!).map((r) => [r.type, r.text.kind])).toEqual([['analyse', 'whole']]);
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
    let answered = () => {};
    const answer = new Promise<void>((r) => (answered = r));
    wa.addEventListener('message', (e) => {
      got.push(e.data);
      if (e.data.type === 'bulk-result') answered();
    });
    // The worker's first word comes to the page itself, before it has read which channel to use.
    a.say({ type: 'ready' });
    const fromWorker = new BroadcastChannel(first.channel);
    fromWorker.postMessage(result(7, 3));
    // Until the answer comes, however long that takes (a wait of 50 ms lost its race when the test was held up that long).
    await answer;
    expect(got).toMatchObject([{ type: 'ready' }, { type: 'bulk-result', id: 7, revision: 3 }]);
    wa.terminate();
    fromWorker.close();
    expect(a.terminated).toBe(true);
  });
});

describe('WorkerChannel questions, long runs and events (product behaviour: nothing waits for ever)', () => {
  /** A request of a worker that holds state (no document): its type decides its lane. */
  type Req = { readonly type: 'sources' | 'rows' | 'run'; readonly id: number; readonly what: string };
  const answer = (id: number): WorkerResponse => ({ type: 'readers', id, revision: 0, google: null, answers: [], differ: [] });
  const progress = (id: number): WorkerResponse => ({ type: 'bulk-progress', id, done: 1, total: 2 });

  function stateful(options: { resendRun?: boolean } = {}) {
    const seen: string[] = [];
    const events: unknown[] = [];
    const c = new WorkerChannel<Req>({
      create: () => new HandWorker(),
      order: { sources: { order: 'supersede', watch: 'alive' }, rows: 'ask', run: { order: 'supersede', watch: 'alive', resend: options.resendRun ?? false } },
      timeoutMs: () => 1000,
      onMessage: (m, req) => seen.push(`${m.type}${m.type === 'error' ? ` ${m.error.name}` : ''} for ${req.type} ${req.what}`),
      onEvent: (m) => events.push(m),
      onRestart: (r) => seen.push(`restart ${r}`),
    });
    const w = HandWorker.all[0]!;
    w.say({ type: 'ready' });
    return { c, w, seen, events };
  }
  const sent = (w: HandWorker) => w.received as unknown as { type: string; id: number; what?: string }[];

  it('answers every question by its own promise, in any order, and rejects one the worker failed', async () => {
    const { c, w } = stateful();
    const a = c.ask({ type: 'rows', what: 'a' });
    const b = c.ask({ type: 'rows', what: 'b' });
    const [ia, ib] = sent(w).map((r) => r.id);
    w.say(answer(ib!));
    w.say({ type: 'error', id: ia!, error: { name: 'RangeError', message: 'no such page' } });
    await expect(b).resolves.toMatchObject({ id: ib });
    await expect(a).rejects.toMatchObject({ name: 'RangeError', message: 'no such page' });
  });

  it('sends a request without text as it is (no document payload)', () => {
    const { c, w } = stateful();
    c.send({ type: 'sources', what: 'x' });
    expect(w.received).toEqual([{ type: 'sources', id: 1, what: 'x' }]);
  });

  it('hands what the worker says unasked (no id) to onEvent, apart from the answers', () => {
    const { w, events, seen } = stateful();
    w.say({ type: 'site-state', busy: true } as unknown as WorkerMessage);
    expect(events).toEqual([{ type: 'site-state', busy: true }]);
    expect(seen).toEqual([]);
  });

  it('pings a long run past its deadline instead of replacing the worker; a pong or any word keeps it', () => {
    const { c, w, seen } = stateful();
    c.send({ type: 'sources', what: 'x' });
    vi.advanceTimersByTime(1000);
    expect(sent(w).map((r) => r.type)).toEqual(['sources', 'ping']);
    expect(seen).toEqual([]);
    w.say({ type: 'pong' });
    vi.advanceTimersByTime(1000);
    expect(sent(w).map((r) => r.type)).toEqual(['sources', 'ping', 'ping']);
    w.say({ type: 'site-state' } as unknown as WorkerMessage);
    vi.advanceTimersByTime(999);
    expect(seen).toEqual([]);
  });

  it('replaces a worker that does not answer the ping, sends the newest long run that goes again, fails the rest', async () => {
    const { c, w, seen } = stateful();
    c.send({ type: 'sources', what: 'v1' });
    c.send({ type: 'sources', what: 'v2' });
    c.send({ type: 'run', what: 'log' });
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([]);
    expect(sent(w).filter((r) => r.type === 'ping')).toHaveLength(2);
    const question = c.ask({ type: 'rows', what: 'page' });
    vi.advanceTimersByTime(1000);
    expect(w.terminated).toBe(true);
    await expect(question).rejects.toMatchObject({ name: 'WorkerRestarted' });
    expect(seen).toEqual(['restart timeout', 'error WorkerRestarted for run log']);
    expect(sent(HandWorker.all[1]!)).toMatchObject([{ type: 'sources', what: 'v2' }]);
  });

  it('a crash fails the questions and the runs not sent again at once: the page is told, nothing waits', async () => {
    const { c, w, seen } = stateful({ resendRun: false });
    c.send({ type: 'run', what: 'log' });
    const question = c.ask({ type: 'rows', what: 'page' });
    w.die();
    await expect(question).rejects.toMatchObject({ name: 'WorkerRestarted', message: 'The worker crashed and was restarted.' });
    expect(seen).toEqual(['restart crash', 'error WorkerRestarted for run log']);
    expect(HandWorker.all[1]!.received).toEqual([]);
  });

  it('cancels a run: the worker is told, its answers are dropped, a question cancelled fails', async () => {
    const { c, w, seen } = stateful();
    c.send({ type: 'run', what: 'log' });
    const question = c.ask({ type: 'rows', what: 'page' });
    c.cancel('run');
    c.cancel('rows');
    expect(sent(w).slice(2)).toEqual([{ type: 'cancel', id: 1 }, { type: 'cancel', id: 2 }]);
    await expect(question).rejects.toMatchObject({ name: 'Cancelled' });
    w.say(progress(1));
    w.say(answer(1));
    expect(seen).toEqual([]);
    // Nothing left in flight: no watchdog fires.
    vi.advanceTimersByTime(10_000);
    expect(w.terminated).toBe(false);
  });

  /** A worker that keeps its sources and its spec (the Site tab's): both lanes give it state. */
  function keeping() {
    const seen: string[] = [];
    const c = new WorkerChannel<Req>({
      create: () => new HandWorker(),
      order: { sources: { order: 'supersede', watch: 'alive', keeps: true }, run: { order: 'supersede', keeps: true }, rows: 'ask' },
      timeoutMs: () => 1000,
      onMessage: (m, req) => seen.push(`${m.type}${m.type === 'error' ? ` ${m.error.name}` : ''} for ${req.type} ${req.what}`),
      onRestart: (r) => seen.push(`restart ${r}`),
    });
    HandWorker.all[0]!.say({ type: 'ready' });
    return { c, seen };
  }

  it('sends what a worker keeps to its replacement even once answered: the newest request of each such lane, in the order sent', () => {
    const { c, seen } = keeping();
    const w = HandWorker.all[0]!;
    c.send({ type: 'run', what: 'spec' });
    c.send({ type: 'sources', what: 'v1' });
    c.send({ type: 'sources', what: 'v2' });
    for (const r of sent(w)) w.say(answer(r.id));
    // Nothing in flight: nothing is watched.
    vi.advanceTimersByTime(10_000);
    expect(sent(w).map((r) => r.type)).toEqual(['run', 'sources', 'sources']);
    w.die();
    expect(sent(HandWorker.all[1]!)).toMatchObject([{ type: 'run', what: 'spec' }, { type: 'sources', what: 'v2' }]);
    expect(seen).toEqual(['readers for run spec', 'readers for sources v2', 'restart crash']);
    // Cancelled, a lane keeps nothing: its request does not go to the next worker.
    c.cancel('run');
    HandWorker.all[1]!.die();
    expect(sent(HandWorker.all[2]!)).toMatchObject([{ type: 'sources', what: 'v2' }]);
  });

  it('when no worker could start, what it keeps fails; the next request starts one that gets it all again', () => {
    const { c, seen } = keeping();
    c.send({ type: 'run', what: 'spec' });
    c.send({ type: 'sources', what: 'v1' });
    for (const r of sent(HandWorker.all[0]!)) HandWorker.all[0]!.say(answer(r.id));
    HandWorker.all[0]!.die();
    for (const k of [1, 2, 3]) HandWorker.all[k]!.die();
    expect(seen.slice(-2)).toEqual(['error WorkerFailed for run spec', 'error WorkerFailed for sources v1']);
    expect(HandWorker.all).toHaveLength(4);
    c.send({ type: 'sources', what: 'v2' });
    expect(sent(HandWorker.all[4]!)).toMatchObject([{ type: 'run', what: 'spec' }, { type: 'sources', what: 'v2' }]);
  });

  it('tells a question of its progress and rejects the questions waiting when disposed', async () => {
    const { c, w } = stateful();
    const reports: number[] = [];
    const question = c.ask({ type: 'rows', what: 'csv' }, (m) => reports.push(m.id));
    w.say(progress(1));
    expect(reports).toEqual([1]);
    c.dispose();
    await expect(question).rejects.toMatchObject({ name: 'WorkerStopped' });
    await expect(c.ask({ type: 'rows', what: 'late' })).rejects.toMatchObject({ name: 'WorkerStopped' });
  });
});
