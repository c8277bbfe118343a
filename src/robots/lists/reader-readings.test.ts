import { describe, expect, it } from 'vitest';
import { resolveAgent } from '../crawlers/index.js';
import { ListChecker } from './list-checker.js';
import { ListVerdict } from './words.js';
import { ReaderReadings } from './reader-readings.js';

const file = 'User-agent: bingbot\nDisallow: /private\n\nUser-agent: *\nDisallow: /tmp\n';
const checker = (agent: string, readings?: ReaderReadings) =>
  new ListChecker({ versions: [{ text: file }, { text: `${file}Disallow: /old\n` }], crawlers: [resolveAgent(agent)], readers: ['google', 'bing'], readings });

describe('other readers\' parses shared by list checkers (a log keeps a checker per crawler)', () => {
  it('one parse per reader, text and robots.txt URL, whichever checker asks first', () => {
    const r = new ReaderReadings();
    const a = r.read('bing', file, 'https://example.com/robots.txt');
    expect(r.read('bing', file, 'https://example.com/robots.txt')).toBe(a);
    expect(r.read('bing', `${file}\n`, 'https://example.com/robots.txt')).not.toBe(a);
    expect(r.read('bing', file, undefined)).not.toBe(a);
    expect(r.read('python-urllib-rfc9309', file, 'https://example.com/robots.txt')).not.toBe(a);
  });
  it("Bing's reading of the file: checkers sharing the parses give every verdict and line a checker of its own gives", () => {
    const shared = new ReaderReadings();
    const urls = ['https://example.com/private/x', 'https://example.com/tmp/y', 'https://example.com/old/z', 'https://example.com/'];
    for (const agent of ['bingbot', 'MJ12bot', 'Googlebot']) {
      for (const version of [0, 1]) {
        const own = checker(agent).check(urls, version).results[0]!;
        const sharing = checker(agent, shared).check(urls, version).results[0]!;
        expect([...sharing.verdict], `${agent} v${version}`).toEqual([...own.verdict]);
        expect([...sharing.line], `${agent} v${version}`).toEqual([...own.line]);
      }
    }
    // RFC 9309's groups as Bing's parser reads them: bingbot follows its own group, MJ12bot the * group (with /old in the second version).
    const bingColumn = (agent: string) => [...checker(agent, shared).check(urls, 1).results[0]!.verdict].filter((_, i) => i % 2 === 1);
    const { Allowed: A, Blocked: B } = ListVerdict;
    expect(bingColumn('bingbot')).toEqual([B, A, A, A]);
    expect(bingColumn('MJ12bot')).toEqual([A, B, B, A]);
  });
});
