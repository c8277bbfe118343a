import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineFlag, LineKind, MAX_LINE_BYTES } from './model.js';
import { parseRobotsTxt, READER_PRIMER } from './parse.js';
import { textFacts } from './scan.js';
import { decodeRobotsBytes, encodeRobotsText, utf8Length } from '../text/index.js';
import { lines, verdict } from '../test-helpers.js';

const kinds = (text: string) => Array.from(parseRobotsTxt(text).lines.kind, (k) => describeKind(k));
const describeKind = (k: number) => Object.entries(LineKind).find(([, v]) => v === k)![0];
const flagsOf = (text: string, line: number) => {
  const f = parseRobotsTxt(text).lines.flags[line - 1]!;
  return Object.entries(LineFlag).filter(([, bit]) => f & bit).map(([name]) => name);
};

describe('RFC 9309 2.2: line syntax', () => {
  it('annotates every line with its kind', () => {
    expect(kinds(lines(
      '# comment', '', 'Disallow: /early', 'User-agent: *', 'Allow: /a', 'Disallow: /b', 'Disallow:',
      'Crawl-delay: 10', 'Sitemap: https://a.test/s.xml', '<html>', 'Noindex: /x',
    ))).toEqual([
      'Comment', 'Blank', 'RuleOutsideGroup', 'UserAgent', 'Allow', 'Disallow', 'EmptyRule',
      'IgnoredField', 'Sitemap', 'Invalid', 'IgnoredField',
    ]);
  });
  it('Google-specific: reads each field key in any letter case, and only its exact letters as that field', () => {
    // Each correct spelling upper-cased from every position on; then each with one letter wrong.
    const words = ['user-agent', 'allow', 'disallow', 'sitemap'];
    const expected = ['UserAgent', 'Allow', 'Disallow', 'Sitemap'];
    words.forEach((word, w) => {
      for (let i = 0; i <= word.length; i++) {
        const key = word.slice(0, i) + word.slice(i).toUpperCase();
        const r = parseRobotsTxt(`User-agent: x\n${key}: /v\n`);
        expect([describeKind(r.lines.kind[1]!), r.lines.flags[1]! & (LineFlag.Typo | LineFlag.KeyPrefix)], key).toEqual([expected[w], 0]);
        expect(r.text.slice(r.lines.valueFrom[1]! + r.lines.from[1]!, r.lines.valueTo[1]! + r.lines.from[1]!)).toBe('/v');
      }
      for (let i = 1; i < word.length; i++) {
        const key = `${word.slice(0, i)}${word[i] === 'x' ? 'y' : 'x'}${word.slice(i + 1)}`;
        // No spelling robots.cc accepts holds an x or a y.
        expect(describeKind(parseRobotsTxt(`User-agent: x\n${key.toUpperCase()}: /v\n`).lines.kind[1]!), key).toBe('IgnoredField');
      }
    });
  });
  it('records key and value offsets, without comment and white space', () => {
    const r = parseRobotsTxt('  Disallow :  /a b  # why\n');
    const { keyFrom, keyTo, valueFrom, valueTo } = r.lines;
    expect(r.text.slice(keyFrom[0], keyTo[0])).toBe('Disallow');
    expect(r.text.slice(valueFrom[0], valueTo[0])).toBe('/a b');
    expect(r.rules).toEqual([]);
    expect(flagsOf('  Disallow :  /a b  # why\n', 1)).toContain('HasComment');
  });
  it('field names are case-insensitive; values keep their case', () => {
    expect(verdict(lines('USER-AGENT: *', 'DISALLOW: /X'), 'x', '/X')).toEqual({ allowed: false, line: 2 });
    expect(verdict(lines('USER-AGENT: *', 'DISALLOW: /X'), 'x', '/x')).toEqual({ allowed: true, line: 0 });
  });
  it('an empty key is not a line Google can read', () => {
    expect(kinds(': /x')).toEqual(['Invalid']);
  });
  it('only the first colon separates key and value', () => {
    const r = parseRobotsTxt('User-agent: *\nDisallow: /a:b');
    expect(r.rules[0]!.value).toBe('/a:b');
  });
});

describe('Google-specific: accepted misspellings and missing colons', () => {
  it('accepts the misspellings robots.cc lists, and keys that start with a field name', () => {
    for (const key of ['useragent', 'user agent', 'User-Agents']) {
      expect(verdict(lines(`${key}: Googlebot`, 'Disallow: /'), 'Googlebot', '/')).toEqual({ allowed: false, line: 2 });
    }
    for (const key of ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw', 'Disallowed']) {
      expect(verdict(lines('User-agent: *', `${key}: /x`), 'x', '/x')).toEqual({ allowed: false, line: 2 });
    }
    expect(flagsOf('useragent: x', 1)).toEqual(['Typo']);
    expect(flagsOf('User-Agents: x', 1)).toEqual(['KeyPrefix']);
    expect(kinds('Site-map: https://a.test/s.xml')).toEqual(['Sitemap']);
  });
  it('rejects other spellings', () => {
    expect(kinds(lines('User_agent: x', 'Dis-allow: /x', 'alow: /x'))).toEqual(['IgnoredField', 'IgnoredField', 'IgnoredField']);
  });
  it('accepts a missing colon between exactly two words', () => {
    expect(verdict(lines('User-agent *', 'Disallow /x'), 'x', '/x')).toEqual({ allowed: false, line: 2 });
    expect(flagsOf('Disallow /x', 1)).toEqual(['MissingColon']);
    expect(kinds('Disallow /x /y')).toEqual(['Invalid']);
    expect(kinds('Disallow')).toEqual(['Invalid']);
  });
});

describe('RFC 9309 2.1: groups', () => {
  it('consecutive user-agent lines share a group; a rule ends the user-agent list', () => {
    const r = parseRobotsTxt(lines('User-agent: a', 'User-agent: b', 'Disallow: /', 'User-agent: c', 'Allow: /'));
    expect(r.groups.map((g) => g.agents.map((a) => a.token))).toEqual([['a', 'b'], ['c']]);
    expect(Array.from(r.lines.group)).toEqual([0, 0, 0, 1, 1]);
  });
  it('sitemaps and unknown fields do not end a user-agent list', () => {
    const r = parseRobotsTxt(lines('User-agent: a', 'Sitemap: https://a.test/s', 'Crawl-delay: 1', 'User-agent: b', 'Disallow: /'));
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0]!.agents.map((a) => a.token)).toEqual(['a', 'b']);
    expect(r.sitemaps).toEqual([{ line: 2, url: 'https://a.test/s' }]);
    expect(r.lines.group[1]).toBe(-1);
  });
  it('indexes merged groups by lower-cased token and lists the * groups', () => {
    const r = parseRobotsTxt(lines('User-agent: Googlebot', 'Disallow: /a', 'User-agent: *', 'Disallow: /', 'User-agent: googlebot/2.1', 'Allow: /'));
    expect(r.groupsByToken.get('googlebot')).toEqual([0, 2]);
    expect(r.globalGroups).toEqual([1]);
    expect(flagsOf(r.text, 5)).toEqual(['AgentCut']);
    expect(flagsOf(r.text, 3)).toEqual(['GlobalAgent']);
  });
  it("a group's span ends before trailing blank and comment lines", () => {
    const r = parseRobotsTxt(lines('User-agent: a', 'Disallow: /', 'Crawl-delay: 3', '', '# next', 'User-agent: b', 'Disallow: /'));
    expect(r.groups.map((g) => [g.firstLine, g.lastLine])).toEqual([[1, 3], [6, 7]]);
  });
});

describe('RFC 9309 2.3: encoding, line breaks and limits', () => {
  it('skips one leading BOM, not two', () => {
    expect(verdict('\uFEFFUser-agent: *\nDisallow: /x', 'x', '/x')).toEqual({ allowed: false, line: 2 });
    expect(verdict('\uFEFF\uFEFFUser-agent: *\nDisallow: /x', 'x', '/x')).toEqual({ allowed: true, line: 0 });
    expect(parseRobotsTxt('\uFEFFa').bom).toBe(true);
  });
  it('counts LF, CR and CRLF as one line break each; LF CR as two', () => {
    expect(verdict('User-agent: *\r\nDisallow: /a\rDisallow: /b\n\rDisallow: /c', 'x', '/c')).toEqual({ allowed: false, line: 5 });
    expect(parseRobotsTxt('a\r\nb\rc\nd\n\r').lineBreaks).toEqual({ lf: 2, crlf: 1, cr: 2 });
  });
  it('reads lines only up to 16,663 bytes', () => {
    const long = 'Disallow: /' + 'b'.repeat(MAX_LINE_BYTES - 11);
    expect(verdict(lines('User-agent: *', long + '$'), 'x', '/' + 'b'.repeat(MAX_LINE_BYTES - 11) + 'c')).toEqual({ allowed: false, line: 2 });
    expect(flagsOf(lines('User-agent: *', long + '$'), 2)).toContain('LongLineCut');
    expect(verdict(lines('User-agent: *', long.slice(0, -1) + '$'), 'x', '/' + 'b'.repeat(MAX_LINE_BYTES - 12) + 'c').allowed).toBe(true);
  });
  it('cuts a long line inside a multi-byte character at the byte, as Google does', () => {
    const r = parseRobotsTxt(lines('User-agent: *', 'Disallow: /' + 'a'.repeat(MAX_LINE_BYTES - 12) + 'é'));
    expect(r.rules[0]!.pattern.endsWith('a%C3')).toBe(true);
  });
  it('stops reading a line at a NUL byte', () => {
    expect(verdict(lines('User-agent: *', 'Disallow: /a\u0000bc'), 'x', '/a')).toEqual({ allowed: false, line: 2 });
    expect(flagsOf(lines('User-agent: *', 'Disallow: /a\u0000bc'), 2)).toContain('NulCut');
  });
  it('ignores everything after 500 KiB and says where the cut falls', () => {
    const filler = '#'.repeat(99) + '\n';
    const body = 'User-agent: *\n' + filler.repeat(5200) + 'Disallow: /late\n';
    const r = parseRobotsTxt(body);
    expect(r.byteSize).toBe(body.length);
    expect(r.limitCut).toEqual({ offset: 512_000, line: 5121 });
    expect(r.lines.kind[5201]).toBe(LineKind.AfterLimit);
    expect(verdict(body, 'x', '/late')).toEqual({ allowed: true, line: 0 });
  });
  it('percent-encodes raw non-ASCII and upper-cases escapes in patterns', () => {
    const r = parseRobotsTxt(lines('User-agent: *', 'Disallow: /ä%c3%a4%zz%', 'Allow: /caf' + decodeRobotsBytes(new Uint8Array([0xe9]))));
    expect(r.rules.map((x) => x.pattern)).toEqual(['/%C3%A4%C3%A4%zz%', '/caf%E9']);
  });
});

describe('rules read from the line table when asked for (a parse allocates nothing per rule line)', () => {
  const text = lines('Disallow: /outside', 'User-agent: a', 'Disallow: /a', 'Allow:', '# c', 'User-agent: b', 'User-agent: c', 'Allow: /%e2', 'Disallow: x', 'Sitemap: https://s.test/s.xml');
  it('counts each group\'s rules before reading them, and reads them in line order, the same array on every ask', () => {
    const r = parseRobotsTxt(text);
    expect([r.ruleCount, ...r.groups.map((g) => g.ruleCount)]).toEqual([4, 2, 2]);
    const g = r.groups[1]!;
    expect(g.rules).toBe(g.rules);
    expect(g.rules).toEqual([
      { line: 8, allow: true, value: '/%e2', pattern: '/%E2', group: 1 },
      { line: 9, allow: false, value: 'x', pattern: 'x', group: 1 },
    ]);
    expect(r.rules.map((x) => [x.line, x.group])).toEqual([[3, 0], [4, 0], [8, 1], [9, 1]]);
    expect(r.rules).toBe(r.rules);
  });
  it('writes a group as plain data with its rules, though they are read on demand', () => {
    const r = parseRobotsTxt(text);
    expect(JSON.parse(JSON.stringify(r.groups[0]))).toEqual({
      index: 0, agents: [{ line: 2, value: 'a', token: 'a', global: false }], rules: r.groups[0]!.rules, ruleCount: 2, firstLine: 2, lastLine: 4, global: false,
    });
    expect(JSON.parse(JSON.stringify(r)).rules).toHaveLength(4);
  });
});

describe('robots.txt bytes', () => {
  it('invalid UTF-8 survives decoding and encoding byte for byte', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xe9, 0x0d, 0x0a, 0xc3, 0xa4, 0xff, 0xf0, 0x9f, 0x98, 0x80]);
    expect(Array.from(encodeRobotsText(decodeRobotsBytes(bytes)))).toEqual(Array.from(bytes));
  });
});

describe('the line table', () => {
  it('holds every line of a text whose lines are far shorter than usual (the table grows)', () => {
    // 30,000 lines of one or two characters: many more than a 60 KB text usually has.
    const short = Array.from({ length: 30_000 }, (_, i) => (i % 3 === 0 ? 'x' : i % 3 === 1 ? '' : '#'));
    const text = short.join('\r\n') + '\nUser-agent: *\nDisallow: /end';
    // Where line n starts: the lines before it, each with its CRLF.
    const startOf = (n: number) => short.slice(0, n - 1).reduce((sum, l) => sum + l.length + 2, 0);
    const r = parseRobotsTxt(text);
    expect(r.lineCount).toBe(30_002);
    const at = (line: number) => ({ from: r.lines.from[line - 1], kind: describeKind(r.lines.kind[line - 1]!) });
    expect(at(1)).toEqual({ from: 0, kind: 'Invalid' });
    expect(at(2)).toEqual({ from: 3, kind: 'Blank' });
    expect(at(29_999)).toEqual({ from: startOf(29_999), kind: 'Blank' });
    expect(at(30_000)).toEqual({ from: startOf(30_000), kind: 'Comment' });
    expect(at(30_002)).toMatchObject({ kind: 'Disallow' });
    const start = r.lines.from[30_001]!;
    expect(r.text.slice(start + r.lines.valueFrom[30_001]!, start + r.lines.valueTo[30_001]!)).toBe('/end');
    expect(verdict(text, 'Googlebot', 'https://a.test/end')).toMatchObject({ allowed: false, line: 30_002 });
  });
});

describe('the reader\'s primer (read before the first parse, so the optimiser sees every path)', () => {
  it('holds every kind of line but AfterLimit, and every flag a line within the limits can get', () => {
    const robots = parseRobotsTxt(READER_PRIMER);
    const seenKinds = new Set(Array.from(robots.lines.kind, describeKind));
    expect(Object.keys(LineKind).filter((k) => !seenKinds.has(k))).toEqual(['AfterLimit']);
    const all = robots.lines.flags.reduce((a, f) => a | f, 0);
    const cutFlags = ['LongLineCut', 'NulCut', 'LimitCut'];
    expect(Object.entries(LineFlag).filter(([name, bit]) => !(all & bit) && !cutFlags.includes(name)).map(([name]) => name)).toEqual([]);
    expect([robots.lineBreaks.crlf > 0, robots.lineBreaks.cr > 0, robots.groups.length]).toEqual([true, true, 3]);
  });
});

describe('textFacts: what the scan knows of the whole text first', () => {
  // NUL, U+FFFD, lone and paired surrogates, surrogate-escaped bytes, other three-byte characters led by EF.
  const unit = fc.oneof(
    fc.constantFrom('a', '%', '\0', '\ufffd', '\udcff', '\udc80', '\ud800', '\ud83d\ude00', '\uff61', '\uf000', 'é', 'ж', '\n'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  );
  it('property: the reference byte count (escaped bytes one byte each), NUL, ASCII, % and the stretches beyond ASCII of any text', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 24 }), (t) => {
        const ascii = !/[^\x00-\x7f]/.test(t);
        const runs = [...t.matchAll(/[^\x00-\x7f]+/g)].flatMap((m) => [m.index, m.index + m[0].length]);
        expect(textFacts(t)).toEqual({ byteSize: utf8Length(t), hasNul: t.includes('\0'), percent: t.includes('%'), ascii, runs });
      }),
      { numRuns: 5000 },
    );
  });
});
