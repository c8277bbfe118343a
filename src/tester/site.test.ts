import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCase, type TestCaseState } from '../share/index.js';
import { createTesterStore, initialState } from '../store/index.js';
import { TextMirror, type SiteRequest, type SiteResponse, type SiteSourceInput, type SiteWorkerLike } from '../worker/index.js';
import { createSiteTab, SITE_PAUSE_MS, type SiteKeeper } from './site.js';

/** A Site worker that records what it is asked and keeps the text the audits bring, as the real one does. */
class FakeSiteWorker implements SiteWorkerLike {
  readonly received: SiteRequest[] = [];
  readonly texts: string[] = [];
  private readonly mirror = new TextMirror();
  private readonly listeners: ((e: MessageEvent<SiteResponse>) => void)[] = [];
  postMessage(m: SiteRequest): void {
    this.received.push(m);
    if (m.type === 'site-audit') this.texts.push(this.mirror.apply(m.spec.text).text);
  }
  addEventListener(_type: 'message', l: (e: MessageEvent<SiteResponse>) => void): void {
    this.listeners.push(l);
  }
  terminate(): void {}
  say(data: SiteResponse): void {
    for (const l of this.listeners) l({ data } as MessageEvent<SiteResponse>);
  }
  types(): string[] {
    return this.received.map((r) => r.type);
  }
  audits() {
    return this.received.flatMap((r) => (r.type === 'site-audit' ? [r.spec] : []));
  }
}

const googlebot = { kind: 'text', value: 'Googlebot' } as const;
const big = 'User-agent: *\n' + Array.from({ length: 2000 }, (_, i) => `Disallow: /p${i}/`).join('\n');

function setup(c: Partial<TestCaseState> = {}, kept: SiteSourceInput[] = []) {
  const tester = createTesterStore(initialState({ ...makeCase(big, [{ url: '/', crawler: googlebot }]), ...c }));
  const workers: FakeSiteWorker[] = [];
  const saved: (readonly SiteSourceInput[])[] = [];
  const keeper: SiteKeeper = { load: async () => kept, save: (s) => saved.push(s) };
  const tab = createSiteTab(tester, () => {
    const w = new FakeSiteWorker();
    workers.push(w);
    return w;
  }, keeper);
  return { tester, tab, workers, saved };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the Site tab\'s coordination', () => {
  it('starts nothing until the tab opens; then audits the text and reads the case\'s inventory (URLs, then the kept files)', async () => {
    const file: SiteSourceInput = { kind: 'text', name: 'kept', text: '/a' };
    const { tab, workers } = setup({ siteSources: ['https://x.test/s.xml'] }, [file]);
    expect(workers).toHaveLength(0);
    tab.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.types()).toEqual(['site-audit', 'site-add']);
    expect(workers[0]!.texts).toEqual([big]);
    expect(workers[0]!.received[1]).toMatchObject({ sources: [{ kind: 'url', url: 'https://x.test/s.xml' }, file] });
    expect(workers[0]!.audits()[0]).toMatchObject({ revision: 1, crawlers: [googlebot], readers: [], site: '' });
  });

  it('an edit reaches the worker as an edit of its copy, audited once typing pauses; a crawler change audits at once', async () => {
    const { tester, tab, workers } = setup();
    tab.open();
    await vi.advanceTimersByTimeAsync(0);
    const w = workers[0]!;
    tester.editDoc([{ from: 14, to: 14, insert: 'Allow: /x\n' }]);
    tester.editDoc([{ from: 14, to: 14, insert: '#' }]);
    expect(w.audits()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SITE_PAUSE_MS + 200);
    expect(w.audits()).toHaveLength(2);
    expect(w.audits()[1]!.text.kind).toBe('edit');
    expect(w.texts[1]).toBe(tester.store.getState().doc);
    tester.setSiteCrawlers([googlebot, { kind: 'profile', id: 'gptbot' }]);
    expect(w.audits()).toHaveLength(3);
    expect(w.audits()[2]).toMatchObject({ revision: 3, crawlers: [googlebot, { kind: 'profile', id: 'gptbot' }] });
    expect(tab.store.getState().revision).toBe(3);
  });

  it('sources added or removed: fetched ones go in the case (and its link), files and pastes to the keeper', async () => {
    const { tester, tab, workers, saved } = setup();
    tab.open();
    await vi.advanceTimersByTimeAsync(0);
    tab.add([{ kind: 'url', url: 'https://x.test/a.xml' }, { kind: 'text', name: 'p', text: '/x' }, { kind: 'url', url: 'https://x.test/b.xml' }]);
    expect(tester.store.getState().siteSources).toEqual(['https://x.test/a.xml', 'https://x.test/b.xml']);
    expect(saved.at(-1)).toEqual([{ kind: 'text', name: 'p', text: '/x' }]);
    tab.remove(0);
    expect(tester.store.getState().siteSources).toEqual(['https://x.test/b.xml']);
    expect(workers[0]!.received.at(-1)).toMatchObject({ type: 'site-remove', index: 0 });
    tab.clear();
    expect([tester.store.getState().siteSources, saved.at(-1)]).toEqual([[], []]);
  });

  it('a case opened anew with another inventory empties the worker\'s and reads the new one', async () => {
    const { tester, tab, workers } = setup({ siteSources: ['https://x.test/a.xml'] });
    tab.open();
    await vi.advanceTimersByTimeAsync(0);
    tester.loadCase({ ...makeCase('User-agent: *', [{ url: '/', crawler: googlebot }]), siteSources: ['https://y.test/s.xml'] }, 'shared');
    await vi.advanceTimersByTimeAsync(0);
    const w = workers[0]!;
    expect(w.types().slice(-2)).toEqual(['site-clear', 'site-add']);
    expect(w.received.at(-1)).toMatchObject({ sources: [{ kind: 'url', url: 'https://y.test/s.xml' }] });
  });

  it('the worker\'s state and progress reach the tab\'s store; an audit refused for an out-of-step copy is sent again whole', async () => {
    const { tab, workers } = setup();
    tab.open();
    await vi.advanceTimersByTimeAsync(0);
    const w = workers[0]!;
    w.say({ type: 'site-progress', phase: 'reading', urls: 10, checked: 4, source: 'x' });
    expect(tab.store.getState().progress).toEqual({ phase: 'reading', urls: 10, checked: 4 });
    w.say({ type: 'site-state', state: { sources: [], urls: 10, busy: false, summary: null } });
    expect(tab.store.getState()).toMatchObject({ progress: null, state: { urls: 10 } });
    const before = w.audits().length;
    w.say({ type: 'site-error', id: w.received[0]!.id, message: 'OutOfSync: the worker does not hold the text this edit applies to.' });
    expect(w.audits()).toHaveLength(before + 1);
    expect(w.audits().at(-1)!.text.kind).toBe('whole');
  });
});
