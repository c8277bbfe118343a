import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readIpRanges } from './ranges.js';
import { judgeLog } from './stream.js';
import { mergePackedTally, packTally, unpackTally, type PackedTally } from './tally-pack.js';
import { mergeTally, type LogTally } from './tally.js';
import { combinedLine, LOG_AGENTS, LOG_BEFORE, LOG_CHANGE, LOG_LIVE, LOG_PATHS } from './test-log.js';

// Logs of real User-Agents and paths (test-log.ts) around a change of the file, from Google's
// addresses and others (spoofed Googlebots), with unreadable lines and text beyond Latin-1: a
// tally with every map of a part filled, samples and spoofers.
const RANGES = [readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] }), 'googlebot.json', ['googlebot'])];
const spec = { versions: [{ text: LOG_LIVE, since: LOG_CHANGE }, { text: LOG_BEFORE, since: Date.UTC(2025, 0, 1) }], readers: ['google', 'bing'] as const, ranges: RANGES };

/** A bot's User-Agent beyond Latin-1 (a tally's text of two-byte characters). */
const UNICODE_BOT = 'Ünïcode-Crawler/2.0 (+https://例え.jp/bot)';
const request = fc.tuple(
  fc.constantFrom('66.249.66.1', '66.249.70.9', '203.0.113.7', '2001:db8::5'),
  fc.integer({ min: -3 * 86_400, max: 3 * 86_400 }),
  fc.oneof(fc.constantFrom(...LOG_PATHS), fc.constantFrom('/ñandú/página', '/文档/私人', '/private/😀')),
  fc.oneof(fc.constantFrom(...LOG_AGENTS), fc.constantFrom('Mozilla/5.0 (compatible; Bücherbot/1.0)', UNICODE_BOT)),
).map(([ip, s, path, agent]) => combinedLine(ip, LOG_CHANGE + s * 1000, path, agent));
const logLines = fc.array(fc.oneof({ weight: 9, arbitrary: request }, { weight: 1, arbitrary: fc.constantFrom('not a log line', 'garbage \u0000 here') }), { minLength: 1, maxLength: 80 });

/** The tally of `lines` judged in one run (the first line always readable, so the format is found). */
async function tallyOf(lines: readonly string[]): Promise<LogTally> {
  const first = combinedLine('66.249.66.1', LOG_CHANGE, '/', LOG_AGENTS[0]!);
  const { judge } = await judgeLog([[first, ...lines].join('\n') + '\n'], spec);
  return judge.tally;
}

/** A packed tally as a port delivers it: its numbers moved, its text copied. */
const delivered = (p: PackedTally): PackedTally => structuredClone(p, { transfer: [p.numbers.buffer as ArrayBuffer] });

/** Every map's keys in order, to compare orders (toEqual does not). */
const order = (t: LogTally) => [...t.crawlers].map(([k, c]) => [k, Object.values(c.parts).map((p) => [[...p.top.keys()], [...p.agents.keys()], [...p.hours.keys()], [...p.topAgents.keys()], [...p.changes.keys()]])]);

describe('a tally packed to cross between threads (one text, one buffer of numbers)', () => {
  it('property: unpacked, it is the tally, every Map in its order', async () => {
    await fc.assert(fc.asyncProperty(logLines, async (lines) => {
      const t = await tallyOf(lines);
      const back = unpackTally(delivered(packTally(t)));
      expect(back).toEqual(t);
      expect(order(back)).toEqual(order(t));
    }), { numRuns: 60 });
  });
  it('property: added to another tally, it gives what adding the tally itself gives', async () => {
    await fc.assert(fc.asyncProperty(logLines, logLines, async (a, b) => {
      const [ta, tb] = [await tallyOf(a), await tallyOf(b)];
      const expected = structuredClone(ta);
      mergeTally(expected, tb);
      const into = structuredClone(ta);
      mergePackedTally(into, delivered(packTally(tb)));
      expect(into).toEqual(expected);
      expect(order(into)).toEqual(order(expected));
    }), { numRuns: 60 });
  });
  it('a tally with everything in it (samples, spoofers, reactions to the change, text beyond Latin-1) comes back equal', async () => {
    const t = await tallyOf(Array.from({ length: 400 }, (_, i) => (i % 50 === 7 ? 'not a log line' : combinedLine(i % 3 ? '66.249.66.1' : '203.0.113.7', LOG_CHANGE + (i - 200) * 600_000, i % 4 ? LOG_PATHS[i % LOG_PATHS.length]! : '/private/文档', [...LOG_AGENTS, UNICODE_BOT][i % (LOG_AGENTS.length + 1)]!))));
    expect(t.samples.length).toBeGreaterThan(0);
    expect(t.spoofers.size).toBeGreaterThan(0);
    const parts = [...t.crawlers.values()].flatMap((c) => Object.values(c.parts));
    expect(parts.some((p) => p.changes.size > 0 && p.top.size > 0 && p.hours.size > 0 && p.topAgents.size > 0)).toBe(true);
    const packed = packTally(t);
    expect(/[^\u0000-\u00ff]/.test(packed.text)).toBe(true);
    expect(unpackTally(packed)).toEqual(t);
  });
  it('what is not a whole packed tally is refused: cut short, or with more after it', async () => {
    const p = packTally(await tallyOf(['-']));
    expect(() => unpackTally({ text: p.text, numbers: p.numbers.subarray(0, p.numbers.length - 1) })).toThrow(RangeError);
    expect(() => unpackTally({ text: p.text.slice(0, -1), numbers: p.numbers })).toThrow(RangeError);
    expect(() => unpackTally({ text: p.text, numbers: Float64Array.of(...p.numbers, 0) })).toThrow(RangeError);
    expect(() => unpackTally({ text: `${p.text}x`, numbers: p.numbers })).toThrow(RangeError);
  });
});
