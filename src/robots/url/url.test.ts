import { describe, expect, it } from 'vitest';
import { googlePathParamsQuery, resolveTestUrl, testedHref } from './url.js';

describe('RFC 9309 2.2.2: the path matched is path + query, without the fragment', () => {
  it.each([
    ['https://a.test', '/'],
    ['https://a.test/', '/'],
    ['https://a.test?q=1', '/?q=1'],
    ['https://a.test/p?q=1#frag', '/p?q=1'],
    ['https://a.test#/p', '/'],
    ['https://user:pw@a.test:8080/p', '/p'],
    ['//a.test/p', '/p'],
    ['a.test/p', '/p'],
    ['/p;x?y', '/p;x?y'],
    ['https://a.test;x', '/;x'],
  ])('%s → %s', (url, path) => {
    expect(googlePathParamsQuery(url)).toBe(path);
  });
});

describe('URL normalisation as a browser sends it', () => {
  it('percent-encodes raw non-ASCII as UTF-8 and keeps existing escapes', () => {
    expect(resolveTestUrl('https://a.test/ä/€?q=ü').path).toBe('/%C3%A4/%E2%82%AC?q=%C3%BC');
    expect(resolveTestUrl('https://a.test/%c3%a4').path).toBe('/%c3%a4');
  });
  it('encodes spaces, quotes and angle brackets; drops tabs and newlines', () => {
    expect(resolveTestUrl(' https://a.test/a b"<>\t\n ').path).toBe('/a%20b%22%3C%3E');
  });
  it('tells valid URLs and paths from text that is neither', () => {
    expect(resolveTestUrl('https://a.test/x')).toMatchObject({ valid: true, absolute: true, scheme: 'https' });
    expect(resolveTestUrl('/x')).toMatchObject({ valid: true, absolute: false });
    expect(resolveTestUrl('http://exa mple.com/x').valid).toBe(false);
    expect(resolveTestUrl('').valid).toBe(false);
  });
});

describe('no test without a URL that can be tested', () => {
  const problem = (url: string, site?: string) => resolveTestUrl(url, site).problem;
  it('nothing typed, schemes robots.txt does not govern, and broken URLs', () => {
    expect([problem(''), problem('   ')]).toEqual(['no-url', 'no-url']);
    expect([problem('javascript:alert(1)'), problem('mailto:a@b.test'), problem('data:text/plain,x')]).toEqual(['not-http', 'not-http', 'not-http']);
    expect([problem('https://exa mple.com/'), problem('http:example.com')]).toEqual(['invalid-url', 'invalid-url']);
  });
  it('a relative URL needs a site; with one it resolves against the site root', () => {
    expect(problem('cart')).toBe('relative-no-site');
    expect(problem('cart.html')).toBe('relative-no-site');
    expect(resolveTestUrl('cart', 'https://shop.test')).toMatchObject({ valid: true, path: '/cart' });
    expect(resolveTestUrl('a/b?x=1', 'https://shop.test/robots.txt').path).toBe('/a/b?x=1');
  });
  it('paths, host-and-path and host:port stay testable without a site (spec §1: ftp is Google-specific)', () => {
    expect(resolveTestUrl('/x')).toMatchObject({ valid: true, path: '/x' });
    expect(resolveTestUrl('example.com/page')).toMatchObject({ valid: true, path: '/page' });
    expect(resolveTestUrl('localhost:8080/p')).toMatchObject({ valid: true, path: '/p' });
    expect(resolveTestUrl('ftp://files.test/pub')).toMatchObject({ valid: true, path: '/pub' });
  });
});

describe('the fast path agrees with the URL parser', () => {
  it.each(['https://a.test/x?y=1#z', 'http://a.test:8080', 'https://a.test/%zz', 'https://a..test/x', 'https://a.test:99999/x', 'https://1.2.3.999/x', 'http://10.0.0.1/', 'https://xn--mller-kva.eu/'])('%s', (url) => {
    let parses = true;
    try {
      new URL(url);
    } catch {
      parses = false;
    }
    expect(resolveTestUrl(url).valid).toBe(parses);
  });
});

describe('WHATWG URL parsing: the URL exactly as a browser or crawler requests it', () => {
  const path = (url: string) => resolveTestUrl(url).path;
  it('resolves . and .. segments, %2e spellings included, and reads a backslash as a slash', () => {
    expect(path('https://a.test/a/./b')).toBe('/a/b');
    expect(path('https://a.test/a/../b')).toBe('/b');
    expect(path('https://a.test/a/%2E%2e/b?x=/../')).toBe('/b?x=/../');
    expect(path('https://a.test/../../x')).toBe('/x');
    expect(path('https://a.test/a/..')).toBe('/');
    expect(path('https://a.test/a/.')).toBe('/a/');
    expect(path('https://a.test/a\\b')).toBe('/a/b');
    expect(path('/a/b/../c')).toBe('/a/c');
  });
  it('keeps dots that are not whole segments', () => {
    expect(path('https://a.test/a.b/..c/.d')).toBe('/a.b/..c/.d');
  });
  it("encodes ' in the query (special-query set), not in the path", () => {
    expect(path("https://a.test/it's?q='x'")).toBe("/it's?q=%27x%27");
  });
});

describe('RFC 3986 §5.2: the URL a relative input stands for on its site', () => {
  it('puts a path or a relative URL on the site root, as typed', () => {
    expect(testedHref('/über?a=1', 'https://a.test/robots.txt')).toBe('https://a.test/über?a=1');
    expect(testedHref('cart/../shop', 'a.test')).toBe('https://a.test/shop');
    expect(testedHref('?q=1', 'http://a.test:8080/x')).toBe('http://a.test:8080/?q=1');
  });
  it('keeps absolute and host-led URLs, and any input without a site, as given', () => {
    for (const url of ['https://b.test/x', 'b.test/x', 'localhost:8080/x', '//b.test/x', 'mailto:a@b.test', '']) expect(testedHref(url, 'https://a.test')).toBe(url);
    expect(testedHref('/x')).toBe('/x');
    expect(testedHref('/x', 'not a site')).toBe('/x');
  });
  it('stands for the same test: the path sent is the relative input\'s', () => {
    for (const url of ['/a b/%7e', 'x/./y?q#f', '/p;q']) expect(resolveTestUrl(testedHref(url, 'https://a.test'), 'https://a.test').path).toBe(resolveTestUrl(url, 'https://a.test').path);
  });
});
