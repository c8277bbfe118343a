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

describe('the analysis answers what the file says about AI use for each test (issue 33; draft-ietf-aipref-attach-05 §3)', () => {
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
