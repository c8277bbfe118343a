/**
 * Hostile input for every reader: random files with wildcard-heavy rules and long URLs
 * answered within a time bound per check; any body, crawler and URL answered without throwing;
 * the inputs the probe named. No reader may compile a file's pattern into a backtracking RegExp,
 * rescan its agents per agent, or spread a long string's bytes into a call.
 * Authority: bad input never crashes or stalls a reader; each reader's parser for what the answer is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { READER_IDS, READERS, readWith, type ReaderId } from './index.js';
import { READER_FAILURE, type ReaderVerdict } from './reader.js';

/**
 * The CPU time one parse or one check may take here: generous (the collector's threads count too), and
 * far below what the probe's hostile inputs took (seconds to minutes); inputs are sized so that a
 * quadratic or backtracking reader would pass it by orders of magnitude.
 */
const BOUND_MS = 1000;
const SEED = Number(process.env.READER_SEED ?? 35);

/** This process's CPU time in ms: other work on the machine does not stretch it, as it stretches the clock. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Parses and checks with the reader itself (no guard), timing each step in CPU time. */
function timed(reader: ReaderId, text: string, ua: string, url: string): { verdict: ReaderVerdict; parseMs: number; checkMs: number } {
  const t0 = cpuMs();
  const parsed = READERS[reader].parse(text);
  const t1 = cpuMs();
  const verdict = READERS[reader].check(parsed, ua, url);
  return { verdict, parseMs: t1 - t0, checkMs: cpuMs() - t1 };
}

const pick = <T,>(xs: readonly T[]) => fc.constantFrom(...xs);
const wildcardPattern = fc.array(pick(['a', 'b', '*', '*', '*', '/', '$', '%41', '%', '?', '=', '.', '*a', 'a*']), { minLength: 1, maxLength: 60 }).map((p) => '/' + p.join(''));
const longPath = fc.tuple(fc.array(pick(['a', 'a', 'b', '/', '%41', '=', '?', '$', '*', 'é', '%F0', '\udcf0']), { maxLength: 400 }), fc.nat(4000))
  .map(([parts, repeat]) => parts.join('') + 'a'.repeat(repeat));
const agentLine = pick(['*', 'FooBot', 'foo', 'bot', 'foobot/1.0', 'Foo Bar', 'a1', '']).map((a) => `User-agent: ${a}`);
const ruleLine = fc.tuple(pick(['Disallow', 'Allow', 'disallow', 'Dissallow']), wildcardPattern).map(([k, p]) => `${k}: ${p}`);
const hostileFile = fc.array(fc.oneof({ weight: 1, arbitrary: agentLine }, { weight: 4, arbitrary: ruleLine }, { weight: 1, arbitrary: pick(['', '# c', 'Crawl-delay: 1.5', 'Sitemap: /s']) }), { minLength: 1, maxLength: 40 })
  .map((lines) => lines.join('\n'));

describe('every reader, on random files of wildcard-heavy rules and long URLs', () => {
  it(`parses and checks each within ${BOUND_MS} ms, never throwing`, () => {
    fc.assert(fc.property(hostileFile, longPath, pick(['FooBot', 'foobot/2.0', 'Mozilla/5.0 (compatible; FooBot/2.1)', 'other']), (text, path, ua) => {
      const url = 'https://x.test' + path;
      for (const reader of READER_IDS) {
        const { verdict, parseMs, checkMs } = timed(reader, text, ua, url);
        expect(verdict.reader).toBe(reader);
        expect([reader, parseMs < BOUND_MS, checkMs < BOUND_MS]).toEqual([reader, true, true]);
      }
    }), { numRuns: 120, seed: SEED });
  });
});

describe('readWith never throws', () => {
  const body = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constant(null), fc.constant(undefined), hostileFile,
    fc.nat(200_000).map((n) => 'User-agent: *\nDisallow: /' + 'x%4'.repeat(n % 50_000)));
  it('on any body (null and undefined included), crawler and URL: a verdict, never the guard’s', () => {
    fc.assert(fc.property(body, fc.string({ unit: 'binary' }), fc.oneof(fc.string({ unit: 'binary' }), fc.webUrl(), longPath.map((p) => 'https://x.test' + p)), fc.option(fc.oneof(fc.webUrl(), fc.string())), (text, ua, url, robotsUrl) => {
      for (const reader of READER_IDS) {
        const v = readWith(reader, text as string | null | undefined, robotsUrl ?? undefined)(ua, url);
        expect(v.reader).toBe(reader);
        expect(v.error ?? '').not.toContain(READER_FAILURE);
      }
    }), { numRuns: 150, seed: SEED });
  });
});

describe('the probe’s hostile inputs, each answered within the bound', () => {
  const a100 = 'https://x.test/' + 'a'.repeat(100);
  const cases: [name: string, text: string, ua: string, url: string][] = [
    ['48-byte file of ten stars against 100 a’s (Protego hung)', 'User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*a*b\n', 'FooBot', a100],
    ['one group of 10,000 User-agent lines (2,000 took 4.2 s to diagnose)', Array.from({ length: 10_000 }, (_, i) => `User-agent: bot${i}`).join('\n') + '\nDisallow: /x\n', 'other', 'https://x.test/x'],
    ['a group of 5,000 agents named twice', [0, 1].map((k) => Array.from({ length: 5_000 }, (_, i) => `User-agent: bot${i}`).join('\n') + `\nDisallow: /${k}\n`).join(''), 'xbot77y', 'https://x.test/1'],
    ['400 KB of “<” in an HTML page (crawler-commons stripped 80 KB in over 30 s)', '<html>User-agent: *\n' + '<'.repeat(400_000) + '\nDisallow: /x', 'FooBot', 'https://x.test/x'],
    ['a 2 KB rule of stars against a 20,000-character URL', 'User-agent: *\nDisallow: /' + '*a'.repeat(1000) + 'b\n', 'FooBot', 'https://x.test/' + 'a'.repeat(20_000)],
    ['a 130,000-character rule with escapes', 'User-agent: *\nDisallow: /%41' + 'a'.repeat(130_000) + '\n', 'FooBot', 'https://x.test/a'],
    ['a 130,000-character URL with escapes', 'User-agent: *\nDisallow: /x\n', 'FooBot', 'https://x.test/%41' + 'a'.repeat(130_000)],
    ['a Crawl-delay of 200,000 digits', 'User-agent: *\nCrawl-delay: ' + '1'.repeat(200_000) + '.x\nDisallow: /x\n', 'FooBot', 'https://x.test/x'],
  ];
  it.each(cases)('%s', (_name, text, ua, url) => {
    for (const reader of READER_IDS) {
      const { verdict, parseMs, checkMs } = timed(reader, text, ua, url);
      expect([reader, verdict.error ?? '', parseMs < BOUND_MS, checkMs < BOUND_MS]).toEqual([reader, verdict.error ?? '', true, true]);
      expect(verdict.error ?? '').not.toContain(READER_FAILURE);
    }
  });
  it('a 5 MB line (Protego threw) and a 2,000,000-character URL (every reader threw RangeError): an answer, in linear time', () => {
    const line = 'User-agent: *\nDisallow: /' + 'x%41'.repeat(1_300_000) + '\n';
    for (const reader of ['scrapy-protego', 'scrapy-protego-0.6'] as const) expect(readWith(reader, line)('FooBot', 'https://x.test/x').error ?? '').toBe('');
    const url = 'https://x.test/' + 'a%41'.repeat(500_000);
    for (const reader of READER_IDS) expect([reader, readWith(reader, 'User-agent: *\nDisallow: /a\n')('FooBot', url).error ?? '']).toEqual([reader, '']);
  });
});
