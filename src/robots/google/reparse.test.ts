import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RobotsTxt } from './model.js';
import { parseRobotsTxt } from './parse.js';
import { commonPrefix, commonSuffix, RobotsParser } from './reparse.js';

/** The whole parse as plain data, typed arrays included, for deep comparison. */
function plain(r: RobotsTxt): unknown {
  const lines = Object.fromEntries(Object.entries(r.lines).map(([k, v]) => [k, Array.from(v as ArrayLike<number>)]));
  // What checks prepared is not the parse's data (property.test.ts checks that carrying it changes no answer).
  const { matching: _prepared, ...data } = r;
  // A group's rules are read when asked for, not an own property: asked for here.
  return { ...data, lines, groups: r.groups.map((g) => ({ ...g, rules: g.rules })), groupsByToken: [...r.groupsByToken] };
}

/** Applies `edit` to `text` (positions clamped into the text). */
function applyEdit(text: string, edit: { at: number; remove: number; insert: string }): string {
  const at = Math.min(edit.at, text.length);
  return text.slice(0, at) + edit.insert + text.slice(Math.min(text.length, at + edit.remove));
}

// Fragments that exercise every line shape, every break kind, NUL, BOM, non-ASCII and escapes.
const fragment = fc.constantFrom(
  'User-agent: *', 'user-agent: Googlebot', 'Useragent: bingbot/2.1', 'Disallow: /a', 'Allow: /a/index.html',
  'Disallow: /*.pdf$', 'Allow:', 'Sitemap: https://x.test/s.xml', 'Crawl-delay: 5', '# note', 'junk line here',
  'Disallow /b', 'Disallow: /ü%aa', ':', '\n', '\r\n', '\r', '\n\n', '\0', '\uFEFF', ' ', '*', 'x', '#',
  // Units of every UTF-8 width (the re-parse counts the size by the lines it re-scans), raw bytes included.
  'ж', '中', '😀', '\udcff', '\ud83d',
);
const document = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));
const edit = fc.record({ at: fc.nat(800), remove: fc.nat(30), insert: fc.array(fragment, { maxLength: 3 }).map((p) => p.join('')) });

describe('RobotsParser: an edited document parses exactly as a fresh parse', () => {
  it('after any sequence of edits (property)', () => {
    fc.assert(
      fc.property(document, fc.array(edit, { minLength: 1, maxLength: 6 }), (start, edits) => {
        const parser = new RobotsParser();
        let text = start;
        expect(plain(parser.parse(text))).toEqual(plain(parseRobotsTxt(text)));
        for (const e of edits) {
          text = applyEdit(text, e);
          expect(plain(parser.parse(text))).toEqual(plain(parseRobotsTxt(text)));
        }
      }),
      { numRuns: 1500 },
    );
  });

  // Told with its insert, the re-parse reads the edited lines from the old text and the insert.
  it.each([['', false], [' with their inserts', true]] as const)('after any sequence of edits it is told of%s, without comparing the texts (property)', (_, withInsert) => {
    fc.assert(
      fc.property(document, fc.array(edit, { minLength: 1, maxLength: 6 }), (start, edits) => {
        const parser = new RobotsParser();
        let text = start;
        parser.parse(text);
        for (const e of edits) {
          const from = Math.min(e.at, text.length);
          const to = Math.min(text.length, from + e.remove);
          const base = text;
          text = applyEdit(text, e);
          const change = withInsert ? { base, from, to, insert: e.insert } : { base, from, to };
          expect(plain(parser.parse(text, change))).toEqual(plain(parseRobotsTxt(text)));
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('an insert that does not make the new text from the old is not used (the new text is read)', () => {
    const parser = new RobotsParser();
    const base = 'User-agent: *\nDisallow: /a\nDisallow: /b';
    parser.parse(base);
    const next = 'User-agent: *\nDisallow: /a\nDisallow: /bc';
    expect(plain(parser.parse(next, { base, from: base.length, to: base.length, insert: 'cd' }))).toEqual(plain(parseRobotsTxt(next)));
  });

  it('ignores an edit that is not of the text it parsed last (it compares instead)', () => {
    const parser = new RobotsParser();
    parser.parse('User-agent: *\nDisallow: /a\nDisallow: /b');
    const next = 'User-agent: *\nDisallow: /a\nDisallow: /bc';
    expect(plain(parser.parse(next, { base: 'something else', from: 0, to: 1 }))).toEqual(plain(parseRobotsTxt(next)));
  });

  it('when typing into a rule of a large file, and when a line break is added or removed', () => {
    const base = ['User-agent: *', ...Array.from({ length: 3000 }, (_, i) => `Disallow: /p${i}/`), '', 'User-agent: bingbot', 'Disallow: /b'].join('\n');
    const parser = new RobotsParser();
    parser.parse(base);
    const at = base.indexOf('/p1500/') + 7;
    for (const next of [
      base.slice(0, at) + 'x' + base.slice(at),
      base.slice(0, at) + '\nUser-agent: x\nDisallow: /' + base.slice(at),
      base.slice(0, at) + '\r' + base.slice(at),
      base.slice(0, at - 1) + base.slice(at + 1),
      base,
    ]) {
      expect(plain(parser.parse(next))).toEqual(plain(parseRobotsTxt(next)));
    }
  });

  it('a keystroke inside a rule patches the parse: untouched groups are shared, not rebuilt', () => {
    const base = ['# shop', 'User-agent: *', 'Disallow: /a', 'Allow: /a/index.html', 'Disallow: /%e2', '', 'User-agent: bingbot', 'Disallow: /b', 'Crawl-delay: 3'].join('\n');
    const parser = new RobotsParser();
    const before = parser.parse(base);
    for (const next of [
      base.replace('Disallow: /a', 'Disallow: /ab'),
      base.replace('Disallow: /a', 'Disallow: /ab').replace('Allow: /a/index.html', 'Allow: /a/index.htm'),
      base.replace('Disallow: /a', 'Disallow:'),
      base.replace('Disallow: /%e2', 'Disallow: /%e2%82'),
      base.replace('Crawl-delay: 3', 'Crawl-delay: 30'),
      base.replace('# shop', '# shop!'),
    ]) {
      const after = parser.parse(next);
      expect(plain(after)).toEqual(plain(parseRobotsTxt(next)));
      parser.parse(base);
    }
    const current = parser.parse(base);
    const typed = parser.parse(base.replace('Disallow: /a', 'Disallow: /abc'));
    expect(typed.groups[1]).toBe(current.groups[1]);
    expect(typed.groups[0]).not.toBe(current.groups[0]);
    expect(before.groups[0]!.rules[0]!.value).toBe('/a');
  });

  it('when the edit crosses Google’s 500 KiB limit either way', () => {
    const line = 'Disallow: /' + 'a'.repeat(88);
    const near = ['User-agent: *', ...Array.from({ length: 5119 }, () => line)].join('\n');
    const parser = new RobotsParser();
    for (const next of [near, near + '\nDisallow: /over-the-limit', near, near.slice(0, 1000) + 'é' + near.slice(1000)]) {
      expect(plain(parser.parse(next))).toEqual(plain(parseRobotsTxt(next)));
    }
  });
});

describe('commonPrefix and commonSuffix', () => {
  it('find the unchanged ends across chunk boundaries', () => {
    const a = 'x'.repeat(5000) + 'A' + 'y'.repeat(4999);
    const b = 'x'.repeat(5000) + 'BB' + 'y'.repeat(4999);
    expect(commonPrefix(a, b)).toBe(5000);
    expect(commonSuffix(a, b, 5000)).toBe(4999);
    expect(commonPrefix(a, a)).toBe(a.length);
    expect(commonSuffix('abc', 'abc', 1)).toBe(1);
    expect(commonPrefix('', 'abc')).toBe(0);
  });
});
