import { describe, expect, it } from 'vitest';
import { answerChanges } from './changes.js';

describe('the Compare tab’s changes, in the bulk worker', () => {
  it('the version compared with is before, the text after; each change names its crawler and both deciding lines', () => {
    const result = answerChanges({
      type: 'changes', id: 7, revision: 3, text: 'User-agent: *\nDisallow: /shop/\n', compare: 'User-agent: *\nDisallow: /\n',
      crawlers: [{ kind: 'profile', id: 'gptbot' }], urls: ['/blog/x'], site: '', status: { kind: 'http', code: 200 },
    });
    expect([result.id, result.revision, result.crawlerLabels]).toEqual([7, 3, ['GPTBot']]);
    // The paths the rules tell apart, and the URL given, tried as it is.
    expect(result.changes.map((c) => [c.url, c.before.lineText, c.after.verdict, c.after.lineText])).toEqual([
      ['/', 'Disallow: /', 0, ''], ['/blog/x', 'Disallow: /', 0, ''], ['/shop', 'Disallow: /', 0, ''],
    ]);
  });
});
