import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUrl, createChecker, prepareChecks } from './check.js';
import { parseRobotsTxt } from './parse.js';
import { RobotsParser } from './reparse.js';
import { compilePattern, matchesPattern } from './pattern.js';
import { testedPath } from '../url/index.js';

/**
 * An independent oracle: the position-set matcher of RFC 9309 2.2.3 (the reference parser's
 * algorithm), written plainly. The engine's compiled matcher must agree with it everywhere.
 */
function oracleMatches(path: string, pattern: string): boolean {
  let positions = [0];
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '$' && i === pattern.length - 1) return positions[positions.length - 1] === path.length;
    if (ch === '*') {
      const first = positions[0]!;
      positions = [];
      for (let p = first; p <= path.length; p++) positions.push(p);
    } else {
      positions = positions.filter((p) => p < path.length && path[p] === ch).map((p) => p + 1);
      if (positions.length === 0) return false;
    }
  }
  return true;
}

const alphabet = fc.constantFrom('/', 'a', 'b', '*', '$', '?', '=', '.');
const pathChars = fc.constantFrom('/', 'a', 'b', '$', '?', '=', '.', '*');

describe('Property: the compiled matcher equals the position-set matcher', () => {
  it('for random patterns and paths', () => {
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 12 }), fc.string({ unit: pathChars, maxLength: 14 }), (pattern, rest) => {
        const path = '/' + rest;
        expect(matchesPattern(compilePattern(pattern), path)).toBe(oracleMatches(path, pattern));
      }),
      { numRuns: 5000 },
    );
  });
});

const robotsLine = fc.oneof(
  fc.constantFrom('User-agent: *', 'User-agent: Googlebot', 'user agent: bingbot', 'Disallow:', 'Allow: /', '# c', ''),
  fc.tuple(fc.constantFrom('Allow', 'Disallow', 'Disalow', 'allow', 'Sitemap', 'Crawl-delay', 'User-agent'), fc.constantFrom(': ', ' ', ':'), fc.string({ unit: alphabet, maxLength: 8 }))
    .map(([k, sep, v]) => k + sep + v),
  fc.string({ maxLength: 30 }),
);
const robotsText = fc.array(robotsLine, { maxLength: 25 }).chain((ls) =>
  fc.constantFrom('\n', '\r\n', '\r').map((eol) => ls.join(eol)));

describe('Property: parsing and checking never throw', () => {
  it('for arbitrary text, user agents and URLs', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), robotsText), fc.string({ maxLength: 40 }), fc.string({ maxLength: 60 }), (text, ua, url) => {
        const robots = parseRobotsTxt(text);
        expect(robots.lineCount).toBeGreaterThan(0);
        // The counts a parse keeps are those of the rules it reads when asked for.
        expect([robots.ruleCount, ...robots.groups.map((g) => g.ruleCount)]).toEqual([robots.rules.length, ...robots.groups.map((g) => g.rules.length)]);
        const v = checkUrl(robots, ua, url);
        expect(typeof v.allowed).toBe('boolean');
        expect(v.line).toBeGreaterThanOrEqual(0);
        expect(v.line).toBeLessThanOrEqual(robots.lineCount);
        expect(v.url.path.startsWith('/')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
  it('for structured robots.txt, checkUrl and the bulk checker agree and the deciding line is a rule', () => {
    fc.assert(
      fc.property(robotsText, fc.constantFrom('Googlebot', 'bingbot', 'Other'), fc.array(fc.string({ unit: pathChars, maxLength: 10 }), { minLength: 1, maxLength: 30 }), (text, ua, paths) => {
        const robots = parseRobotsTxt(text);
        const bulk = createChecker(robots, ua);
        for (const p of paths) {
          const v = checkUrl(robots, ua, '/' + p);
          expect(bulk('/' + p)).toEqual({ allowed: v.allowed, line: v.line, valid: v.problem === null, inScope: v.inScope, path: v.url.path });
          if (v.line > 0) expect(robots.rules.some((r) => r.line === v.line)).toBe(true);
          if (!v.allowed) expect(v.line).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

// Rules that repeat, index.html allows and values Google normalises: where the first checks (rules
// scanned as written: in the line table, or read) and later ones (deduplicated, prefix-indexed
// entries) could differ if either were wrong.
const repeatLine = fc.constantFrom(
  'User-agent: *', 'User-agent: Googlebot', 'Allow: /a/index.html', 'Allow: /index.html', 'Allow: /index.htm$', 'Allow: /a/index.htm', 'Disallow: /a/', 'Disallow: /a',
  'Allow: /a', 'Disallow: /*.html$', 'Allow: /*/index.html', 'Disallow: /', 'Allow: /a/b/index.html', 'Disallow: /a/b', 'Disallow: /ä', 'Allow: /%c3%a4/index.html',
  'Allow: /a/index.html # c', 'Disallow: /a/b$',
);
const many = <T>(arb: fc.Arbitrary<T>, n: number) => fc.array(arb, { minLength: n, maxLength: n });

describe('Property: a verdict does not depend on how often its group was checked before', () => {
  it('the full explanation is the same on the first check, after many checks, and after the group is indexed up front', () => {
    fc.assert(
      fc.property(fc.array(repeatLine, { maxLength: 40 }), many(fc.constantFrom('/a/', '/a/index.html', '/a/b/', '/a/b/index.html', '/x.html', '/a', '/', '/%C3%A4/'), 6), (ls, paths) => {
        const text = ['User-agent: *', ...ls, ...Array.from({ length: 30 }, (_, i) => `Disallow: /pad${i}`)].join('\n');
        const first = paths.map((p) => checkUrl(parseRobotsTxt(text), 'Googlebot', p));
        // The first checks again, once the groups' rules were read (not found in the line table).
        const read = parseRobotsTxt(text);
        for (const g of read.groups) void g.rules;
        expect(paths.map((p) => checkUrl(read, 'Googlebot', p))).toEqual(first);
        const robots = parseRobotsTxt(text);
        // Enough checks for the group to be indexed on its own.
        for (let i = 0; i < 40; i++) checkUrl(robots, 'Googlebot', paths[i % paths.length]!);
        const late = paths.map((p) => checkUrl(robots, 'Googlebot', p));
        const prepared = parseRobotsTxt(text);
        prepareChecks(prepared, 'Googlebot');
        const indexed = paths.map((p) => checkUrl(prepared, 'Googlebot', p));
        expect(late).toEqual(first);
        expect(indexed).toEqual(first);
      }),
      { numRuns: 500 },
    );
  });
});

describe('Property: wildcard-heavy merged groups (literal and prefix indexes) answer as the plain algorithm', () => {
  const piece = fc.string({ unit: fc.constantFrom('a', 'b', '.', '?', '=', '/'), minLength: 1, maxLength: 4 });
  const pattern = fc.oneof(
    piece.map((p) => `/*${p}`),
    fc.tuple(piece, piece).map(([a, b]) => `/*${a}*${b}$`),
    fc.tuple(piece, piece).map(([a, b]) => `/${a}*${b}`),
    piece.map((p) => `/${p}`),
    piece.map((p) => `*${p}$`),
  );
  const rule = fc.tuple(fc.boolean(), pattern).map(([allow, p]) => `${allow ? 'Allow' : 'Disallow'}: ${p}`);
  /** Google's decision over all rules, written plainly with the oracle: longest, ties to allow, earliest line. */
  function reference(lines: string[], path: string): { allowed: boolean; line: number } {
    let best = { allow: -1, allowLine: 0, disallow: -1, disallowLine: 0 };
    lines.forEach((l, i) => {
      const m = /^(Allow|Disallow): (.*)$/.exec(l);
      if (!m || !oracleMatches(path, m[2]!)) return;
      const len = m[2]!.length;
      if (m[1] === 'Allow' && len > best.allow) best = { ...best, allow: len, allowLine: i + 1 };
      if (m[1] === 'Disallow' && len > best.disallow) best = { ...best, disallow: len, disallowLine: i + 1 };
    });
    const blocked = (best.allow > 0 || best.disallow > 0) && best.disallow > best.allow;
    return { allowed: !blocked, line: best.disallow > best.allow ? best.disallowLine : best.allowLine };
  }
  it('for random rule sets split over several Googlebot groups', () => {
    fc.assert(
      fc.property(fc.array(rule, { minLength: 30, maxLength: 80 }), fc.integer({ min: 1, max: 4 }), fc.array(fc.string({ unit: pathChars, maxLength: 12 }).map((p) => (p.startsWith('/') ? 'a' + p : p)), { minLength: 8, maxLength: 20 }), (rules, parts, paths) => {
        const lines: string[] = [];
        const size = Math.ceil(rules.length / parts);
        for (let i = 0; i < rules.length; i += size) lines.push('User-agent: Googlebot', ...rules.slice(i, i + size));
        const scanned = createChecker(parseRobotsTxt(lines.join('\n')), 'Googlebot');
        const robots = parseRobotsTxt(lines.join('\n'));
        prepareChecks(robots, 'Googlebot');
        const indexed = createChecker(robots, 'Googlebot');
        for (const check of [scanned, indexed]) {
          for (const p of paths) expect([p, check('/' + p)]).toEqual([p, { ...reference(lines, testedPath('/' + p)), valid: true, inScope: true, path: testedPath('/' + p) }]);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('Property: an index carried across keystrokes answers as one built afresh', () => {
  const piece = fc.string({ unit: fc.constantFrom('a', 'b', '.', '?', '/'), minLength: 1, maxLength: 3 });
  const pattern = fc.oneof(piece.map((p) => `/*${p}`), fc.tuple(piece, piece).map(([a, b]) => `/${a}*${b}`), piece.map((p) => `/${p}`), piece.map((p) => `/${p}/index.html`));
  const rule = fc.tuple(fc.boolean(), pattern).map(([allow, p]) => `${allow ? 'Allow' : 'Disallow'}: ${p}`);
  // A keystroke inside a rule's value: a character typed or erased (repeats of other rules included).
  const keystroke = fc.record({ rule: fc.nat(), typed: fc.option(fc.constantFrom('a', 'b', '*', '/', '.', '$'), { nil: null }) });
  const paths = fc.array(fc.string({ unit: pathChars, maxLength: 8 }).map((p) => '/' + p), { minLength: 4, maxLength: 8 });

  it('for keystrokes in single and merged groups, indexed up front or after many checks', () => {
    fc.assert(
      fc.property(fc.array(rule, { minLength: 30, maxLength: 60 }), fc.integer({ min: 1, max: 3 }), fc.array(keystroke, { minLength: 1, maxLength: 12 }), paths, (rules, parts, keys, ps) => {
        const lines: string[] = [];
        const size = Math.ceil(rules.length / parts);
        for (let i = 0; i < rules.length; i += size) lines.push('User-agent: Googlebot', ...rules.slice(i, i + size));
        let text = lines.join('\n');
        const parser = new RobotsParser();
        prepareChecks(parser.parse(text), 'Googlebot');
        for (const k of keys) {
          const ruleLines = text.split('\n').map((l, i) => [l, i] as const).filter(([l]) => /^(Allow|Disallow): /.test(l));
          const [line, index] = ruleLines[k.rule % ruleLines.length]!;
          const at = text.split('\n').slice(0, index).join('\n').length + (index > 0 ? 1 : 0) + line.length;
          const next = k.typed === null ? (line.endsWith(': ') ? text : text.slice(0, at - 1) + text.slice(at)) : text.slice(0, at) + k.typed + text.slice(at);
          if (next === text) continue;
          const from = k.typed === null ? at - 1 : at;
          const robots = parser.parse(next, { base: text, from, to: k.typed === null ? at : at });
          text = next;
          const fresh = parseRobotsTxt(text);
          // Paths the edited rule matched before and after the keystroke, and random ones.
          const edited = [line, next.split('\n')[index]!].map((l) => l.slice(l.indexOf(': ') + 2).replace(/\*/g, 'a').replace(/\$$/, ''));
          for (const p of [...edited, ...edited.map((e) => e + 'b'), ...ps]) {
            expect([p, checkUrl(robots, 'Googlebot', p)]).toEqual([p, checkUrl(fresh, 'Googlebot', p)]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** robots.cc MaybeEscapePattern, written plainly: `%xx` upper-cased, each byte of raw non-ASCII as `%XX`. */
function referenceEscape(value: string): string {
  const hex = /^[0-9a-fA-F]{2}$/;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (value[i] === '%' && hex.test(value.slice(i + 1, i + 3))) {
      out += value.slice(i, i + 3).toUpperCase();
      i += 2;
    } else if (c >= 0xdc80 && c <= 0xdcff && !(i > 0 && value.charCodeAt(i - 1) >= 0xd800 && value.charCodeAt(i - 1) <= 0xdbff)) {
      out += '%' + (c - 0xdc00).toString(16).toUpperCase();
    } else if (c >= 0x80) {
      const pair = c >= 0xd800 && c <= 0xdbff && value.charCodeAt(i + 1) >= 0xdc00 && value.charCodeAt(i + 1) <= 0xdfff;
      const ch = pair ? value.slice(i, i + 2) : value[i]!;
      for (const b of new TextEncoder().encode(ch)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
      if (pair) i++;
    } else {
      out += value[i];
    }
  }
  return out;
}

describe('Property: a rule\'s pattern is its value normalised as robots.cc does, whatever the text around it (the scan\'s plain-value fast path)', () => {
  const unit = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('a', '/', '*', '$', '?', '=') },
    { weight: 2, arbitrary: fc.constantFrom('%2f', '%2F', '%a', '%zz', '%', 'é', '中', '😀', '\udcff', ' ', '#') },
  );
  const value = fc.string({ unit, maxLength: 10 });
  const line = fc.oneof(
    value.map((v) => `Disallow: /${v}`),
    value.map((v) => `Allow: ${v}`),
    value.map((v) => `User-agent: ${v}`),
    value.map((v) => `# ${v}`),
    value.map((v) => `Crawl-delay: ${v}`),
  );
  const text = fc.tuple(fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n', '\r')).map(([ls, br]) => ['User-agent: *', ...ls].join(br));

  it('for random files mixing ASCII, percent escapes, raw non-ASCII and escaped bytes', () => {
    fc.assert(
      fc.property(text, (t) => {
        const robots = parseRobotsTxt(t);
        for (const rule of robots.rules) expect(rule.pattern).toBe(referenceEscape(rule.value));
        // The re-parser's answer (its kept lines' values included) is the full parse's.
        const parser = new RobotsParser();
        parser.parse(t.replace(/\/$/, ''));
        expect(parser.parse(t).rules).toEqual(robots.rules);
      }),
      { numRuns: 2000 },
    );
  });
});
