import { describe, expect, it } from 'vitest';
import { checkUrl, prepareChecks } from './check.js';
import { parseRobotsTxt } from './parse.js';
import { RobotsParser } from './reparse.js';

/** A `*` group of `n` distinct rules (big enough to be indexed; /p0/ on line 3), then a bingbot group. */
const file = (n: number) => ['# rules', 'User-agent: *', ...Array.from({ length: n }, (_, i) => `Disallow: /p${i}/`), '# end', 'User-agent: bingbot', 'Disallow: /b'].join('\n');

/** `text` with `insert` typed after the first occurrence of `after`, as the edit RobotsParser is told of. */
function typed(text: string, after: string, insert: string) {
  const at = text.indexOf(after) + after.length;
  return { next: text.slice(0, at) + insert + text.slice(at), edit: { base: text, from: at, to: at } };
}

describe('the matching state belongs to its parse (no module-level caches)', () => {
  it('each one-shot parse starts with nothing prepared, and checking one prepares nothing for another', () => {
    const text = file(100);
    const a = parseRobotsTxt(text);
    const b = parseRobotsTxt(text);
    expect(a.matching).not.toBe(b.matching);
    for (let i = 0; i < 40; i++) checkUrl(a, 'Googlebot', `/p${i}/x`);
    expect([a.matching.preparation(a.globalGroups), b.matching.preparation(b.globalGroups)]).toEqual(['indexed', 'scanned']);
  });

  it('prepareChecks indexes the groups of that crawler only', () => {
    const r = parseRobotsTxt(file(100));
    prepareChecks(r, 'Googlebot');
    expect([r.matching.preparation(r.globalGroups), r.matching.preparation(r.groupsByToken.get('bingbot')!)]).toEqual(['indexed', 'scanned']);
  });
});

describe('RobotsParser hands the matching state on to the next parse', () => {
  it('a keystroke inside a rule keeps the group’s index (the edited rule swapped in), and the answers', () => {
    const parser = new RobotsParser();
    const before = parser.parse(file(3000));
    prepareChecks(before, 'Googlebot');
    const { next, edit } = typed(before.text, 'Disallow: /p1500', 'x');
    const after = parser.parse(next, edit);
    expect(after.matching).not.toBe(before.matching);
    expect(after.matching.preparation(after.globalGroups)).toBe('indexed');
    expect([checkUrl(after, 'Googlebot', '/p1500x/').line, checkUrl(after, 'Googlebot', '/p1500/').line]).toEqual([1503, 0]);
    expect(checkUrl(before, 'Googlebot', '/p1500/').line).toBe(1503);
  });

  it('an edit that replaces no rule (a comment) keeps the very same state', () => {
    const parser = new RobotsParser();
    const before = parser.parse(file(100));
    const { next, edit } = typed(before.text, '# end', '!');
    expect(parser.parse(next, edit).matching).toBe(before.matching);
  });

  it('a re-parse that changes the groups starts the groups afresh', () => {
    const parser = new RobotsParser();
    const before = parser.parse(file(100));
    prepareChecks(before, 'Googlebot');
    const { next, edit } = typed(before.text, 'Disallow: /p50/', '\nUser-agent: x');
    const after = parser.parse(next, edit);
    expect(after.matching.preparation(after.globalGroups)).toBe('scanned');
    expect([checkUrl(after, 'Googlebot', '/p20/').line, checkUrl(after, 'Googlebot', '/p99/').line]).toEqual([23, 0]);
  });
});
