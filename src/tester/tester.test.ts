import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { diagnostic, type Diagnostic } from '../robots/index.js';
import { makeCase } from '../share/index.js';
import { draftPolicy, EMPTY_DRAFT, initialState, selectTest, setDoc, setSite, setUrl, addTest, setBulkUrls } from '../store/index.js';
import { Analyser, answerPolicy, TextMirror, type ControlMessage, type WorkerLike, type WorkerMessage, type WorkerRequest, type WorkerResponse } from '../worker/index.js';
import { Answers } from './answers.js';
import { BULK_AFTER_EDIT_MS, createTester, PAUSE_MS, READER_FINDINGS_WAIT_MS, type EditorAdapter, type Tester } from './tester.js';

type Kind = 'analysis' | 'bulk' | 'readers' | 'policy';

/**
 * A worker driven by hand: it keeps the text its requests bring (as the real workers do) and
 * answers only when the test says. `mismatches` collects every request whose text, once its
 * payload was applied, was not the document as the tester held it when sending.
 */
class FakeWorker implements WorkerLike {
  readonly received: Extract<WorkerRequest, { text: unknown }>[] = [];
  /** The text each request left the worker holding. */
  readonly texts: string[] = [];
  terminated = false;
  private readonly mirror = new TextMirror();
  private readonly listeners: { message: ((e: MessageEvent<WorkerMessage>) => void)[]; error: ((e: Event) => void)[] } = { message: [], error: [] };

  constructor(private readonly docNow: () => string, private readonly mismatches: string[]) {}

  postMessage(message: WorkerRequest | ControlMessage): void {
    if (message.type === 'reply-via' || message.type === 'ping' || message.type === 'cancel' || !('text' in message)) return;
    this.received.push(message);
    const text = this.mirror.apply(message.text).text;
    this.texts.push(text);
    if (text !== this.docNow()) this.mismatches.push(`${message.type} ${message.id}`);
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
  /** The newest request of `type`, and the text it left the worker holding. */
  last<T extends WorkerRequest['type']>(type: T): { req: Extract<WorkerRequest, { type: T }>; text: string } {
    for (let i = this.received.length - 1; i >= 0; i--) {
      if (this.received[i]!.type === type) return { req: this.received[i] as Extract<WorkerRequest, { type: T }>, text: this.texts[i]! };
    }
    throw new Error(`no ${type} request`);
  }
  /** Answers the newest request of `type` as the real worker would (diagnostics and the readers' findings: `found`). */
  answer(type: WorkerRequest['type'], found: readonly Diagnostic[] = [bom]): void {
    const { req, text } = this.last(type);
    // A fresh analyser answers whole, as a worker does for an answer it has nothing to build on.
    if (req.type === 'analyse') this.say(new Analyser().answer({ ...req, text }, null, true));
    else if (req.type === 'diagnose') this.say({ type: 'diagnostics', id: req.id, revision: req.revision, diagnostics: found });
    else if (req.type === 'readers') this.say({ type: 'readers', id: req.id, revision: req.revision, google: null, answers: [], differ: [] });
    else if (req.type === 'reader-findings') this.say({ type: 'reader-findings', id: req.id, revision: req.revision, diagnostics: found });
    else if (req.type === 'policy') this.say(answerPolicy(req, text));
    else if (req.type === 'bulk') this.say(bulkResult(req.id, req.revision));
  }
}

const bom = diagnostic(1, 0, 0, 'bom', {});
/** A finding of the readers' (their worker's), on line 1 after the BOM's place. */
const reached = diagnostic(1, 12, 13, 'substring-agent', { readers: 'Python ≤3.12', crawlers: 'Googlebot-Image', token: 'Googlebot' });
const bulkResult = (id: number, revision: number): WorkerResponse => ({
  type: 'bulk-result', id, revision, urlCount: 0, crawlerCount: 0, verdict: new Uint8Array(), line: new Int32Array(), compareVerdict: new Uint8Array(),
  compareLine: new Int32Array(), crawlerLabels: [], crawlers: [], crawlerGroups: [], readers: [], disagree: new Uint8Array(), lineTexts: {}, compareLineTexts: {}, ms: 0,
});
const googlebot = { kind: 'text', value: 'Googlebot' } as const;
/** A file of about `bytes` characters: big enough (over 16 KB) for edits to travel as edits. */
const robots = (bytes = 20_000) => 'User-agent: *\n' + Array.from({ length: Math.ceil(bytes / 16) }, (_, i) => `Disallow: /p${i}/`).join('\n');

/** A tester over fake workers, and what it started. */
function start(text = 'User-agent: *\nDisallow: /x', bulkUrls = '') {
  const workers: Record<Kind, FakeWorker[]> = { analysis: [], bulk: [], readers: [], policy: [] };
  const mismatches: string[] = [];
  // The document as the tester holds it (the opening text until the tester exists).
  let docNow = () => text;
  const spawn = (kind: Kind) => () => {
    const w = new FakeWorker(() => docNow(), mismatches);
    workers[kind].push(w);
    return w;
  };
  const tester: Tester = createTester({ ...makeCase(text, [{ url: '/x', crawler: googlebot }]), bulkUrls }, 'draft', {
    analysis: spawn('analysis'), bulk: spawn('bulk'), readers: spawn('readers'), policy: spawn('policy'),
  });
  docNow = () => tester.tester.store.getState().doc;
  const state = () => tester.tester.store.getState();
  const analysis = () => workers.analysis[workers.analysis.length - 1]!;
  /** Types `insert` at `at`, as the editor reports a keystroke. */
  const type = (at: number, insert: string) => tester.tester.editDoc([{ from: at, to: at, insert }]);
  return { t: tester, workers, mismatches, state, analysis, type };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Answers: the one rule for stale answers', () => {
  const twoTests = () => addTest(setUrl(initialState(makeCase('User-agent: *\nDisallow: /x', [{ url: '/x', crawler: googlebot }])), '/y'));

  it('an answer is current only for the newest request of its kind, while the state is what it was asked in', () => {
    const answers = new Answers();
    const s0 = twoTests();
    expect(answers.current('analysis', s0.revision, s0)).toBe(false);
    answers.ask('analysis', s0.revision, s0);
    expect(answers.current('analysis', s0.revision, s0)).toBe(true);
    // An older revision's answer, or one after the document changed.
    expect(answers.current('analysis', s0.revision - 1, s0)).toBe(false);
    expect(answers.current('analysis', s0.revision, setDoc(s0, 'User-agent: *'))).toBe(false);
  });

  it('the readers answer for the active test: another active test makes it stale', () => {
    const answers = new Answers();
    const s0 = twoTests();
    answers.ask('readers', s0.revision, s0);
    const s1 = selectTest(s0, 0);
    expect(s1.revision).toBe(s0.revision);
    expect(answers.current('readers', s0.revision, s1)).toBe(false);
    expect(answers.current('readers', s0.revision, s0)).toBe(true);
  });

  it('diagnostics depend on the text and the site only; the AI access answer on the text', () => {
    const answers = new Answers();
    const s0 = twoTests();
    answers.ask('diagnostics', s0.docRevision, s0);
    answers.ask('policy', s0.docRevision, s0);
    expect(answers.current('diagnostics', s0.docRevision, setUrl(s0, '/z'))).toBe(true);
    expect(answers.current('diagnostics', s0.docRevision, setSite(s0, 'https://example.com'))).toBe(false);
    expect(answers.current('diagnostics', s0.docRevision, setDoc(s0, 'User-agent: *'))).toBe(false);
    expect(answers.current('policy', s0.docRevision, setUrl(s0, '/z'))).toBe(true);
    expect(answers.current('policy', s0.docRevision, setDoc(s0, 'User-agent: *'))).toBe(false);
  });

  it('a bulk answer is stale once the list changed', () => {
    const answers = new Answers();
    const s0 = setBulkUrls(twoTests(), '/a');
    answers.ask('bulk', s0.bulkRevision, s0);
    expect(answers.current('bulk', s0.bulkRevision, setBulkUrls(s0, '/b'))).toBe(false);
    expect(answers.current('bulk', s0.bulkRevision, s0)).toBe(true);
  });
});

describe('createTester: answers in, stale ones dropped (fake workers)', () => {
  it('shows the analysis of the current revision, dropping one for an older revision', () => {
    const { t, state, analysis, type } = start();
    const w = analysis();
    type(14, '#');
    type(15, '#');
    // One analysis in flight, the newest waiting: the answer for revision 1 is dropped.
    expect(w.received.filter((r) => r.type === 'analyse').map((r) => (r as { revision: number }).revision)).toEqual([1]);
    w.answer('analyse');
    expect(state().result).toBeNull();
    w.answer('analyse');
    expect(state().result?.revision).toBe(state().revision);
    t.dispose();
  });

  it('diagnoses once typing pauses, from the text as it is then: the analysis worker all but the readers’ findings, the readers worker those; shown merged once both are in; an answer for an older text is dropped', () => {
    const { t, state, workers, analysis, type } = start();
    const shown: (readonly Diagnostic[])[] = [];
    t.attachEditor({ show: (_a, d) => d && shown.push(d), reveal() {}, fix: () => 0, edit: () => false } satisfies EditorAdapter);
    analysis().answer('analyse');
    vi.advanceTimersByTime(PAUSE_MS.diagnostics - 1);
    expect(analysis().received.map((r) => r.type)).toEqual(['analyse']);
    vi.advanceTimersByTime(1);
    expect(analysis().received.map((r) => r.type)).toEqual(['analyse', 'diagnose']);
    // Each part has one worker, which parses the text for its own work anyway.
    const askedOf = (type: WorkerRequest['type']) => Object.entries(workers).filter(([, ws]) => ws.some((w) => w.received.some((r) => r.type === type))).map(([kind]) => kind);
    expect([askedOf('diagnose'), askedOf('reader-findings'), workers.analysis.length, workers.readers.length]).toEqual([['analysis'], ['readers'], 1, 1]);
    const readers = workers.readers[0]!;
    type(14, '#');
    analysis().answer('diagnose');
    readers.answer('reader-findings', [reached]);
    expect(state().diagnostics).toBeNull();
    analysis().answer('analyse');
    vi.advanceTimersByTime(PAUSE_MS.diagnostics);
    expect(analysis().last('diagnose').req.revision).toBe(state().docRevision);
    expect(readers.last('reader-findings').req.revision).toBe(state().docRevision);
    analysis().answer('diagnose');
    // One part alone is not shown: the findings would change under the reader's eyes when the other came.
    expect(state().diagnostics).toBeNull();
    readers.answer('reader-findings', [reached]);
    expect(state().diagnostics).toEqual([bom, reached]);
    expect(shown).toEqual([[bom, reached]]);
    // A diagnosis either worker left unfinished (the text changed under it) changes nothing.
    analysis().say({ type: 'diagnostics', id: analysis().last('diagnose').req.id, revision: state().docRevision, diagnostics: null });
    readers.say({ type: 'reader-findings', id: readers.last('reader-findings').req.id, revision: state().docRevision, diagnostics: null });
    expect(state().diagnostics).toEqual([bom, reached]);
    t.dispose();
  });

  it('a keystroke’s verdict never waits behind the readers’ findings: they are not the analysis worker’s work, and a verdict is shown while they are under way', () => {
    const { t, state, workers, analysis, type } = start(robots());
    analysis().answer('analyse');
    vi.advanceTimersByTime(PAUSE_MS.diagnostics + 1500);
    const readers = workers.readers[0]!;
    const asked = readers.last('reader-findings').req;
    expect(asked.revision).toBe(state().docRevision);
    analysis().answer('diagnose');
    // A keystroke while the readers work: the analysis worker's verdict for it is taken at once.
    type(20, 'x');
    analysis().answer('analyse');
    expect(state().result?.revision).toBe(state().revision);
    expect(workers.analysis.flatMap((w) => w.received.map((r) => r.type))).toEqual(['analyse', 'diagnose', 'analyse']);
    // The readers' findings for the text before the keystroke are dropped when they come.
    readers.say({ type: 'reader-findings', id: asked.id, revision: asked.revision, diagnostics: [reached] });
    expect(state().diagnostics).toBeNull();
    // A reading that failed adds nothing: the analysis worker's findings are shown alone.
    vi.advanceTimersByTime(PAUSE_MS.diagnostics + 1500);
    analysis().answer('diagnose');
    readers.say({ type: 'error', id: readers.last('reader-findings').req.id, error: { name: 'Error', message: 'boom' } });
    expect(state().diagnostics).toEqual([bom]);
    t.dispose();
  });

  it('a text whose readers’ findings crash their worker is not handed to the new worker again: the analysis worker’s findings are shown alone', () => {
    const { t, state, workers, analysis } = start(robots());
    analysis().answer('analyse');
    vi.advanceTimersByTime(PAUSE_MS.diagnostics + 1500);
    analysis().answer('diagnose');
    workers.readers[0]!.last('reader-findings');
    workers.readers[0]!.die();
    expect(state().diagnostics).toEqual([bom]);
    const again = workers.readers.slice(1).flatMap((w) => w.received.map((r) => r.type));
    expect(again).not.toContain('reader-findings');
    t.dispose();
  });

  it('a readers worker that does not answer holds the other findings back only a while: they are shown alone, and the readers’ part added when it comes', () => {
    const { t, state, workers, analysis } = start(robots());
    analysis().answer('analyse');
    vi.advanceTimersByTime(PAUSE_MS.diagnostics + 1500);
    const readers = workers.readers[0]!;
    const asked = readers.last('reader-findings').req;
    analysis().answer('diagnose');
    vi.advanceTimersByTime(READER_FINDINGS_WAIT_MS - 1);
    expect(state().diagnostics).toBeNull();
    vi.advanceTimersByTime(1);
    expect(state().diagnostics).toEqual([bom]);
    readers.say({ type: 'reader-findings', id: asked.id, revision: asked.revision, diagnostics: [reached] });
    expect(state().diagnostics).toEqual([bom, reached]);
    t.dispose();
  });

  it('starts the readers’ worker only once the first verdict is shown: the first verdict has the cores to itself', () => {
    const { t, workers, analysis } = start();
    vi.advanceTimersByTime(5000);
    expect(workers.readers).toHaveLength(0);
    analysis().answer('analyse');
    expect(workers.readers).toHaveLength(0);
    vi.advanceTimersByTime(PAUSE_MS.readers);
    expect(workers.readers[0]!.received).toMatchObject([{ type: 'readers', revision: 1 }]);
    t.dispose();
  });

  it('drops the readers answer for another active test, and one for a text typed over', () => {
    const { t, state, workers, analysis, type } = start();
    analysis().answer('analyse');
    vi.advanceTimersByTime(PAUSE_MS.readers);
    const readers = workers.readers[0]!;
    expect(readers.received).toMatchObject([{ type: 'readers', revision: 1, test: { url: '/x' } }]);
    t.tester.addTest();
    readers.answer('readers');
    expect(state().readers).toBeNull();
    vi.advanceTimersByTime(PAUSE_MS.readers);
    expect(readers.last('readers').req).toMatchObject({ revision: state().revision, test: { url: '' } });
    type(14, '#');
    readers.answer('readers');
    expect(state().readers).toBeNull();
    vi.advanceTimersByTime(PAUSE_MS.readers);
    readers.answer('readers');
    expect(state().readers).toMatchObject({ active: 1, result: { revision: state().revision } });
    t.dispose();
  });

  it('a worker restarted before its first answer: no notice (nothing shown was lost), and the answer comes from the new worker', () => {
    const { t, state, analysis } = start();
    const first = analysis();
    first.die();
    expect(state().notice).toBeNull();
    const fresh = analysis();
    expect(fresh).not.toBe(first);
    fresh.answer('analyse');
    expect(state().result?.revision).toBe(state().revision);
    t.dispose();
  });

  it('after a worker restart, takes the new worker’s answers only; the new worker gets the text whole', () => {
    const big = robots();
    const { t, state, workers, analysis, type, mismatches } = start(big);
    const first = analysis();
    first.answer('analyse');
    vi.advanceTimersByTime(PAUSE_MS.diagnostics + 1500);
    type(20, 'x');
    expect(first.last('analyse').req.text.kind).toBe('edit');
    first.die();
    expect(state().notice).toMatchObject({ kind: 'warning', message: { id: 'notice.engine-restarted', args: { reason: 'crash' } } });
    const fresh = analysis();
    expect(fresh).not.toBe(first);
    // The newest analysis again, whole; not the diagnosis (background work: the next text's comes after a pause).
    expect(fresh.received.map((r) => [r.type, r.text.kind])).toEqual([['analyse', 'whole']]);
    first.answer('analyse');
    expect(state().result).toBeNull();
    fresh.answer('analyse');
    expect(state().result?.revision).toBe(state().revision);
    // The text's diagnosis follows a pause, on the new worker (asked again after the restart).
    vi.advanceTimersByTime(PAUSE_MS.diagnostics + 1500);
    expect(fresh.received.filter((r) => r.type === 'diagnose')).toHaveLength(1);
    fresh.answer('diagnose');
    workers.readers[0]!.answer('reader-findings', []);
    expect(state().diagnostics).toEqual([bom]);
    expect(mismatches).toEqual([]);
    expect(workers.analysis).toHaveLength(2);
    t.dispose();
  });
});

describe('createTester: every edit reaches every started worker (fake workers)', () => {
  it('once each, before the request it belongs to; a worker started later gets the whole text first', () => {
    const big = robots();
    const { t, state, workers, analysis, type, mismatches } = start(big, '/p1/\n/q');
    analysis().answer('analyse');
    // The verdict is in: the bulk list runs; the readers and diagnostics after a pause.
    expect(workers.bulk).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    t.composePolicy(draftPolicy(EMPTY_DRAFT), ['/p1/']);
    vi.advanceTimersByTime(2000);
    expect(workers.readers).toHaveLength(1);
    expect(workers.policy).toHaveLength(1);
    for (let i = 0; i < 12; i++) {
      // Bursts of keystrokes, some answered, some left to be superseded, with pauses between.
      type(15 + i, 'ab'[i % 2]!);
      if (i % 3 === 0) analysis().answer('analyse');
      if (i % 4 === 3) {
        analysis().answer('analyse');
        analysis().answer('analyse');
        t.composePolicy(draftPolicy(EMPTY_DRAFT), ['/p1/']);
        vi.advanceTimersByTime(2000);
      }
    }
    analysis().answer('analyse');
    vi.advanceTimersByTime(2000);
    t.composePolicy(draftPolicy(EMPTY_DRAFT), ['/p1/']);
    vi.advanceTimersByTime(2000);
    expect(mismatches).toEqual([]);
    for (const kind of ['analysis', 'bulk', 'readers', 'policy'] as const) {
      const w = workers[kind][0]!;
      const kinds = w.received.map((r) => r.text.kind);
      expect(kinds[0], kind).toBe('whole');
      // After the first, only edits travel.
      expect(kinds.slice(1).every((k) => k === 'edit'), kind).toBe(true);
      expect(kinds.length, kind).toBeGreaterThan(3);
      expect(w.texts[w.texts.length - 1], kind).toBe(state().doc);
    }
    t.dispose();
  });

  it('sends a replaced text whole to every worker that holds one', () => {
    const big = robots();
    const { t, workers, analysis, mismatches } = start(big, '/p1/');
    analysis().answer('analyse');
    vi.advanceTimersByTime(2000);
    t.tester.setDoc(big.replace('/p1/', '/q1/'));
    analysis().answer('analyse');
    vi.advanceTimersByTime(2000);
    expect(mismatches).toEqual([]);
    expect(analysis().received.map((r) => r.text.kind)).toEqual(['whole', 'edit', 'whole', 'edit']);
    expect(workers.bulk[0]!.received.map((r) => r.text.kind)).toEqual(['whole', 'whole']);
    t.dispose();
  });
});

describe('createTester: workers that cannot start', () => {
  it('the analysis fails with a message after three workers in a row die before their first word; the diagnosis is asked of a new one after a pause', () => {
    const { t, state, workers } = start();
    workers.analysis[0]!.die();
    workers.analysis[1]!.die();
    // The third worker is asked for the diagnosis too, and goes down with it.
    vi.advanceTimersByTime(PAUSE_MS.diagnostics);
    expect(workers.analysis[2]!.received.map((r) => r.type)).toEqual(['analyse', 'diagnose']);
    workers.analysis[2]!.die();
    expect(workers.analysis).toHaveLength(3);
    expect(state().notice).toMatchObject({ kind: 'error', message: { id: 'notice.analysis-failed', args: { message: expect.stringMatching(/could not be started/) } } });
    vi.advanceTimersByTime(PAUSE_MS.diagnostics);
    expect(workers.analysis).toHaveLength(4);
    expect(workers.analysis[3]!.received).toMatchObject([{ type: 'diagnose', text: { kind: 'whole' } }]);
    t.dispose();
  });

  it('a bulk run whose workers cannot start ends its progress bar and says why', () => {
    const many = Array.from({ length: 30_000 }, (_, i) => `/p${i}`).join('\n');
    const { t, state, workers, analysis } = start();
    analysis().answer('analyse');
    t.tester.setBulkUrls(many);
    expect(state().bulkProgress).toBe(0);
    for (let i = 0; i < 3; i++) workers.bulk[i]!.die();
    expect(state().bulkProgress).toBeNull();
    expect(state().notice).toMatchObject({ kind: 'error', message: { id: 'notice.bulk-failed' } });
    t.dispose();
  });
});

describe('createTester: bulk timing', () => {
  it('runs a new list at once; after an edit, once typing pauses; only the newest run’s answer is shown', () => {
    const { t, state, workers, analysis, type } = start();
    analysis().answer('analyse');
    expect(workers.bulk).toHaveLength(0);
    t.tester.setBulkUrls('/x\n/y');
    const bulk = workers.bulk[0]!;
    expect(bulk.received).toMatchObject([{ type: 'bulk', urls: '/x\n/y' }]);
    type(14, '#');
    analysis().answer('analyse');
    vi.advanceTimersByTime(BULK_AFTER_EDIT_MS - 1);
    expect(bulk.received).toHaveLength(1);
    // The first run's answer arrives after the text changed: dropped.
    bulk.answer('bulk');
    expect(state().bulk).toBeNull();
    vi.advanceTimersByTime(1);
    expect(bulk.received).toHaveLength(2);
    bulk.answer('bulk');
    expect(state().bulk).toMatchObject({ urls: ['/x', '/y'], result: { revision: state().bulkRevision } });
    // A new list runs at once, with no pause.
    t.tester.setBulkUrls('/z');
    expect(bulk.last('bulk').req.urls).toBe('/z');
    t.dispose();
  });

  it('the Bulk tab opening starts the worker on the text and the crawlers a run would check; the first run then sends only the edits since', () => {
    const { t, workers, analysis, type, mismatches } = start(robots());
    analysis().answer('analyse');
    t.prepareBulk();
    const bulk = workers.bulk[0]!;
    const s = t.tester.store.getState();
    expect(bulk.received).toMatchObject([{ type: 'bulk-prepare', text: { kind: 'whole' }, crawlers: [s.tests[s.active]!.crawler] }]);
    type(14, '#');
    analysis().answer('analyse');
    t.tester.setBulkUrls('/x');
    vi.advanceTimersByTime(BULK_AFTER_EDIT_MS);
    expect(bulk.last('bulk').req.text.kind).toBe('edit');
    // After a list has run, opening the tab again gets the worker ready again (a short list builds no index), sending only the text's edits.
    bulk.answer('bulk');
    t.prepareBulk();
    expect(bulk.received.map((r) => r.type)).toEqual(['bulk-prepare', 'bulk', 'bulk-prepare']);
    expect(bulk.last('bulk-prepare').req.text.kind).not.toBe('whole');
    expect(mismatches).toEqual([]);
    t.dispose();
  });
});
