import { describe, expect, it } from 'vitest';
import { expectationKey, makeCase } from '../share/index.js';
import { Analyser } from '../worker/index.js';
import { createTesterStore } from './tester-store.js';
import {
  addCrawler, addTest, applyCompareChanges, applyDiagnostics, applyResult, detectLineBreak, isBusy, sameData, editDoc, initialState, loadCase, removeColumn, removeRow, removeTest, replaceUrls, selectTest,
  setCompare, setCrawler, setDoc, setExpectation, setLineBreak, setUrl, showTest, testAxes, testCases, toCase,
} from './transitions.js';

const googlebot = { kind: 'text', value: 'Googlebot' } as const;
const start = () => initialState(makeCase('User-agent: *\nDisallow: /x', [{ url: '/x', crawler: googlebot }]));
const analyse = (s: ReturnType<typeof start>) =>
  new Analyser().analyse({ type: 'analyse', id: 1, revision: s.revision, text: s.doc, tests: testCases(s), site: s.site, status: s.status });

describe('tester transitions', () => {
  it('every input change bumps the revision; no-op changes do not', () => {
    const s0 = start();
    const s1 = setDoc(s0, s0.doc + '\n');
    const s2 = setUrl(s1, '/y');
    const s3 = setCrawler(s2, 'Bingbot', { kind: 'text', value: 'Bingbot' });
    expect([s1.revision, s2.revision, s3.revision]).toEqual([2, 3, 4]);
    expect(setUrl(s3, '/y')).toBe(s3);
    expect(setCrawler(s3, 'Bingbot', { kind: 'text', value: 'Bingbot' })).toBe(s3);
  });
  it('an edit from the editor changes the text and is kept for the workers; a replacement is not an edit', () => {
    const s0 = start();
    const s1 = editDoc(s0, [{ from: 14, to: 14, insert: 'X' }, { from: 25, to: 26, insert: 'yz' }]);
    expect(s1.doc).toBe('User-agent: *\nXDisallow: /yz');
    expect([s1.revision, s1.docRevision]).toEqual([2, 2]);
    expect(s1.docEdits).toEqual([{ from: 14, to: 14, insert: 'X' }, { from: 25, to: 26, insert: 'yz' }]);
    // A replacement, a new line break or a new case are no edits: the text goes whole.
    expect(setDoc(s1, 'User-agent: *').docEdits).toBeNull();
    expect(setLineBreak(s1, '\r\n').docEdits).toBeNull();
    expect(loadCase(s1, toCase(s0), 'draft').docEdits).toBeNull();
    // Edits that do not fit the text (the editor and the store disagree) change nothing.
    expect(editDoc(s1, [{ from: 2, to: 99, insert: '' }])).toBe(s1);
    expect(editDoc(s1, [])).toBe(s1);
  });
  it('a new analysis keeps the parts that did not change, so what shows them is not drawn again', () => {
    const s0 = start();
    const s1 = applyResult(s0, analyse(s0));
    // A comment typed at the end: the verdict and its explanation are the same data as before.
    const s2 = setDoc(s1, s1.doc + '\n# note');
    const s3 = applyResult(s2, analyse(s2));
    expect(s3.shown!.verdicts).toBe(s1.shown!.verdicts);
    expect(s3.shown!.fetch).toBe(s1.shown!.fetch);
    expect(s3.shown!.summary).not.toBe(s1.shown!.summary);
    // The rule changed: a new verdict, equal to a fresh analysis.
    const s4 = setDoc(s3, 'User-agent: *\nAllow: /x');
    const fresh = analyse(s4);
    const s5 = applyResult(s4, fresh);
    expect(s5.shown!.verdicts).not.toBe(s3.shown!.verdicts);
    expect(sameData(s5.shown!.verdicts, fresh.verdicts)).toBe(true);
    expect(sameData({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameData(new Uint8Array(1), new Uint8Array(1))).toBe(false);
  });
  it('a new text is busy until its analysis arrives; the last one stays shown meanwhile', () => {
    const s0 = start();
    const r0 = analyse(s0);
    const s1 = applyResult(s0, r0);
    expect([s1.result?.verdicts[0]?.allowed, isBusy(s1)]).toEqual([false, false]);
    const s2 = setDoc(s1, 'User-agent: *\nAllow: /');
    expect([s2.result, s2.shown, isBusy(s2)]).toEqual([null, r0, true]);
  });
  it('diagnostics are their own state: kept while the next text is analysed', () => {
    const s1 = applyDiagnostics(start(), []);
    expect(s1.diagnostics).toEqual([]);
    const s2 = setDoc(s1, 'User-agent: *\nDisallow: /y');
    expect(s2.diagnostics).toBe(s1.diagnostics);
    expect(applyResult(s2, analyse(s2)).diagnostics).toBe(s1.diagnostics);
  });
  it('adds, selects and removes tests; selecting needs no new analysis', () => {
    const s1 = setUrl(addTest(start()), '/second');
    expect(s1.tests.map((t) => t.url)).toEqual(['/x', '/second']);
    expect(s1.active).toBe(1);
    const s2 = selectTest(s1, 0);
    expect([s2.active, s2.revision]).toEqual([0, s1.revision]);
    const s3 = removeTest(s1, 0);
    expect([s3.tests.map((t) => t.url), s3.active]).toEqual([['/second'], 0]);
    expect(removeTest(s3, 0)).toBe(s3);
  });
  it('every URL × every crawler is a test: a crawler fills a column, a URL a row; typing changes its whole row or column', () => {
    const bing = { kind: 'text', value: 'Bingbot' } as const;
    const gpt = { kind: 'profile', id: 'gptbot' } as const;
    const cells = (s: ReturnType<typeof start>) => s.tests.map((t) => `${t.url} ${t.crawlerText}`);
    const s1 = addCrawler(addCrawler(start(), 'Bingbot', bing), 'GPTBot', gpt);
    expect([cells(s1), s1.columns, s1.active]).toEqual([['/x Googlebot', '/x Bingbot', '/x GPTBot'], 3, 2]);
    // A new URL is tested by every crawler at once, the active crawler's cell shown.
    const s2 = setUrl(addTest(s1), '/y');
    expect([cells(s2), s2.active]).toEqual([['/x Googlebot', '/x Bingbot', '/x GPTBot', '/y Googlebot', '/y Bingbot', '/y GPTBot'], 5]);
    // The crawler field names the active column: every URL's test of it changes.
    const s3 = setCrawler(selectTest(s2, 4), 'Bingbot/2.0', { kind: 'text', value: 'Bingbot/2.0' });
    expect(cells(s3)).toEqual(['/x Googlebot', '/x Bingbot/2.0', '/x GPTBot', '/y Googlebot', '/y Bingbot/2.0', '/y GPTBot']);
    // A crawler already tested is selected, not added again.
    expect(addCrawler(s3, 'GPTBot', gpt)).toMatchObject({ tests: s3.tests, active: 5 });
    expect(testAxes(s3)).toEqual({ urls: ['/x', '/y'], crawlers: [googlebot, { kind: 'text', value: 'Bingbot/2.0' }, gpt] });
  });
  it('a URL × crawler shown from elsewhere (a Bulk row) opens its test, or the active row and column test it', () => {
    const bing = { kind: 'text', value: 'Bingbot' } as const;
    const s1 = setUrl(addTest(addCrawler(start(), 'Bingbot', bing)), '/y');
    expect(showTest(s1, '/x', 'Googlebot', googlebot)).toMatchObject({ tests: s1.tests, active: 0 });
    const s2 = showTest(s1, '/z', 'Googlebot', googlebot);
    expect([s2.tests.map((t) => `${t.url} ${t.crawlerText}`), s2.active]).toEqual([['/x Googlebot', '/x Bingbot', '/z Googlebot', '/z Bingbot'], 2]);
    const s3 = showTest(s2, '/z', 'DuckDuckBot', { kind: 'text', value: 'DuckDuckBot' });
    expect([s3.tests.map((t) => `${t.url} ${t.crawlerText}`), s3.active]).toEqual([['/x DuckDuckBot', '/x Bingbot', '/z DuckDuckBot', '/z Bingbot'], 2]);
  });
  it('a row or column goes as one; the active test stays, or its neighbour; one test always stays', () => {
    const bing = { kind: 'text', value: 'Bingbot' } as const;
    const s1 = setUrl(addTest(addCrawler(start(), 'Bingbot', bing)), '/y');
    const s2 = removeRow(s1, 0);
    expect([s2.tests.map((t) => `${t.url} ${t.crawlerText}`), s2.active]).toEqual([['/y Googlebot', '/y Bingbot'], 1]);
    const s3 = removeColumn(s2, 1);
    expect([s3.tests.map((t) => `${t.url} ${t.crawlerText}`), s3.columns, s3.active]).toEqual([['/y Googlebot'], 1, 0]);
    expect(removeColumn(s3, 0)).toBe(s3);
    expect(removeRow(s3, 0)).toBe(s3);
    expect(removeColumn(s1, 0)).toMatchObject({ columns: 1, active: 1 });
  });
  it('a link’s tests open as the whole matrix of its URLs and crawlers, its active test shown; too many stay a list of pairs', () => {
    const ads = { kind: 'profile', id: 'adsbot-google' } as const;
    const s = loadCase(start(), makeCase('x', [{ url: '/1', crawler: googlebot }, { url: '/2', crawler: ads }], 1), 'shared');
    expect([s.tests.map((t) => `${t.url} ${t.crawlerText}`), s.columns, s.active]).toEqual([['/1 Googlebot', '/1 AdsBot-Google', '/2 Googlebot', '/2 AdsBot-Google'], 2, 3]);
    const pairs = Array.from({ length: 101 }, (_, i) => ({ url: `/${i}`, crawler: { kind: 'text', value: `Bot${i}` } as const }));
    const big = loadCase(start(), makeCase('x', pairs, 100), 'shared');
    expect([big.tests.length, big.columns, big.active]).toEqual([101, 0, 100]);
  });
  it('keeps the line break style of the text and can change it', () => {
    expect(detectLineBreak('a\r\nb\r\nc\nd')).toBe('\r\n');
    expect(detectLineBreak('a\rb')).toBe('\r');
    expect(detectLineBreak('ab')).toBe('\n');
    const s = setLineBreak(start(), '\r\n');
    expect(s.doc).toBe('User-agent: *\r\nDisallow: /x');
  });
  it('a loaded case round-trips through toCase', () => {
    const ads = { kind: 'profile', id: 'adsbot-google' } as const;
    const c = { ...makeCase('a\r\nb', [{ url: '/1', crawler: googlebot }, { url: '/1', crawler: ads }, { url: '/2', crawler: googlebot }, { url: '/2', crawler: ads }], 1), site: 'https://a.test', compare: 'x' };
    const s = loadCase(start(), c, 'shared');
    expect(toCase(s)).toEqual(c);
    expect([s.lineBreak, s.origin, s.tests[1]!.crawlerText]).toEqual(['\r\n', 'shared', 'AdsBot-Google']);
  });
  it('the verdicts that change belong to the version they were found against: another version, or none, clears them', () => {
    const found = { type: 'changes', id: 1, revision: 2, tried: 3, changes: [], crawlers: [googlebot], crawlerLabels: ['Googlebot'] } as const;
    const s1 = applyCompareChanges(setCompare(start(), 'User-agent: *\nDisallow: /'), found);
    expect(s1.compareChanges).toBe(found);
    // Found changes are shown, not tested: the revision stays.
    expect(s1.revision).toBe(setCompare(start(), 'User-agent: *\nDisallow: /').revision);
    expect(setCompare(s1, 'User-agent: *\nAllow: /').compareChanges).toBeNull();
    expect(setCompare(s1, null).compareChanges).toBeNull();
    expect(setCompare(s1, s1.compare)).toBe(s1);
  });
  it('the vanilla store applies transitions', () => {
    const t = createTesterStore(start());
    t.setUrl('/z');
    expect([t.store.getState().revision, isBusy(t.store.getState())]).toEqual([2, true]);
    expect(t.store.getState().tests[0]!.url).toBe('/z');
  });
});

describe('expectations per URL × crawler, and stale URLs after opening a file', () => {
  const gb = { kind: 'text', value: 'Googlebot' } as const;
  const img = { kind: 'profile', id: 'googlebot-image' } as const;
  const base = () => ({ ...initialState(makeCase('User-agent: *', [{ url: '/x', crawler: gb }])), bulkCrawlers: [gb, img] });
  it('setting one crawler\'s mark leaves the other crawlers\' rows as they were', () => {
    let s = setExpectation(base(), '/x', null, 'allowed');
    s = setExpectation(s, '/x', img, 'blocked');
    expect(s.expectations).toEqual({ [expectationKey('/x', gb)]: 'allowed', [expectationKey('/x', img)]: 'blocked' });
    s = setExpectation(s, '/x', gb, null);
    expect(s.expectations).toEqual({ [expectationKey('/x', img)]: 'blocked' });
  });
  it('replaceUrls swaps the picked URLs in every test and drops them from the bulk list', () => {
    const s = replaceUrls({ ...base(), bulkUrls: 'https://old.test/a\n/keep' }, (u) => u.startsWith('https://old.test') || u === '/x', 'https://new.test/');
    expect([s.tests[0]!.url, s.bulkUrls]).toEqual(['https://new.test/', '/keep']);
  });
});
