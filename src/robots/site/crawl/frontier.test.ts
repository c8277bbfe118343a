import { describe, expect, it } from 'vitest';
import { CrawlFrontier, type FrontierEntry } from './index.js';

const entry = (url: string, id = 0): FrontierEntry => ({ id, url, depth: 0, hops: 0 });
const urlOf = (t: ReturnType<CrawlFrontier['take']>) => (t && 'entry' in t ? t.entry.url : t);

describe('the frontier (Scrapy\'s scheduler, per-host delay)', () => {
  it('asks one host at most once per interval, and says how long to wait', () => {
    const f = new CrawlFrontier(100);
    f.push(entry('https://a.test/1'));
    f.push(entry('https://a.test/2'));
    expect(urlOf(f.take(0))).toBe('https://a.test/1');
    expect(f.take(40)).toEqual({ waitMs: 60 });
    expect(urlOf(f.take(100))).toBe('https://a.test/2');
    expect(f.take(100)).toBeNull();
  });

  it('takes hosts in turn, and a redirect\'s target ahead of its host\'s queue', () => {
    const f = new CrawlFrontier(0);
    for (const u of ['https://a.test/1', 'https://a.test/2', 'https://b.test/1']) f.push(entry(u));
    f.push(entry('https://a.test/moved'), true);
    expect([f.take(0), f.take(0), f.take(0), f.take(0)].map(urlOf)).toEqual(['https://a.test/moved', 'https://b.test/1', 'https://a.test/1', 'https://a.test/2']);
  });

  it('drain gives what was never taken', () => {
    const f = new CrawlFrontier(0);
    for (let i = 0; i < 3000; i++) f.push(entry(`https://a.test/${i}`, i));
    for (let i = 0; i < 2000; i++) f.take(0);
    expect(f.drain().map((e) => e.id)).toEqual(Array.from({ length: 1000 }, (_, i) => 2000 + i));
    expect(f.size).toBe(0);
  });
});
