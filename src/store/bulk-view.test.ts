import { describe, expect, it } from 'vitest';
import { runBulk } from '../worker/bulk.js';
import { splitBulkUrls, type BulkRequest } from '../worker/protocol.js';
import { bulkCsv, countBulk, parseUrlImport, visibleRows } from './bulk-view.js';

const request: BulkRequest = {
  type: 'bulk', id: 1, revision: 1,
  text: 'User-agent: *\nDisallow: /private\nDisallow: /old',
  urls: '/public\n/private/a\n/old\n=cmd()',
  crawlers: [{ kind: 'text', value: 'Googlebot' }],
  site: '', status: { kind: 'http', code: 200 },
  compare: 'User-agent: *\nDisallow: /private',
};
const result = () => runBulk(request, () => {}, () => false, async () => {}).then((r) => r!);
const urls = splitBulkUrls(request.urls);
const expectations = { '/public': 'allowed', '/old': 'allowed' } as const;

describe('bulk table view', () => {
  it('counts verdicts, changes between versions and failing expectations', async () => {
    expect(countBulk(await result(), urls, expectations)).toEqual({ rows: 4, allowed: 1, blocked: 2, outOfScope: 0, invalid: 1, changed: 1, failing: 1 });
  });
  it('filters, searches and sorts; by default changed rows come first', async () => {
    const b = await result();
    const sort = { key: 'default', descending: false } as const;
    expect(Array.from(visibleRows(b, urls, expectations, 'all', '', sort))).toEqual([2, 0, 1, 3]);
    expect(Array.from(visibleRows(b, urls, expectations, 'blocked', '', sort))).toEqual([2, 1]);
    expect(Array.from(visibleRows(b, urls, expectations, 'failing', '', sort))).toEqual([2]);
    expect(Array.from(visibleRows(b, urls, expectations, 'all', 'PRIV', sort))).toEqual([1]);
    expect(Array.from(visibleRows(b, urls, expectations, 'all', '', { key: 'url', descending: true }))).toEqual([3, 0, 1, 2]);
  });
  it('exports CSV, neutralising spreadsheet formulas', async () => {
    const csv = bulkCsv(await result(), urls, expectations).split('\r\n');
    expect(csv[0]).toBe('url,crawler,verdict,line,expectation,expectation_met,other_version_verdict,other_version_line,changed');
    expect(csv[3]).toBe('"/old","Googlebot",disallowed,3,allowed,false,allowed,0,true');
    expect(csv[4]).toBe(`"'=cmd()","Googlebot",invalid,0,,,invalid,0,false`);
  });
  it('imports plain lists and CSV with an expectation column', () => {
    expect(parseUrlImport(' /a \n\n/b\r\n')).toEqual({ urls: '/a\n/b', expectations: {} });
    expect(parseUrlImport('URL,Expect\n/a,allowed\n"/b,c",blocked\n/c,')).toEqual({
      urls: '/a\n/b,c\n/c', expectations: { '/a': 'allowed', '/b,c': 'blocked' },
    });
  });
});
