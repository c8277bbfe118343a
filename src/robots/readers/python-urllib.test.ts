/**
 * CPython's urllib.robotparser readers: the RFC 9309 rewrite (gh-138907; CPython 3.13.14+,
 * 3.14.5+, 3.15) and the module of 3.12 and earlier. Each case restates what the rewrite's
 * module does (its `read()` decodes with surrogateescape, `normalize()` quotes with it, a
 * `ValueError` while building a rule drops that rule) and was checked against that module's source
 * run here. Authority: CPython 3.13.14 / CPython 3.12.
 */
import { describe, expect, it } from 'vitest';
import { checkWithReader } from './index.js';

const file = (...lines: string[]) => lines.join('\n');
const rfc = (robots: string, url: string, ua = 'FooBot') => {
  const v = checkWithReader('python-urllib-rfc9309', robots, ua, url);
  return v.reason === 'unparsable' ? v.error : v.allowed;
};

describe('CPython 3.13.14: bytes that are not UTF-8 (surrogateescape)', () => {
  // The tester carries a byte that is not UTF-8 as U+DC80–U+DCFF, as Python's surrogateescape does.
  const robots = file('User-agent: *', 'Disallow: /non-utf8/\udcf0', 'Disallow: /latin1/caf\udce9');
  it('Disallow: /non-utf8/<0xF0> blocks /non-utf8/%F0 (either case of hex), not the replacement character', () => {
    expect(['/non-utf8/%F0', '/non-utf8/%f0', '/non-utf8/%F0%9F', '/non-utf8/%EF%BF%BD'].map((p) => rfc(robots, 'https://x.test' + p))).toEqual([false, false, false, true]);
  });
  it('a Latin-1 é (byte E9) is %E9, not the UTF-8 %C3%A9', () => {
    expect([rfc(robots, 'https://x.test/latin1/caf%E9'), rfc(robots, 'https://x.test/latin1/caf%C3%A9')]).toEqual([false, true]);
  });
  it('a lone surrogate that stands for no byte: the rule is dropped (UnicodeEncodeError is a ValueError); in the URL, can_fetch raises', () => {
    const lone = file('User-agent: *', 'Disallow: /a\ud800', 'Disallow: /b');
    expect([rfc(lone, 'https://x.test/a%ED%A0%80'), rfc(lone, 'https://x.test/b')]).toEqual([true, false]);
    expect(rfc(lone, 'https://x.test/x\ud800')).toMatch(/^UnicodeEncodeError: /);
  });
  it('CPython 3.12 cannot read such a file: quote() raises on it, so no verdict', () => {
    expect(checkWithReader('python-urllib', robots, 'FooBot', 'https://x.test/').reason).toBe('unparsable');
  });
});

describe('CPython 3.13.14: groups merged per agent, found by name, then by substring', () => {
  // A merged entry keeps only the agents every merged group names: "a" alone here.
  const robots = file('User-agent: a', 'User-agent: b', 'Disallow: /x', 'User-agent: a', 'Disallow: /y');
  it('the whole name first, then the first entry (in agent order) with an agent inside the name', () => {
    expect([rfc(robots, 'https://x.test/y', 'a'), rfc(robots, 'https://x.test/y', 'b'), rfc(robots, 'https://x.test/x', 'xbx'), rfc(robots, 'https://x.test/y', 'xax')])
      .toEqual([false, true, false, false]);
  });
  it('2,000 agents in one group, named twice: each lookup walks the groups once', () => {
    const agents = Array.from({ length: 2000 }, (_, i) => `User-agent: bot${i}`);
    const many = [...agents, 'Disallow: /x', ...agents, 'Disallow: /y'].join('\n');
    expect([rfc(many, 'https://x.test/x', 'bot1999'), rfc(many, 'https://x.test/y', 'xbot7y'), rfc(many, 'https://x.test/z', 'other')]).toEqual([false, false, true]);
  });
});
