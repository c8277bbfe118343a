import { describe, expect, it } from 'vitest';
import { describeChain, redirectStep } from './redirect.js';
import { fetchOutcome } from './status.js';

const at = 'http://example.com/robots.txt';

describe('RFC 9309 §2.3.1.2: following a robots.txt’s redirects', () => {
  it.each([301, 302, 303, 307, 308])('%i with a Location is followed (relative to the URL asked for)', (code) => {
    expect(redirectStep(at, code, '/moved/robots.txt', 0)).toEqual({ kind: 'follow', url: 'http://example.com/moved/robots.txt' });
    expect(redirectStep(at, code, 'https://www.example.com/robots.txt#x', 4)).toEqual({ kind: 'follow', url: 'https://www.example.com/robots.txt' });
  });
  it.each([200, 404, 500, 300, 304, 305, 306])('%i is no redirect: the answer decides', (code) => {
    expect(redirectStep(at, code, 'https://other.test/robots.txt', 0)).toEqual({ kind: 'answer' });
  });
  it('a redirect with no Location, an unparsable one, or one to another scheme is not followed', () => {
    expect(redirectStep(at, 301, null, 0)).toEqual({ kind: 'stop', why: 'no-location', location: null });
    expect(redirectStep(at, 301, '  ', 0)).toEqual({ kind: 'stop', why: 'no-location', location: null });
    expect(redirectStep(at, 301, 'http://[::1', 0)).toEqual({ kind: 'stop', why: 'bad-location', location: 'http://[::1' });
    for (const l of ['data:text/plain,User-agent: *%0ADisallow: /', 'file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/robots.txt']) {
      expect(redirectStep(at, 302, l, 0)).toEqual({ kind: 'stop', why: 'not-http', location: l });
    }
  });
  it('Google follows five hops; the sixth is not followed', () => {
    expect(redirectStep(at, 301, '/r', 4).kind).toBe('follow');
    expect(redirectStep(at, 301, '/r', 5)).toEqual({ kind: 'stop', why: 'too-many', location: '/r' });
  });
  it('the chain in one line', () => {
    expect(describeChain([{ url: at, code: 301 }, { url: 'https://example.com/robots.txt', code: 200 }]))
      .toBe('http://example.com/robots.txt (301) → https://example.com/robots.txt (200)');
  });
});

describe('spec §2: a 3xx that ends the fetch', () => {
  it('a 3xx not followed (redirects: 0) is a chain without a file: not found, everything allowed', () => {
    const o = fetchOutcome({ kind: 'http', code: 301, redirects: 0 });
    expect([o.effect, o.kind]).toEqual(['allow-all', 'unfollowed']);
    expect(o.reason).toBe('HTTP 301 with no redirect to follow (no Location, or not http(s)): Google treats robots.txt as not found and allows everything.');
  });
  it('a 304 is not a followed redirect, whatever the hops', () => {
    for (const status of [{ kind: 'http', code: 304 }, { kind: 'http', code: 304, redirects: 0 }, { kind: 'http', code: 304, redirects: 2 }] as const) {
      const o = fetchOutcome(status);
      expect([o.effect, o.kind]).toEqual(['allow-all', 'unmodified']);
      expect(o.reason).toMatch(/^HTTP 304 \(Not Modified\) answers a request for a cached copy/);
    }
  });
  it('a 3xx with hops followed still reads as before', () => {
    expect(fetchOutcome({ kind: 'http', code: 301 }).kind).toBe('followed');
    expect(fetchOutcome({ kind: 'http', code: 302, redirects: 5 }).kind).toBe('followed');
    expect(fetchOutcome({ kind: 'http', code: 302, redirects: 6 }).kind).toBe('redirects');
  });
});
