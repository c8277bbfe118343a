import { describe, expect, it } from 'vitest';
import { Analyser } from '../worker/analyse.js';
import { createTesterStore } from './tester-store.js';
import { applyResult, initialState, setCrawler, setDoc, setUrl, testCases } from './transitions.js';

const googlebot = { kind: 'text', value: 'Googlebot' } as const;
const start = () => initialState('User-agent: *\nDisallow: /x', '/x', 'Googlebot', googlebot);
const analyse = (s: ReturnType<typeof start>) =>
  new Analyser().analyse({ type: 'analyse', id: 1, revision: s.revision, text: s.doc, tests: testCases(s) });

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
  it('drops a result computed for an older revision, keeps the last one shown', () => {
    const s0 = start();
    const r0 = analyse(s0);
    const s1 = applyResult(s0, r0);
    expect([s1.result?.verdicts[0]?.allowed, s1.busy]).toEqual([false, false]);
    const s2 = setDoc(s1, 'User-agent: *\nAllow: /');
    expect(applyResult(s2, r0)).toBe(s2);
    expect([s2.result, s2.shown]).toEqual([null, r0]);
  });
  it('the vanilla store applies transitions', () => {
    const t = createTesterStore(start());
    t.setUrl('/z');
    expect(t.store.getState()).toMatchObject({ url: '/z', revision: 2, busy: true });
  });
});
