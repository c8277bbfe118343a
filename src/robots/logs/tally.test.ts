import { describe, expect, it } from 'vitest';
import { AGENTS_KEPT, combinedPart, emptyPart, mergePart, type CrawlerTally, type TallyPart } from './tally.js';
import type { Verification } from './ranges.js';

const part = (requests: number, blocked: number, path = '/p', agent = 'Bot/1'): TallyPart => {
  const p = emptyPart(1);
  p.requests = requests;
  p.blocked = blocked;
  p.readerBlocked[0] = blocked;
  p.firstSeen = Date.UTC(2025, 0, 1);
  p.lastSeen = Date.UTC(2025, 0, 2);
  p.agents.set(agent, requests);
  if (blocked > 0) {
    p.top.set(`0\u00002\u0000${path}`, blocked);
    p.topAgents.set(`0\u00002\u0000${path}`, agent);
  }
  p.hours.set(480_000, requests);
  if (blocked > 0) p.blockedHours.set(480_000, blocked);
  return p;
};
const crawler = (parts: Partial<CrawlerTally['parts']>): CrawlerTally => ({
  id: 'bot', name: 'bot', named: false, operator: '', ignoresRobotsTxt: false,
  parts: { verified: parts.verified ?? emptyPart(1), spoofed: parts.spoofed ?? emptyPart(1), unverified: parts.unverified ?? emptyPart(1) },
});
// The parts merged one by one into an empty one: what combinedPart must always equal.
const merged = (c: CrawlerTally, which: readonly Verification[] = ['verified', 'spoofed', 'unverified']) => {
  const sum = emptyPart(1);
  for (const v of which) mergePart(sum, c.parts[v]);
  return sum;
};

describe('combinedPart: a crawler\'s parts as one', () => {
  it('one part holding requests: the same counts, times, paths and agents as a merge', () => {
    const c = crawler({ unverified: part(5, 2) });
    expect(combinedPart(c)).toEqual(merged(c));
    const robotsOnly = crawler({ verified: Object.assign(emptyPart(1), { robotsFetches: 3 }) });
    expect(combinedPart(robotsOnly)).toEqual(merged(robotsOnly));
  });
  it('several parts holding requests: their sums, a path fetched in two parts counted once with both counts', () => {
    const c = crawler({ verified: part(4, 1, '/a', 'Bot/2'), unverified: part(6, 3, '/a', 'Bot/1') });
    const all = combinedPart(c);
    expect(all).toEqual(merged(c));
    expect([all.requests, all.blocked, all.top.get('0\u00002\u0000/a'), all.topAgents.get('0\u00002\u0000/a')]).toEqual([10, 4, 4, 'Bot/1']);
  });
  it('only the parts chosen: a part not chosen adds nothing, even when it alone holds requests', () => {
    const c = crawler({ spoofed: part(7, 7), unverified: part(2, 0) });
    expect(combinedPart(c, ['verified', 'unverified'])).toEqual(merged(c, ['verified', 'unverified']));
    expect(combinedPart(c, ['verified']).requests).toBe(0);
  });
  it('one part past prunePart\'s bounds (a crawler that only fetched robots.txt is not pruned as it goes): merged, so bounded, as a merge is', () => {
    const many = Object.assign(emptyPart(1), { robotsFetches: 70 });
    for (let i = 0; i < 70; i++) many.agents.set(`Bot/${String(i).padStart(2, '0')}`, 1 + (i % 3));
    const c = crawler({ unverified: many });
    expect(combinedPart(c)).toEqual(merged(c));
    expect(combinedPart(c).agents.size).toBe(AGENTS_KEPT);
  });
  it('no part holding requests: an empty part', () => {
    expect(combinedPart(crawler({}))).toEqual(emptyPart(1));
  });
});
