import { describe, expect, it } from 'vitest';
import { Analyser, isNewDocument } from './analyse.js';

const change = (base: string, from: number, to: number) => ({ base, from, to });

describe('isNewDocument (what the analyser indexes at once: product behaviour, not Google’s)', () => {
  const base = 'User-agent: *\n' + 'Disallow: /x\n'.repeat(1000);
  it('a keystroke is not a new document', () => {
    expect(isNewDocument(base.slice(0, 20) + 'a' + base.slice(20), change(base, 20, 20))).toBe(false);
    expect(isNewDocument(base.slice(0, 20) + base.slice(21), change(base, 20, 21))).toBe(false);
  });
  it('a paste over the file, a big deletion or a whole text is', () => {
    const pasted = 'User-agent: *\n' + 'Allow: /y\n'.repeat(2000);
    expect(isNewDocument(pasted, change(base, 0, base.length))).toBe(true);
    expect(isNewDocument(base.slice(0, 14), change(base, 14, base.length))).toBe(true);
    expect(isNewDocument(base, null)).toBe(true);
  });
});

describe('the analysis answers what the file says about AI use for each test (draft-ietf-aipref-attach-05 §3)', () => {
  const request = (text: string, url: string) => ({
    type: 'analyse' as const, id: 1, revision: 1, text, site: '', status: { kind: 'http' as const, code: 200 },
    tests: [{ url, crawler: { kind: 'text' as const, value: 'GPTBot' } }],
  });
  it('the preferences of the crawler’s group where it may crawl; none where it may not; null for a file that states none', () => {
    const text = 'User-agent: *\nDisallow: /p/\nContent-Usage: train-ai=n\nContent-Signal: ai-train=no\n';
    const a = new Analyser();
    expect(a.analyse(request(text, '/x')).verdicts[0]!.preferences).toMatchObject({
      crawl: 'allowed', usage: [{ key: 'train-ai', value: 'n', line: 3 }], signals: [{ key: 'ai-train', value: 'no', line: 4 }],
    });
    expect(a.analyse(request(text, '/p/1')).verdicts[0]!.preferences).toMatchObject({ crawl: 'blocked', usage: [], withheld: [3, 4] });
    expect(a.analyse(request('User-agent: *\nDisallow: /p/\n', '/x')).verdicts[0]!.preferences).toBeNull();
  });
});

describe('a link with thousands of tests (product behaviour)', () => {
  it('words the Why of the active test only; every test still gets its verdict', () => {
    const tests = Array.from({ length: 2000 }, (_, i) => ({ url: i % 2 ? `/p/${i}` : `/q/${i}`, crawler: { kind: 'text' as const, value: 'Googlebot' } }));
    const r = new Analyser().analyse({
      type: 'analyse', id: 1, revision: 1, text: 'User-agent: *\nDisallow: /p/\n', site: '', status: { kind: 'http', code: 200 }, tests, active: 7,
    });
    expect(r.verdicts.map((v) => v.allowed)).toEqual(tests.map((_, i) => i % 2 === 0));
    expect(r.verdicts.filter((v) => v.explanation !== null).map((v) => v.url)).toEqual(['/p/7']);
    expect(r.verdicts.filter((v) => v.matches.length > 0).map((v) => v.url)).toEqual(['/p/7']);
    expect(r.verdicts[7]!.explanation!.decision.text).toContain('/p/');
  });
});
