import { describe, expect, it } from 'vitest';
import { UrlStore } from './url-store.js';

const store = (urls: readonly string[]) => {
  const s = new UrlStore();
  for (const u of urls) s.add(u);
  return s;
};
const range = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));

describe('UrlStore (the Site worker\'s inventory, packed)', () => {
  it('gives back every URL by index and by range, ASCII ones across page boundaries', () => {
    const urls = range(40_000, (i) => `https://example.com/section-${i % 7}/item-${i}.html${i % 3 === 0 ? '?ref=feed' : ''}`);
    const s = store(urls);
    expect(s.size).toBe(urls.length);
    expect([0, 1, 12_345, 39_999].map((i) => s.get(i))).toEqual([0, 1, 12_345, 39_999].map((i) => urls[i]));
    expect(s.slice(0, urls.length)).toEqual(urls);
    expect(s.slice(17_000, 23_000)).toEqual(urls.slice(17_000, 23_000));
    expect(s.slice(5, 5)).toEqual([]);
  });

  it('keeps URLs with characters beyond ASCII (an IRI in a sitemap) exact, before and after ASCII ones', () => {
    const urls = ['https://example.com/a', 'https://例え.jp/パス?q=ü', 'https://example.com/😀/x', 'https://example.com/b', ''];
    const s = store(urls);
    expect(urls.map((_, i) => s.get(i))).toEqual(urls);
    expect(s.slice(0, urls.length)).toEqual(urls);
    expect(s.slice(1, 3)).toEqual(urls.slice(1, 3));
  });

  it('holds a URL longer than a page, and the ones after it', () => {
    const long = `https://example.com/${'x'.repeat(3_000_000)}`;
    const urls = ['https://example.com/before', long, 'https://example.com/after', `https://example.com/${'é'.repeat(600_000)}`, 'https://example.com/last'];
    const s = store(urls);
    expect(s.get(1).length).toBe(long.length);
    expect(s.slice(0, urls.length)).toEqual(urls);
  });

  it('truncated, keeps its first URLs and adds the next ones after them, across pages and beyond ASCII', () => {
    const urls = range(30_000, (i) => `https://example.com/${i % 5 === 0 ? 'é' : 'e'}/item-${i}/${'x'.repeat(70)}`);
    const s = store(urls);
    s.truncate(12_345);
    expect(s.size).toBe(12_345);
    const more = range(20_000, (i) => `https://example.com/more-${i}`);
    for (const u of more) s.add(u);
    const all = [...urls.slice(0, 12_345), ...more];
    expect(s.slice(0, s.size)).toEqual(all);
    expect([0, 12_344, 12_345, 32_344].map((i) => s.get(i))).toEqual([0, 12_344, 12_345, 32_344].map((i) => all[i]));
    s.truncate(40_000);
    expect(s.size).toBe(32_345);
    s.truncate(0);
    s.add('https://example.com/again');
    expect(s.slice(0, s.size)).toEqual(['https://example.com/again']);
  });
});
