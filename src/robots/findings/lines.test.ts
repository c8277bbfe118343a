import { describe, expect, it } from 'vitest';
import { reportLines } from './lines.js';
import { decodeRobotsBytes } from '../text/index.js';

/** The reporter's fields of each line, without this tester's own. */
const report = (text: string) =>
  reportLines(text).map(({ line, tag, typo, empty, comment, hasComment, directive, tooLong, missingColon }) =>
    ({ line, tag, typo, empty, comment, hasComment, directive, tooLong, missingColon }));
const plain = { typo: false, empty: false, comment: false, hasComment: false, directive: true, tooLong: false, missingColon: false };

describe('Google-specific: RobotsParsingReporter line readings', () => {
  it('numbers lines at LF, CR and CRLF, and the text after the last break is one more line', () => {
    expect(report('User-agent: *\r\nDisallow: /\rAllow: /a\n').map((l) => [l.line, l.tag])).toEqual([
      [1, 'user-agent'], [2, 'disallow'], [3, 'allow'], [4, 'unknown'],
    ]);
    expect(report('')).toEqual([{ ...plain, line: 1, tag: 'unknown', directive: false, empty: true }]);
  });

  it('tags known-but-unused keys (the reporter’s list, whole key) and unknown ones', () => {
    expect(report('Crawl-delay: 5\nContent-Signal: ai-train=no\nCrawl-delays: 5\nunicorn: x').map((l) => l.tag)).toEqual([
      'unused', 'unused', 'unknown', 'unknown',
    ]);
  });

  it('flags typos, missing colons, comments and empty lines', () => {
    expect(report('Disalow /x # c\n  # only\n \t')).toEqual([
      { ...plain, line: 1, tag: 'disallow', typo: true, missingColon: true, hasComment: true },
      { ...plain, line: 2, tag: 'unknown', directive: false, comment: true, hasComment: true },
      { ...plain, line: 3, tag: 'unknown', directive: false, empty: true },
    ]);
  });

  it('three words without a colon, or nothing before the colon, is no directive', () => {
    expect(report('Disallow /a /b\n: /x').map((l) => [l.directive, l.missingColon, l.tag])).toEqual([
      [false, false, 'unknown'], [false, false, 'unknown'],
    ]);
  });

  it('a line over 16,663 bytes is too long; a NUL ends what is read but not the line', () => {
    const long = 'Disallow: /' + 'a'.repeat(16_652);
    expect(report(long)[0]!.tooLong).toBe(false);
    expect(report(long + 'a')[0]!.tooLong).toBe(true);
    expect(report('\0Disallow: /x\nAllow: /')).toMatchObject([{ empty: true, directive: false }, { tag: 'allow' }]);
  });

  it('skips a BOM, and a partial one, byte by byte as robots.cc does', () => {
    const partial = decodeRobotsBytes(new Uint8Array([0xef, 0xbb, ...new TextEncoder().encode('User-agent: *')]));
    expect(report(partial)[0]!.tag).toBe('user-agent');
    expect(report('\uFEFFUser-agent: *')[0]!.tag).toBe('user-agent');
  });

  it('reads every line, the ones past 500 KiB included, and names this tester’s kind beside', () => {
    const big = 'User-agent: *\n' + '#'.repeat(99).concat('\n').repeat(5200) + 'Disallow: /late';
    const last = reportLines(big).at(-1)!;
    expect([last.tag, last.kind, last.codes]).toEqual(['disallow', 'after-limit', ['after-limit']]);
  });
});
