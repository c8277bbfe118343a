import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diagnose } from './findings/index.js';
import { checkUrl, compilePattern, createChecker, LineKind, matchesPattern, MAX_LINE_BYTES, parseRobotsTxt } from './google/index.js';
import { lines, verdict } from './test-helpers.js';

const nasty = fc.constantFrom('\u0000', '\r', '\n', '\r\n', '\uFEFF', '\uD800', '\uDCE9', '*', '$', '#', ':', ' ', '\t', '\u000B', '%', '%zz', '%c3', 'é', '😀', 'User-agent:', 'Disallow:', 'Allow:', '/');

describe('hostile input: parsing and checking never throw', () => {
  it('for adversarial text built from the characters that matter', () => {
    fc.assert(
      fc.property(fc.array(nasty, { maxLength: 200 }), fc.array(nasty, { maxLength: 30 }), (parts, urlParts) => {
        const robots = parseRobotsTxt(parts.join(''));
        const v = checkUrl(robots, 'Googlebot', '/' + urlParts.join(''));
        expect(v.line).toBeGreaterThanOrEqual(0);
        expect(Array.isArray(diagnose(robots))).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('star-heavy patterns agree with a plain reading of RFC 9309 on long paths', () => {
    // Reference: a pattern matches when its pieces between `*` occur in order (anchored at the start,
    // and at the end for a final `$`) — computed here with a regular expression on small inputs.
    const reference = (pattern: string, path: string) => {
      const anchored = pattern.endsWith('$');
      const body = anchored ? pattern.slice(0, -1) : pattern;
      const re = new RegExp('^' + body.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*') + (anchored ? '$' : ''), 's');
      return re.test(path);
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '*'), maxLength: 14 }), fc.boolean(), fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 40 }), (p, anchor, rest) => {
        const pattern = '/' + p + (anchor ? '$' : '');
        expect(matchesPattern(compilePattern(pattern), '/' + rest)).toBe(reference(pattern, '/' + rest));
      }),
      { numRuns: 3000 },
    );
  });

  it('thousands of stars against 6,000-character URLs, many times, answer at once', () => {
    const robots = parseRobotsTxt(lines('User-agent: *', 'Disallow: /' + '*a'.repeat(4000) + '*b', 'Allow: /' + 'a*'.repeat(4000) + '$'));
    const check = createChecker(robots, 'Googlebot');
    for (let i = 0; i < 200; i++) {
      expect(check('/' + 'a'.repeat(6000)).line).toBe(3);
      expect(check('/' + 'a'.repeat(5999) + 'b')).toMatchObject({ allowed: false, line: 2 });
    }
  });
});

describe('hostile input: odd bytes and shapes (RFC 9309 2.2, Google-specific)', () => {
  it('NUL and control characters', () => {
    expect(verdict('User-agent: *\nDisallow: /a\u0000/b', 'x', '/a/b')).toEqual({ allowed: false, line: 2 });
    expect(verdict('User-agent: *\nDisallow: /a\u0007b', 'x', '/a%07b')).toEqual({ allowed: true, line: 0 });
    expect(verdict('User-agent: *\u0000junk\nDisallow: /', 'x', '/')).toEqual({ allowed: false, line: 2 });
  });
  it('lone CRs are line breaks', () => {
    expect(verdict('User-agent: *\rDisallow: /a\rDisallow: /b', 'x', '/b')).toEqual({ allowed: false, line: 3 });
  });
  it('a 300 KB single line is cut at 16,663 bytes and the next line still counts', () => {
    const huge = 'Disallow: /' + 'x'.repeat(300_000);
    const r = parseRobotsTxt(lines('User-agent: *', huge, 'Disallow: /after'));
    expect(r.rules[0]!.pattern.length).toBe(MAX_LINE_BYTES - 'Disallow: '.length);
    expect(verdict(r.text, 'x', '/after')).toEqual({ allowed: false, line: 3 });
  });
  it('20,000 user-agent lines form one group', () => {
    const agents = Array.from({ length: 20_000 }, (_, i) => `User-agent: bot${String.fromCharCode(97 + (i % 26))}x${i}`);
    const r = parseRobotsTxt(lines(...agents, 'Disallow: /'));
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0]!.agents).toHaveLength(20_000);
    expect(verdict(r.text, 'botqx', '/x')).toEqual({ allowed: false, line: 20_001 });
  });
  it('a 10 MB body is read only up to 500 KiB', () => {
    const body = 'User-agent: *\n' + 'Disallow: /p\n'.repeat(800_000) + 'Disallow: /late\n';
    const r = parseRobotsTxt(body);
    expect(body.length).toBeGreaterThan(10_000_000);
    expect(r.limitCut?.offset).toBe(512_000);
    expect(r.lines.kind[r.lineCount - 2]).toBe(LineKind.AfterLimit);
    expect(verdict(body, 'x', '/late')).toEqual({ allowed: true, line: 0 });
  });
});
