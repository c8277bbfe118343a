import { describe, expect, it } from 'vitest';
import { googlePathParamsQuery, resolveTestUrl } from './url.js';

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
