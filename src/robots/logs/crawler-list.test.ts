import { describe, expect, it } from 'vitest';
import { CRAWLER_LIST_START, CRAWLERS_PAGE, crawlerListMore, crawlerListSearched, crawlerNamed, crawlersFound, crawlersListed, crawlerSuggestions } from './crawler-list.js';
import type { CrawlerRow } from './view.js';

const row = (id: string, name: string, operator: string, userAgent: string, requests: number): CrawlerRow => ({
  id, name, named: true, operator, ignoresRobotsTxt: false, userAgent, requests, blocked: 0, cacheWindow: 0, disobeying: false,
  verified: 0, spoofed: 0, unverified: requests, robotsFetches: 0, readerBlocked: [], firstSeen: NaN, lastSeen: NaN,
});
// In the view's order, most requests first; user agents as crawler-user-agents lists them.
const ROWS = [
  row('googlebot', 'Googlebot', 'Google', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 90),
  row('bingbot', 'bingbot', 'Microsoft', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 40),
  row('mj12bot', 'MJ12bot', '', 'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)', 7),
  row('ahrefsbot', 'AhrefsBot', '', 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 3),
];
const shown = (r: CrawlerRow) => r.name;
// A log with more distinct bots than a page lists.
const MANY = Array.from({ length: CRAWLERS_PAGE * 2 + 7 }, (_, i) => row(`bot${i}`, `Bot${i}`, '', `Bot${i}/1.0 (+https://bot${i}.example/)`, 1000 - i));

describe('the Logs tab\'s crawler table: a page at a time, searched by name, operator and User-Agent', () => {
  it('lists the first page of the rows in the view\'s order, and says how many are left', () => {
    const listed = crawlersListed(MANY, CRAWLER_LIST_START, shown);
    expect(listed.rows).toEqual(MANY.slice(0, CRAWLERS_PAGE));
    expect([listed.found, listed.left]).toEqual([MANY.length, MANY.length - CRAWLERS_PAGE]);
  });
  it('"show more" adds a page; the last one lists what is left', () => {
    const twice = crawlerListMore(crawlerListMore(CRAWLER_LIST_START));
    expect(crawlersListed(MANY, crawlerListMore(CRAWLER_LIST_START), shown).left).toBe(7);
    expect(crawlersListed(MANY, twice, shown)).toEqual({ rows: MANY, found: MANY.length, left: 0 });
  });
  it('a search finds names whatever their case, operators and User-Agents, and starts again at the first page', () => {
    expect(crawlersFound(ROWS, 'GOOGLEBOT', shown).map((r) => r.id)).toEqual(['googlebot']);
    expect(crawlersFound(ROWS, 'microsoft', shown).map((r) => r.id)).toEqual(['bingbot']);
    expect(crawlersFound(ROWS, 'ahrefs.com/robot', shown).map((r) => r.id)).toEqual(['ahrefsbot']);
    expect(crawlersFound(ROWS, 'compatible', shown)).toEqual(ROWS);
    expect(crawlersFound(ROWS, '  ', shown)).toBe(ROWS);
    expect(crawlersFound(ROWS, 'yandex', shown)).toEqual([]);
    expect(crawlerListSearched(crawlerListMore(CRAWLER_LIST_START), 'bot1')).toEqual({ search: 'bot1', shown: CRAWLERS_PAGE });
    expect(crawlersListed(MANY, crawlerListSearched(CRAWLER_LIST_START, 'bot10'), shown).rows.map((r) => r.id)).toEqual(['bot10', 'bot100', 'bot101', 'bot102', 'bot103', 'bot104', 'bot105', 'bot106']);
  });
  it('the filter\'s text names one crawler by its name as shown or its id, whatever the case; empty is every crawler; anything else names none', () => {
    expect(crawlerNamed(ROWS, 'mj12BOT', shown)).toBe('mj12bot');
    expect(crawlerNamed(ROWS, ' Googlebot ', shown)).toBe('googlebot');
    expect(crawlerNamed(ROWS, '', shown)).toBeNull();
    expect(crawlerNamed(ROWS, 'Google', shown)).toBeUndefined();
    expect(crawlerNamed(ROWS, 'Microsoft', shown)).toBeUndefined();
  });
  it('the filter suggests the names its text finds, most requests first, a bounded number', () => {
    expect(crawlerSuggestions(ROWS, 'bot', shown)).toEqual(['Googlebot', 'bingbot', 'MJ12bot', 'AhrefsBot']);
    expect(crawlerSuggestions(MANY, '', shown, 5)).toEqual(['Bot0', 'Bot1', 'Bot2', 'Bot3', 'Bot4']);
    expect(crawlerSuggestions(MANY, 'bot', shown).length).toBe(30);
  });
});
