import { describe, expect, it } from 'vitest';
import { runBulk, splitBulkUrls, type BulkRequest } from '../worker/index.js';
import { expectationKey } from '../share/index.js';
import { aiSummary, commonOrigin, countBulk, rowExpectation, visibleRows } from './bulk-view.js';
import { bulkCsv, importUrlList } from './bulk-csv.js';

const request: BulkRequest = {
  type: 'bulk', id: 1, revision: 1,
  text: 'User-agent: *\nDisallow: /private\nDisallow: /old',
  urls: '/public\n/private/a\n/old\n=cmd()',
  crawlers: [{ kind: 'text', value: 'Googlebot' }],
  site: '', status: { kind: 'http', code: 200 },
  compare: 'User-agent: *\nDisallow: /private', readers: [],
};
const result = () => runBulk(request, () => {}, () => false, async () => {}).then((r) => r!);
const urls = splitBulkUrls(request.urls);
const expectations = { '/public': 'allowed', '/old': 'allowed' } as const;

describe('bulk table view', () => {
  it('counts verdicts, changes between versions and failing expectations', async () => {
    expect(countBulk(await result(), urls, expectations)).toEqual({ rows: 4, allowed: 1, blocked: 2, outOfScope: 0, invalid: 1, changed: 1, failing: 1, disagreeing: 0 });
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
  it('exports CSV for spreadsheets: BOM, the UI\'s words, rule text, tested path and group; formulas neutralised', async () => {
    const csv = bulkCsv(await result(), urls, expectations, '');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = csv.slice(1).split('\r\n');
    expect(rows[0]).toBe('url,crawler,verdict,line,rule,tested_path,group,expectation,expectation_met,other_version_verdict,other_version_line,other_version_rule,changed');
    expect(rows[2]).toBe('/private/a,Googlebot,blocked,2,Disallow: /private,/private/a,* (line 1),,,blocked,2,Disallow: /private,no');
    expect(rows[3]).toBe('/old,Googlebot,blocked,3,Disallow: /old,/old,* (line 1),allowed,no,allowed,,,yes');
    // No group was read for a URL that cannot be tested.
    expect(rows[4]).toBe(`"'=cmd()",Googlebot,cannot test,,,,,,,cannot test,,,no`);
  });
  it('exports what the filter shows, in the table\'s order, when given the shown rows', async () => {
    const b = await result();
    const blocked = visibleRows(b, urls, expectations, 'blocked', '', { key: 'default', descending: false });
    const rows = bulkCsv(b, urls, expectations, '', blocked).slice(1).split('\r\n').filter((r) => r !== '');
    expect(rows.map((r) => r.split(',')[0])).toEqual(['url', '/old', '/private/a']);
  });
});

describe('a row that cannot be tested (no verdict for a test that cannot be run)', () => {
  it('meets no expectation and fails none, in the CSV as in the count', async () => {
    const b = await result();
    const rows = bulkCsv(b, urls, { '=cmd()': 'allowed' }, '').slice(1).split('\r\n');
    expect(rows[4]).toBe(`"'=cmd()",Googlebot,cannot test,,,,,allowed,,cannot test,,,no`);
    expect(countBulk(b, urls, { '=cmd()': 'blocked' }).failing).toBe(0);
  });
});

describe('an imported list\'s expectations', () => {
  it('are keyed per URL × crawler, or per URL for every crawler (the CSV module reads the file)', () => {
    expect(importUrlList('url;crawler;expected\n/a;googlebot-image;blocked\n/b;;allowed\n')).toEqual({
      urls: '/a\n/b', expectations: { [expectationKey('/a', { kind: 'profile', id: 'googlebot-image' })]: 'blocked', '/b': 'allowed' }, duplicates: 0,
    });
  });
});

describe('expectations belong to one URL × crawler', () => {
  const two: BulkRequest = { ...request, urls: '/x', compare: null, crawlers: [{ kind: 'text', value: 'Googlebot' }, { kind: 'profile', id: 'googlebot-image' }] };
  it('a row\'s own expectation, else its URL\'s for every crawler', async () => {
    const b = (await runBulk(two, () => {}, () => false, async () => {}))!;
    const own = { '/x': 'allowed', [expectationKey('/x', { kind: 'profile', id: 'googlebot-image' })]: 'blocked' } as const;
    expect([rowExpectation(b, ['/x'], own, 0), rowExpectation(b, ['/x'], own, 1)]).toEqual(['allowed', 'blocked']);
  });
});

describe('the AI matrix at a glance', () => {
  it('per purpose: allowed, blocked or partly, with each crawler\'s standing', async () => {
    const req: BulkRequest = {
      ...request, compare: null, urls: '/a\n/b',
      text: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: CCBot\nDisallow: /a\n\nUser-agent: *\nAllow: /',
      crawlers: [{ kind: 'profile', id: 'gptbot' }, { kind: 'profile', id: 'ccbot' }, { kind: 'profile', id: 'oai-searchbot' }, { kind: 'text', value: 'Googlebot' }],
    };
    const b = (await runBulk(req, () => {}, () => false, async () => {}))!;
    expect(aiSummary(b).map((r) => [r.purpose, r.standing, r.crawlers.map((c) => `${c.label}:${c.standing}`)])).toEqual([
      ['training', 'partly', ['GPTBot:blocked', 'CCBot:partly']],
      ['search', 'allowed', ['OAI-SearchBot:allowed']],
    ]);
  });
  it('Google-specific: a crawler whose name Google cannot read (AI2Bot) is marked and left out of its purpose\'s standing', async () => {
    const req: BulkRequest = {
      ...request, compare: null, urls: '/a',
      text: 'User-agent: GPTBot\nUser-agent: AI2Bot\nDisallow: /\n\nUser-agent: *\nAllow: /',
      crawlers: [{ kind: 'profile', id: 'gptbot' }, { kind: 'profile', id: 'ai2bot' }],
    };
    const b = (await runBulk(req, () => {}, () => false, async () => {}))!;
    expect(aiSummary(b).map((r) => [r.purpose, r.standing, r.crawlers.map((c) => `${c.label}:${c.standing}:${c.unnameable}`)])).toEqual([
      ['training', 'blocked', ['GPTBot:blocked:false', 'AI2Bot:allowed:true']],
    ]);
  });
});

describe('the host a list shares (the table then shows paths)', () => {
  it('is the scheme and host every URL starts with, each followed by a path, query, fragment or nothing', () => {
    expect(commonOrigin(['https://example.com/a', 'https://example.com', 'https://example.com?q', 'https://example.com#top'])).toBe('https://example.com');
  });
  it('is none for two hosts, a host that only starts like another, paths, or no URL', () => {
    expect(commonOrigin(['https://example.com/a', 'https://example.org/a'])).toBeNull();
    expect(commonOrigin(['https://example.com/a', 'https://example.com.evil/a'])).toBeNull();
    expect(commonOrigin(['/a', '/b'])).toBeNull();
    expect(commonOrigin([])).toBeNull();
  });
});
