import { describe, expect, it } from 'vitest';
import { isRangesFile, logsSetup, logVersions, ownBlocked, rangesChoice, runReaders } from './index.js';

const RANGES = JSON.stringify({ creationTime: '2025-03-01T00:00:00', prefixes: [{ ipv4Prefix: '66.249.64.0/19' }, { ipv6Prefix: '2001:4860:4801:10::/64' }] });

describe('the Logs tab\'s choices made into a run', () => {
  it('ranges files by their published names (a browser\'s "(1)" copy too); other names wait for a crawler', () => {
    expect(['googlebot.json', 'bingbot (1).json', 'user-triggered-fetchers-google.json', 'access.log', 'ranges.json'].map(isRangesFile)).toEqual([true, true, true, false, false]);
    expect(rangesChoice('gptbot.json', RANGES)).toMatchObject({ crawlers: ['gptbot'], prefixes: 2, error: null });
    expect(rangesChoice('ranges.json', RANGES)).toMatchObject({ crawlers: null, prefixes: 2, error: null });
    expect(rangesChoice('ranges.json', RANGES, 'claudebot')).toMatchObject({ crawlers: ['claudebot'], error: null });
    expect(rangesChoice('gptbot.json', '{"prefixes": 3}').error).toMatch(/gptbot\.json/);
  });
  it('the live file from its date, Compare\'s other one from its own, when asked for; a date not read is no date', () => {
    expect(logVersions({ text: 'new' }, '2025-06-01', 'old', '2025-03-01', true)).toEqual([{ text: 'new', since: Date.UTC(2025, 5, 1) }, { text: 'old', since: Date.UTC(2025, 2, 1) }]);
    expect(logVersions({ text: 'new' }, '', 'old', '', false)).toEqual([{ text: 'new' }]);
    expect(logVersions({ text: 'new' }, 'soon', null, '', true)).toEqual([{ text: 'new' }]);
    expect(logVersions({ text: 'new' }, '2025-06-01', 'old', '', true)).toEqual([{ text: 'new', since: Date.UTC(2025, 5, 1) }]);
  });
  it('the setup: the chosen reader decides, Bing\'s own reader is counted for Bingbot; ranges files without a crawler or with an error are left out', () => {
    const ranges = [rangesChoice('googlebot.json', RANGES), rangesChoice('ranges.json', RANGES), rangesChoice('bingbot.json', 'not json')];
    const setup = logsSetup([{ text: '' }], 'python-urllib', ' https://example.com/ ', ranges);
    expect(setup.readers).toEqual(['python-urllib', 'bing']);
    expect(runReaders('bing')).toEqual(['bing']);
    expect(setup.site).toBe('https://example.com/');
    expect(setup.ranges.map((r) => r.source)).toEqual(['googlebot.json']);
    expect(ownBlocked({ id: 'bingbot', readerBlocked: [4, 2] }, setup.readers)).toBe(2);
    expect(ownBlocked({ id: 'gptbot', readerBlocked: [4, 2] }, setup.readers)).toBeNull();
  });
});
