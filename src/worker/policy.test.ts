import { describe, expect, it } from 'vitest';
import { applyTextEdits } from '../robots/index.js';
import { answerPolicy } from './policy.js';

describe('the AI access worker’s answer', () => {
  const text = 'User-agent: *\nDisallow: /x\n\nUser-agent: GPTBot\nAllow: /\n';
  it('carries the edits, their preview, the notes and the check, for the revision asked', () => {
    const r = answerPolicy({ type: 'policy', id: 7, revision: 3, policy: { purposes: { training: { mode: 'block' } } }, urls: ['https://a.test/x'], site: '' }, text);
    expect([r.type, r.id, r.revision, r.check.ok]).toEqual(['policy', 7, 3, true]);
    expect(r.policy).toEqual({ purposes: { training: { mode: 'block' } } });
    expect(applyTextEdits(text, r.edits)).toContain('User-agent: GPTBot\nDisallow: /\n');
    expect(r.diff.some((d) => d.kind === 'del' && d.text === 'Allow: /')).toBe(true);
    expect(r.check.urls).toContain('https://a.test/x');
    expect(r.notes.map((n) => n.code)).toContain('reused-group');
  });
  it('never throws on text that is not a robots.txt', () => {
    const r = answerPolicy({ type: 'policy', id: 1, revision: 1, policy: { purposes: { search: { mode: 'paths', paths: ['/a'] } } }, urls: ['not a url', ''], site: 'nonsense' }, '\u0000<html>\r\n\u2028');
    expect(r.check.ok).toBe(true);
  });
});
