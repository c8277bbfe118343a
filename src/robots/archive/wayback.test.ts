import { describe, expect, it } from 'vitest';
import { captureRawUrl, cdxQueryUrl, nearestCapture, readCdxJson, readDate, timestampTime, type Capture } from './wayback.js';

/** A CDX JSON answer: the header row, then the rows. */
const cdx = (...rows: string[][]) => JSON.stringify([['timestamp', 'original', 'statuscode', 'digest'], ...rows]);
const row = (timestamp: string, status = '200', digest = `D${timestamp}`, url = 'https://example.com/robots.txt') => [timestamp, url, status, digest];
const capture = (timestamp: string, status: number | null = 200): Capture => ({
  timestamp, time: timestampTime(timestamp), url: 'https://example.com/robots.txt', status, digest: `D${timestamp}`,
});

describe('Wayback CDX server API (wayback-cdx-server README): queries', () => {
  it('asks for one row per version (collapse=digest) with the four fields, the scheme left to the archive', () => {
    expect(cdxQueryUrl('https://example.com/robots.txt')).toBe(
      'https://web.archive.org/cdx/search/cdx?url=example.com%2Frobots.txt&output=json&fl=timestamp,original,statuscode,digest&collapse=digest',
    );
    expect(cdxQueryUrl('http://a.test:8080/robots.txt', 'http://127.0.0.1:9/')).toMatch(/^http:\/\/127\.0\.0\.1:9\/cdx\/search\/cdx\?url=a\.test%3A8080%2Frobots\.txt&/);
  });

  it('a capture’s raw body is its id_ address', () => {
    expect(captureRawUrl({ timestamp: '20210304100000', url: 'https://example.com/robots.txt' })).toBe('https://web.archive.org/web/20210304100000id_/https://example.com/robots.txt');
  });
});

describe('Wayback CDX server API: reading the JSON answer', () => {
  it('reads the header row’s fields, oldest first; “-” (a revisit) is an unknown status', () => {
    const r = readCdxJson(cdx(row('20220101000000', '-'), row('20210304100000', '301')));
    expect(r).toEqual({ ok: true, captures: [capture('20210304100000', 301), capture('20220101000000', null)] });
  });

  it('an empty answer is no capture; rows that are not captures are left out; a resumption key ends the list', () => {
    expect(readCdxJson('')).toEqual({ ok: true, captures: [] });
    expect(readCdxJson('[]')).toEqual({ ok: true, captures: [] });
    const r = readCdxJson(cdx(row('2021130100000'), row('20211301000000'), row('20210101000000', '200', 'X', 'ftp://x'), row('20200101000000'), [], ['key']));
    expect(r).toEqual({ ok: true, captures: [capture('20200101000000')] });
  });

  it('what is not JSON, or not a table of strings, cannot be read', () => {
    expect(readCdxJson('<html>busy</html>')).toEqual({ ok: false, problem: 'not-json' });
    expect(readCdxJson('{"error":1}')).toEqual({ ok: false, problem: 'not-a-table' });
    expect(readCdxJson('[["urlkey"],["x"]]')).toEqual({ ok: false, problem: 'not-a-table' });
  });
});

describe('dates and the nearest capture', () => {
  it('reads the dates people write, in UTC unless a zone is given', () => {
    expect(readDate('2021')).toBe(Date.UTC(2021, 0, 1));
    expect(readDate('2021-03')).toBe(Date.UTC(2021, 2, 1));
    expect(readDate('2021-03-04')).toBe(Date.UTC(2021, 2, 4));
    expect(readDate('20210304101500')).toBe(Date.UTC(2021, 2, 4, 10, 15));
    expect(readDate('2021-03-04T10:15')).toBe(Date.UTC(2021, 2, 4, 10, 15));
    expect(readDate('2021-03-04T10:15:00+02:00')).toBe(Date.UTC(2021, 2, 4, 8, 15));
    for (const bad of ['', 'yesterday', '2021-13-01', '2021-02-30', '202', '12/03/2021']) expect(readDate(bad), bad).toBeNull();
  });

  it('picks the capture nearest the date among the usable ones (the earlier on a tie)', () => {
    const list = [capture('20200101000000'), capture('20200301000000', 404), capture('20200501000000')];
    expect(nearestCapture(list, Date.UTC(2020, 1, 20))?.timestamp).toBe('20200301000000');
    expect(nearestCapture(list, Date.UTC(2020, 1, 20), (c) => c.status === 200)?.timestamp).toBe('20200101000000');
    expect(nearestCapture(list, Date.UTC(2030, 0, 1))?.timestamp).toBe('20200501000000');
    expect(nearestCapture([], 0)).toBeNull();
  });
});
