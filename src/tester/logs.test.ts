import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_REQUESTS, emptyTally, judgeLog, logView, tallyPieces } from '../robots/logs/index.js';
import { makeCase } from '../share/index.js';
import { logsOf } from '../store/logs/index.js';
import { createTesterStore, initialState } from '../store/index.js';
import type { ControlMessage, LogsOutcome, WorkerLike, WorkerMessage, WorkerRequest } from '../worker/index.js';
import { createLogsTab } from './logs.js';

/** A Logs worker driven by hand (the channel tests' HandWorker): it records what it is sent and answers when told. */
class HandWorker implements WorkerLike {
  readonly received: WorkerRequest[] = [];
  readonly cancels: number[] = [];
  pings = 0;
  terminated = false;
  private readonly listeners: { message: ((e: MessageEvent<WorkerMessage>) => void)[]; error: ((e: Event) => void)[] } = { message: [], error: [] };
  postMessage(m: WorkerRequest | ControlMessage): void {
    if (m.type === 'ping') this.pings++;
    else if (m.type === 'cancel') this.cancels.push(m.id);
    else if (m.type !== 'reply-via') this.received.push(m);
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
  last<T extends WorkerRequest['type']>(type: T): Extract<WorkerRequest, { type: T }> {
    return this.received.filter((r) => r.type === type).at(-1) as Extract<WorkerRequest, { type: T }>;
  }
}

const googlebot = { kind: 'text', value: 'Googlebot' } as const;
const ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const RANGES = JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] });
const file = (name: string, text: string) => new File([text], name);
const outcome = (lines: number): LogsOutcome => ({ tally: { ...emptyTally(1), lines }, view: logView(emptyTally(1), ALL_REQUESTS), files: [], lineTexts: [{}] });

function setup() {
  const tester = createTesterStore(initialState(makeCase(ROBOTS, [{ url: '/', crawler: googlebot }])));
  const workers: HandWorker[] = [];
  let clock = 1000;
  const tab = createLogsTab(tester, () => {
    const w = new HandWorker();
    workers.push(w);
    return w;
  }, () => clock);
  const l = () => logsOf(tester.store.getState());
  /** The worker running now, once it has said it is ready. */
  const ready = (k = workers.length - 1) => {
    const w = workers[k]!;
    w.say({ type: 'ready' });
    return w;
  };
  return { tester, tab, workers, l, ready, tick: (ms: number) => (clock += ms) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the Logs tab\'s coordination', () => {
  it('starts no worker until a log comes; a dropped log and a ranges file: the ranges file read by its name, the log run with it; progress, then the result', async () => {
    const { tab, workers, l, ready } = setup();
    expect(workers).toHaveLength(0);
    expect(l().files).toEqual([]);
    await tab.add([file('googlebot.json', RANGES), file('access.log', 'a line')]);
    const w = ready();
    const run = w.last('logs-run');
    expect(run.files.map((f) => f.name)).toEqual(['access.log']);
    expect(run.setup).toMatchObject({ versions: [{ text: ROBOTS }], readers: ['google', 'bing'] });
    expect(run.setup.ranges.map((r) => r.source)).toEqual(['googlebot.json']);
    expect(l().ranges.map((r) => r.name)).toEqual(['googlebot.json']);
    expect(l().run).toEqual({ read: 0, total: 6, lines: 0, started: 1000 });
    w.say({ type: 'logs-progress', id: run.id, progress: { read: 3, total: 6, lines: 1, file: 'access.log' } });
    expect(l().run).toMatchObject({ read: 3, lines: 1 });
    w.say({ type: 'logs-done', id: run.id, outcome: outcome(1), ms: 4 });
    await vi.advanceTimersByTimeAsync(0);
    expect(l().run).toBeNull();
    expect(l().result).toMatchObject({ outcome: outcome(1), ms: 4, files: run.files, setup: run.setup });
  });

  it('a result\'s crawlers come in pieces before it (each message read in a task of its own): the tally joined again, a cancelled run\'s pieces left out', async () => {
    const agents = ['Googlebot/2.1', 'GPTBot/1.1', 'bingbot/2.0', 'ClaudeBot/1.0', 'AhrefsBot/7.0', 'CCBot/2.0'];
    const lines = agents.flatMap((agent, i) => [0, 1, 2].map((k) => `1.1.1.${i} - - [01/Mar/2025:1${k}:00:00 +0000] "GET /p/${k} HTTP/1.1" 200 1 "-" "${agent}"`));
    const { judge } = await judgeLog([lines.join('\n')], { versions: [{ text: ROBOTS }] });
    expect(judge.tally.crawlers.size).toBe(agents.length);
    const whole: LogsOutcome = { tally: judge.tally, view: logView(judge.tally, ALL_REQUESTS), files: [], lineTexts: [{}] };
    const { rest, pieces } = tallyPieces(whole.tally, 20);
    expect(pieces.length).toBeGreaterThan(1);
    const { tab, l, ready } = setup();
    await tab.add([file('access.log', 'a line')]);
    const w = ready();
    const first = w.last('logs-run');
    w.say({ type: 'logs-crawlers-progress', id: first.id, crawlers: pieces[0]! });
    tab.choose({ reader: 'python-urllib' });
    const second = w.last('logs-run');
    for (const crawlers of pieces) w.say({ type: 'logs-crawlers-progress', id: second.id, crawlers });
    expect(l().result).toBeNull();
    w.say({ type: 'logs-done', id: second.id, outcome: { ...whole, tally: rest }, ms: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(l().result?.outcome.tally).toEqual(whole.tally);
    expect([...l().result!.outcome.tally.crawlers.keys()]).toEqual([...whole.tally.crawlers.keys()]);
  });

  it('a choice runs again: the older run is cancelled through the runtime and its late answer dropped', async () => {
    const { tab, l, ready } = setup();
    await tab.add([file('access.log', 'a line')]);
    const w = ready();
    const first = w.last('logs-run');
    tab.choose({ reader: 'python-urllib' });
    const second = w.last('logs-run');
    expect(second.id).not.toBe(first.id);
    expect(second.setup.readers).toEqual(['python-urllib', 'bing']);
    expect(w.cancels).toEqual([first.id]);
    w.say({ type: 'logs-done', id: first.id, outcome: outcome(99), ms: 1 });
    w.say({ type: 'logs-progress', id: first.id, progress: { read: 6, total: 6, lines: 99, file: '' } });
    await vi.advanceTimersByTimeAsync(0);
    expect([l().result, l().run?.lines]).toEqual([null, 0]);
    w.say({ type: 'logs-done', id: second.id, outcome: outcome(1), ms: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(l().result?.outcome.tally.lines).toBe(1);
  });

  it('a ranges file of another name waits for its crawler; chosen, the logs are read again with it', async () => {
    const { tab, l, ready } = setup();
    await tab.add([file('access.log', 'a line')]);
    const w = ready();
    await tab.addRanges([file('my-ranges.json', RANGES)]);
    expect(w.received.filter((r) => r.type === 'logs-run')).toHaveLength(1);
    expect(l().ranges[0]).toMatchObject({ name: 'my-ranges.json', crawlers: null });
    tab.rangesFor(0, 'gptbot');
    expect(w.last('logs-run').setup.ranges).toEqual([{ source: 'my-ranges.json', text: RANGES, crawlers: ['gptbot'] }]);
    tab.removeRanges(0);
    expect(w.last('logs-run').setup.ranges).toEqual([]);
  });

  it('stopped, or the tab left, a run ends and the last result stays; cleared, the files and result go', async () => {
    const { tab, l, ready } = setup();
    await tab.add([file('access.log', 'a line')]);
    const w = ready();
    w.say({ type: 'logs-done', id: w.last('logs-run').id, outcome: outcome(1), ms: 1 });
    await vi.advanceTimersByTimeAsync(0);
    tab.run();
    tab.stop();
    expect(w.cancels).toEqual([w.last('logs-run').id]);
    expect([l().run, l().result?.outcome.tally.lines]).toEqual([null, 1]);
    tab.run();
    tab.leave();
    expect(w.cancels).toHaveLength(2);
    expect(l().run).toBeNull();
    tab.leave();
    expect(w.cancels).toHaveLength(2);
    tab.clear();
    expect([l().files, l().result]).toEqual([[], null]);
  });

  it('the CSV carries the result\'s files and setup and the filter (the worker keeps nothing); its rows are counted, a failure is said', async () => {
    const { tab, l, ready } = setup();
    await tab.add([file('access.log', 'a line')]);
    const w = ready();
    const run = w.last('logs-run');
    w.say({ type: 'logs-done', id: run.id, outcome: outcome(1), ms: 1 });
    await vi.advanceTimersByTimeAsync(0);
    // The crawler table's search and pages are the page's to change; nothing is sent to the worker.
    const sent = w.received.length;
    tab.searchCrawlers('ahrefs');
    tab.moreCrawlers();
    expect(l().crawlers).toEqual({ search: 'ahrefs', shown: 100 });
    expect(w.received).toHaveLength(sent);
    tab.filter({ spoofed: true });
    const csv = tab.csv();
    await vi.advanceTimersByTimeAsync(0);
    const asked = w.last('logs-csv');
    expect([asked.files, asked.setup, asked.filter]).toEqual([run.files, run.setup, { crawler: null, disobeying: false, spoofed: true }]);
    expect(l().exported).toEqual({ kind: 'writing' });
    const blob = new Blob(['a,b']);
    w.say({ type: 'logs-csv', id: asked.id, csv: blob, rows: 1 });
    expect(await csv).toBe(blob);
    expect(l().exported).toEqual({ kind: 'written', rows: 1 });
    const failing = tab.csv();
    await vi.advanceTimersByTimeAsync(0);
    w.say({ type: 'error', id: w.last('logs-csv').id, error: { name: 'Error', message: 'out of memory' } });
    expect(await failing).toBeNull();
    expect(l()).toMatchObject({ exported: null, notice: { kind: 'error', message: 'out of memory' } });
  });
});

describe('the Logs tab when its worker dies (nothing waits for ever)', () => {
  it('a crash in the middle of a run: the run is not sent to the new worker, the tab says it stopped; run again, the new worker reads it to the end', async () => {
    const { tab, workers, l, ready } = setup();
    await tab.add([file('access.log', 'a line')]);
    const w = ready();
    w.say({ type: 'logs-progress', id: w.last('logs-run').id, progress: { read: 3, total: 6, lines: 1, file: 'access.log' } });
    w.die();
    expect(w.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.received).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(l()).toMatchObject({ run: null, notice: { kind: 'stopped', reason: 'crash' } });
    expect(l().files).toHaveLength(1);
    tab.run();
    const fresh = ready(1);
    expect(l().notice).toBeNull();
    const again = fresh.last('logs-run');
    expect(again.files.map((f) => f.name)).toEqual(['access.log']);
    fresh.say({ type: 'logs-done', id: again.id, outcome: outcome(1), ms: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect([l().run, l().result?.outcome.tally.lines, l().notice]).toEqual([null, 1, null]);
  });

  it('a worker whose event loop stops (silent to the ping) is replaced: the run stopped responding', async () => {
    const { tab, workers, l, ready } = setup();
    await tab.add([file('access.log', 'a line')]);
    const w = ready();
    await vi.advanceTimersByTimeAsync(10_000);
    expect([w.pings, w.terminated]).toEqual([1, false]);
    // Progress is a sign of life: the watch starts again.
    w.say({ type: 'logs-progress', id: w.last('logs-run').id, progress: { read: 3, total: 6, lines: 1, file: 'access.log' } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect([w.pings, w.terminated]).toEqual([2, false]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.terminated).toBe(true);
    expect(workers[1]!.received).toEqual([]);
    expect(l()).toMatchObject({ run: null, notice: { kind: 'stopped', reason: 'timeout' } });
  });

  it('a CSV asked of a worker that dies fails, and the tab says why; when no worker can start, the run fails with that and nothing is under way', async () => {
    const { tab, workers, l, ready } = setup();
    await tab.add([file('access.log', 'a line')]);
    const w = ready();
    w.say({ type: 'logs-done', id: w.last('logs-run').id, outcome: outcome(1), ms: 1 });
    await vi.advanceTimersByTimeAsync(0);
    const csv = tab.csv();
    await vi.advanceTimersByTimeAsync(0);
    w.die();
    expect(await csv).toBeNull();
    expect(l()).toMatchObject({ exported: null, notice: { kind: 'error', message: 'The worker crashed and was restarted.' } });
    // Workers that die before their first word, each in a run: the third in a row is the last started.
    for (const k of [1, 2, 3]) {
      tab.run();
      workers[k]!.die();
      await vi.advanceTimersByTimeAsync(0);
      expect(l().run).toBeNull();
    }
    expect(workers).toHaveLength(4);
    expect(l().notice).toEqual({ kind: 'error', message: 'The worker could not be started (its script did not load).' });
  });
});
