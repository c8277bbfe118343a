import { describe, expect, it, vi } from 'vitest';
import { Analyser } from './analyse.js';
import { ReadersWorkerClient, RobotsWorkerClient, type WorkerLike } from './client.js';
import type { AnalysisResult, WorkerRequest, WorkerMessage, WorkerResponse } from './protocol.js';
import { TextMirror } from './text-sync.js';

/** A fake worker answering by hand: the test decides when (and whether) each request is answered. */
class FakeWorker implements WorkerLike {
  static all: FakeWorker[] = [];
  received: WorkerRequest[] = [];
  terminated = false;
  private listeners: ((e: MessageEvent<WorkerMessage>) => void)[] = [];
  readonly analyser = new Analyser();
  /** Every answer sent, as sent. */
  readonly sent: WorkerResponse[] = [];
  readonly mirror = new TextMirror();
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(message: WorkerRequest): void {
    this.received.push(message);
  }
  addEventListener(type: string, listener: (e: never) => void): void {
    if (type === 'message') this.listeners.push(listener as (e: MessageEvent<WorkerMessage>) => void);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(i = this.received.length - 1): void {
    const req = this.received[i]!;
    if (req.type !== 'analyse') return;
    let data: WorkerResponse;
    try {
      const { text, edit } = this.mirror.apply(req.text);
      data = this.analyser.answer({ ...req, text }, edit, req.text.kind === 'whole');
    } catch (e) {
      data = { type: 'error', id: req.id, error: { name: (e as Error).name, message: (e as Error).message } };
    }
    this.say(data);
  }
  say(data: WorkerMessage): void {
    if (data.type !== 'ready' && data.type !== 'pong' && 'id' in data) this.sent.push(data);
    for (const l of this.listeners) l({ data } as MessageEvent<WorkerMessage>);
  }
}

const tests = [{ url: '/x', crawler: { kind: 'text', value: 'Googlebot' } as const }];

function setup() {
  FakeWorker.all = [];
  const results: AnalysisResult[] = [];
  const restarts: string[] = [];
  const client = new RobotsWorkerClient(() => new FakeWorker(), {
    onResult: (r) => results.push(r),
    onRestart: (why) => restarts.push(why),
    onError: () => {},
  }, 2000);
  return { client, results, restarts };
}

describe('worker client: latest request wins', () => {
  it('keeps one request in flight and sends only the newest waiting one', () => {
    const { client, results } = setup();
    const w = FakeWorker.all[0]!;
    client.analyse(1, 'User-agent: *\nDisallow: /x', tests);
    client.analyse(2, 'User-agent: *\nDisallow: /y', tests);
    client.analyse(3, 'User-agent: *\nDisallow: /x\nAllow: /x', tests);
    expect(w.received.map((r) => (r.type === 'analyse' ? r.revision : -1))).toEqual([1]);
    w.answer();
    // The answer for revision 1 is stale: dropped, and revision 3 goes out (2 never does).
    expect(results).toEqual([]);
    expect(w.received.map((r) => (r.type === 'analyse' ? r.revision : -1))).toEqual([1, 3]);
    w.answer();
    expect(results.map((r) => [r.revision, r.verdicts[0]!.allowed, r.verdicts[0]!.line])).toEqual([[3, true, 3]]);
  });
});

describe('worker client: the document travels as edits', () => {
  const big = 'User-agent: *\n' + Array.from({ length: 2000 }, (_, i) => `Disallow: /p${i}/`).join('\n');
  it('sends a large document whole once, then only what the editor changed', () => {
    const { client, results } = setup();
    const w = FakeWorker.all[0]!;
    client.analyse(1, big, tests);
    w.answer();
    const edited = big.replace('/p1000/', '/p1000x/');
    const at = big.indexOf('/p1000/') + 6;
    client.textChanged([{ from: at, to: at, insert: 'x' }], edited);
    client.analyse(2, edited, tests);
    expect(w.received[1]!.type === 'analyse' && w.received[1]!.text).toEqual({ kind: 'edit', baseLength: big.length, from: big.indexOf('/p1000/') + 6, to: big.indexOf('/p1000/') + 6, insert: 'x' });
    w.answer();
    expect(results.map((r) => r.revision)).toEqual([1, 2]);
    expect(results[1]!.summary.byteSize).toBe(edited.length);
  });
  it('sends the whole text again to a restarted worker, and when the worker lost track of it', () => {
    vi.useFakeTimers();
    try {
      const { client, results, restarts } = setup();
      client.analyse(1, big, tests);
      FakeWorker.all[0]!.answer();
      client.textChanged([{ from: big.length, to: big.length, insert: '\nAllow: /' }], big + '\nAllow: /');
      client.analyse(2, big + '\nAllow: /', tests);
      vi.advanceTimersByTime(2000);
      expect(restarts).toEqual(['timeout']);
      const fresh = FakeWorker.all[1]!;
      expect(fresh.received[0]!.type === 'analyse' && fresh.received[0]!.text.kind).toBe('whole');
      fresh.answer();
      // A worker that does not hold the base text answers OutOfSync: the client resends whole.
      client.textChanged([{ from: big.length, to: big.length + '\nAllow: /'.length, insert: '' }], big);
      client.analyse(3, big, tests);
      (fresh.mirror as unknown as { text: string | null }).text = null;
      fresh.answer();
      expect(fresh.received.map((r) => r.type === 'analyse' && r.text.kind)).toEqual(['whole', 'edit', 'whole']);
      fresh.answer();
      expect(results.map((r) => r.revision)).toEqual([1, 2, 3]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('worker client: an answer carries what changed in the line table', () => {
  const sitemaps = Array.from({ length: 50 }, (_, i) => `Sitemap: https://s.test/${i}.xml`).join('\n');
  const big = 'User-agent: *\n' + Array.from({ length: 2000 }, (_, i) => `Disallow: /p${i}/`).join('\n') + '\n' + sitemaps;
  /** The line table as plain arrays, to compare. */
  const plain = (r: AnalysisResult) => Object.fromEntries(Object.entries(r.lines).map(([k, v]) => [k, Array.from(v as ArrayLike<number>)]));
  const whole = (text: string) => new Analyser().analyse({ type: 'analyse', id: 0, revision: 0, text, tests, site: '', status: { kind: 'http', code: 200 } });
  /** A client whose worker answered the analysis of `big`, whole. */
  const answeredBig = () => {
    const { client, results } = setup();
    const w = FakeWorker.all[0]!;
    client.analyse(1, big, tests);
    w.answer();
    return { client, results, w };
  };
  /** Types `insert` at `at` and asks for the analysis of `revision`. */
  const type = (client: RobotsWorkerClient, text: string, at: number, insert: string, revision: number): string => {
    const next = text.slice(0, at) + insert + text.slice(at);
    client.textChanged([{ from: at, to: at, insert }], next);
    client.analyse(revision, next, tests);
    return next;
  };

  it('a keystroke inside a line travels as that line\'s row, without the sitemaps, and arrives as the whole table', () => {
    const { client, results, w } = answeredBig();
    const edited = type(client, big, big.indexOf('/p1000/') + 6, 'x', 2);
    w.answer();
    const sent = w.sent[1]!;
    expect(sent.type === 'analysis' && sent.base !== null && [sent.base, sent.lines.first, sent.lines.rows.kind.length, sent.sitemaps]).toEqual([w.sent[0]!.id, 1001, 1, null]);
    expect(results.map((r) => r.revision)).toEqual([1, 2]);
    expect(plain(results[1]!)).toEqual(plain(whole(edited)));
    expect(results[1]!.sitemaps).toEqual(whole(edited).sitemaps);
    expect(results[1]!.sitemaps).toHaveLength(50);
  });

  it('builds on answers the client dropped as stale, and sends whole what changes the lines\' shape', () => {
    const { client, results, w } = answeredBig();
    let text = type(client, big, big.indexOf('/p5/') + 3, 'a', 2);
    text = type(client, text, text.indexOf('/p7/') + 3, 'b', 3);
    // Revision 2's answer is stale (3 waits): dropped, yet 3's is built on it.
    w.answer();
    w.answer();
    expect(w.sent.map((m) => m.type === 'analysis' && m.base)).toEqual([null, w.sent[0]!.id, w.sent[1]!.id]);
    expect(results.map((r) => r.revision)).toEqual([1, 3]);
    expect(plain(results[1]!)).toEqual(plain(whole(text)));
    // A new line: every row after it moves.
    text = type(client, text, text.indexOf('/p9/') + 4, '\nAllow: /q', 4);
    w.answer();
    expect(w.sent[3]!.type === 'analysis' && w.sent[3]!.base).toBe(null);
    expect(plain(results[2]!)).toEqual(plain(whole(text)));
  });

  it('asks again whole when an answer builds on one it does not hold', () => {
    const { client, results, w } = answeredBig();
    const text = type(client, big, big.indexOf('/p5/') + 3, 'a', 2);
    const answer = w.analyser.answer({ type: 'analyse', id: w.received[1]!.id, revision: 2, text, tests, site: '', status: { kind: 'http', code: 200 } }, null, false);
    // An answer on a base the client never had (the worker's state went wrong).
    w.say({ ...answer, base: 12345 } as WorkerResponse);
    expect(w.received.map((r) => r.type === 'analyse' && r.text.kind)).toEqual(['whole', 'edit', 'whole']);
    w.answer();
    expect(w.sent[w.sent.length - 1]!.type === 'analysis' && (w.sent[w.sent.length - 1] as { base: number | null }).base).toBe(null);
    expect(results.map((r) => r.revision)).toEqual([1, 2]);
    expect(plain(results[1]!)).toEqual(plain(whole(text)));
  });
});

describe('readers worker client: an edit stops the readings of the old text', () => {
  it('tells the worker to stop the chips and the findings under way once the text changes: their answers would be dropped, and a paste\'s readings would go on under the keystrokes after it', () => {
    FakeWorker.all = [];
    const client = new ReadersWorkerClient(() => new FakeWorker(), () => {});
    const text = 'User-agent: *\nDisallow: /a\n';
    client.textChanged(null, text);
    client.check(1, text, tests[0]!, ['google', 'bing']);
    client.findings(1, text);
    const worker = FakeWorker.all[0]!;
    worker.say({ type: 'ready' });
    const asked = worker.received.filter((r) => r.type === 'readers' || r.type === 'reader-findings').map((r) => r.id);
    expect(asked).toHaveLength(2);
    client.textChanged([{ from: text.length, to: text.length, insert: 'Allow: /b\n' }], text + 'Allow: /b\n');
    const cancelled = (worker.received as readonly { type: string; id?: number }[]).filter((m) => m.type === 'cancel').map((m) => m.id);
    expect(cancelled.sort()).toEqual([...asked].sort());
    // Nothing is in flight any more: an edit with nothing under way stops nothing.
    client.textChanged([{ from: 0, to: 0, insert: '#' }], '#' + text + 'Allow: /b\n');
    expect(worker.received.filter((m) => (m as { type: string }).type === 'cancel')).toHaveLength(2);
    client.dispose();
  });
});

describe('worker client: watchdog', () => {
  it('restarts a worker that does not answer within 2 s and re-sends the newest request', () => {
    vi.useFakeTimers();
    try {
      const { client, results, restarts } = setup();
      client.analyse(1, 'User-agent: *\nDisallow: /', tests);
      client.analyse(2, 'User-agent: *\nDisallow: /x', tests);
      FakeWorker.all[0]!.say({ type: 'ready' });
      vi.advanceTimersByTime(1999);
      expect(restarts).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(restarts).toEqual(['timeout']);
      expect(FakeWorker.all[0]!.terminated).toBe(true);
      const fresh = FakeWorker.all[1]!;
      expect(fresh.received).toMatchObject([{ type: 'analyse', revision: 2 }]);
      fresh.answer();
      expect(results.map((r) => r.revision)).toEqual([2]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Analyser', () => {
  it('packs per-line data with offsets relative to each line', () => {
    const r = new Analyser().analyse({ type: 'analyse', id: 1, revision: 1, text: 'User-agent: *\n  Disallow: /x', tests, site: '', status: { kind: 'http', code: 200 } });
    expect(Array.from(r.lines.keyFrom)).toEqual([0, 2]);
    expect(Array.from(r.lines.valueFrom)).toEqual([12, 12]);
    expect(r.verdicts[0]).toMatchObject({ allowed: false, line: 2, testedPath: '/x', token: 'Googlebot' });
    expect(r.groups).toMatchObject([{ index: 0, firstLine: 1, lastLine: 2, ruleCount: 1 }]);
  });
  it('applies a profile with fallback tokens when free text names it', () => {
    const r = new Analyser().analyse({
      type: 'analyse', id: 1, revision: 1, text: 'User-agent: GoogleOther\nDisallow: /x',
      tests: [{ url: '/x', crawler: { kind: 'text', value: 'GoogleOther-Image' } }], site: '', status: { kind: 'http', code: 200 },
    });
    expect(r.verdicts[0]).toMatchObject({ allowed: false, line: 2, tokens: ['GoogleOther-Image', 'GoogleOther'], profileId: 'googleother-image' });
  });
});
