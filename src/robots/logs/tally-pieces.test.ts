import { describe, expect, it } from 'vitest';
import { judgeLog } from './stream.js';
import { tallyJoined, tallyPieces } from './tally-pieces.js';
import { LOG_CHANGE, LOG_BEFORE, LOG_LIVE, testLogLines } from './test-log.js';

/** A real-shaped log's tally, with the file changing in the middle (every map of a part has entries). */
async function tally() {
  const { judge } = await judgeLog([testLogLines(3000).join('\n')], { versions: [{ text: LOG_BEFORE }, { text: LOG_LIVE, since: LOG_CHANGE }] });
  return judge.tally;
}

describe('a tally sent in pieces (structured clone reads each message in a task of its own)', () => {
  it('joined again, it is the tally, its crawlers in their order', async () => {
    const t = await tally();
    expect(t.crawlers.size).toBeGreaterThan(4);
    for (const size of [1, 50, 1e9]) {
      const { rest, pieces } = tallyPieces(t, size);
      expect(rest.crawlers.size).toBe(0);
      const joined = tallyJoined(structuredClone(rest), pieces.map((p) => structuredClone(p)));
      expect(joined).toEqual(t);
      expect([...joined.crawlers.keys()]).toEqual([...t.crawlers.keys()]);
    }
  });
  it('a piece holds whole crawlers up to the size asked for, one crawler alone when it is larger', async () => {
    const t = await tally();
    expect(tallyPieces(t, 1).pieces.map((p) => p.length)).toEqual([...t.crawlers.keys()].map(() => 1));
    // Sizes between: some pieces of several crawlers, fewer pieces as they grow.
    const counts = [400, 1000, 1e9].map((size) => tallyPieces(t, size).pieces.length);
    expect(counts[0]).toBeLessThan(t.crawlers.size);
    expect(counts[1]).toBeGreaterThan(1);
    expect(counts[1]).toBeLessThan(counts[0]!);
    expect(counts[2]).toBe(1);
    const some = tallyPieces(t, 1000).pieces;
    expect(some.flat().map(([k]) => k)).toEqual([...t.crawlers.keys()]);
  });
  it('a tally without crawlers is sent as its rest alone', () => {
    const { rest, pieces } = tallyPieces({ lines: 1, unparsed: 0, samples: [], requests: 0, versions: [0], leadingNuls: 0, untimed: 0, crawlers: new Map(), spoofers: new Map() });
    expect(pieces).toEqual([]);
    expect(rest.lines).toBe(1);
  });
});
