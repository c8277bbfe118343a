/**
 * The robots-parser reader against cases of the package's own test suite (`test/Robots.js` of
 * samclarke/robots-parser 3.0.1), restated as data, and the package itself on the same calls.
 * Authority: robots-parser 3.0.1.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { checkWithReader, readWith } from './index.js';

const require = createRequire(import.meta.url);
const robotsParser = require('robots-parser') as (url: string | null | undefined, text: string | null) => { isAllowed(url: string, ua?: string): boolean | undefined };

const file = (...lines: string[]) => lines.join('\n');
/** What the reader says, as isAllowed would: true, false, or undefined where it gives no verdict. */
const isAllowed = (robotsUrl: string | undefined, robots: string | null, url: string, ua = 'FooBot') => {
  const v = checkWithReader('robots-parser', robots, ua, url, robotsUrl);
  return v.reason === 'unparsable' ? undefined : v.allowed;
};
const both = (robotsUrl: string, robots: string, url: string) => [isAllowed(robotsUrl, robots, url), robotsParser(robotsUrl, robots).isAllowed(url, 'FooBot')];

describe('robots-parser test/Robots.js: a robots.txt answers only for its own scheme, host and port', () => {
  const robots = file('User-agent: *', 'Disallow: /secret.html', 'Disallow: /test');
  it('“should return undefined for invalid urls”: another host, an unparsable URL, a URL without a scheme', () => {
    for (const url of ['http://ex ample.com/secret.html', 'http://www.example.net/test/index.html', 'http://www.examsple.com/test/', 'example.com/test/', ':::::;;`\\|/.example.com/test/']) {
      expect([url, isAllowed('http://www.example.com/robots.txt', robots, url)]).toEqual([url, undefined]);
    }
    expect(isAllowed('http://www.example.com/robots.txt', robots, 'http://www.example.com/secret.html')).toBe(false);
  });
  it('“should not allow relative paths if domain specified”, “… if domain specified and robots.txt is relative”', () => {
    const fish = file('User-agent: *', 'Disallow: /fish', 'Allow: /fish/test');
    expect([isAllowed('http://www.example.com/robots.txt', fish, '/fish/test'), isAllowed('http://www.example.com/robots.txt', fish, '/fish')]).toEqual([undefined, undefined]);
    expect([isAllowed('/robots.txt', fish, 'http://www.example.com/fish/test'), isAllowed('/robots.txt', fish, 'http://www.example.com/fish')]).toEqual([undefined, undefined]);
    expect([isAllowed('/robots.txt', fish, '/fish/test'), isAllowed('/robots.txt', fish, '/fish')]).toEqual([true, false]);
  });
  it('“should not treat invalid robots.txt URLs as relative”, “should handle invalid robots.txt urls”', () => {
    const fish = file('User-agent: *', 'Disallow: /fish', 'Allow: /fish/test');
    expect([isAllowed('https://ex ample.com/robots.txt', fish, '/fish/test'), isAllowed('https://ex ample.com/robots.txt', fish, '/fish')]).toEqual([undefined, undefined]);
    for (const robotsUrl of ['null', ':/wom/test/']) {
      expect([robotsUrl, isAllowed(robotsUrl, file('user-agent: *', 'disallow: /'), 'http://www.example.com/index.html')]).toEqual([robotsUrl, undefined]);
    }
  });
  it('“should honor given port number”, “should default to port 80 for http:”, “… to port 443 for https:”', () => {
    const fish = file('User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html');
    expect(['http://www.example.com:8080/fish', 'http://www.example.com/fish', 'http://www.example.com:80/fish'].map((u) => isAllowed('http://www.example.com:8080/robots.txt', fish, u)))
      .toEqual([true, undefined, undefined]);
    expect(['http://www.example.com:80/fish', 'http://www.example.com:443/fish', 'http://www.example.com:80/fish/'].map((u) => isAllowed('http://www.example.com/robots.txt', fish, u)))
      .toEqual([true, undefined, false]);
    expect(['https://www.example.com:443/fish', 'https://www.example.com/Test.html', 'http://www.example.com:443/fish'].map((u) => isAllowed('https://www.example.com/robots.txt', fish, u)))
      .toEqual([true, true, undefined]);
  });
  it('“should ignore host case”', () => {
    expect(['http://www.ExAmPlE.com/index.html', 'http://www.EXAMPLE.com/secret.html'].map((u) => isAllowed('http://www.eXample.com/robots.txt', robots, u))).toEqual([true, false]);
  });
  it('without the robots.txt’s URL, each URL is read as on its own site (as a crawler fetches each site’s file)', () => {
    expect([isAllowed(undefined, robots, 'http://www.example.net/test/index.html'), isAllowed(undefined, robots, 'https://a.test:8443/secret.html')]).toEqual([false, false]);
  });
  it('the same answers as the package on each of these calls', () => {
    const urls = ['http://www.example.com/secret.html', 'http://www.example.com:80/test', 'http://www.example.com:8080/test', 'https://www.example.com/test', 'HTTP://WWW.EXAMPLE.COM/secret.html', '/secret.html', 'ftp://www.example.com/test'];
    for (const robotsUrl of ['http://www.example.com/robots.txt', 'https://www.example.com:443/robots.txt', 'http://www.example.com:8080/robots.txt', '/robots.txt', 'https://ex ample.com/robots.txt', 'ftp://www.example.com/robots.txt']) {
      for (const url of urls) {
        const [ours, theirs] = both(robotsUrl, robots, url);
        expect([robotsUrl, url, ours]).toEqual([robotsUrl, url, theirs]);
      }
    }
  });
});

describe('robots-parser test/Robots.js: bodies', () => {
  it('“should treat null as allowing all”', () => {
    expect([isAllowed('http://www.example.com/robots.txt', null, 'http://www.example.com/'), robotsParser('http://www.example.com/robots.txt', null).isAllowed('http://www.example.com/')])
      .toEqual([true, true]);
  });
  it('“should handle large wildcards efficiently”: many stars against a long path answer as the package does', () => {
    const robots = file('User-agent: *', `Disallow: /${'*'.repeat(2000)}.html`);
    const url = `https://www.example.com/${'sub'.repeat(3000)}.htm`;
    expect(readWith('robots-parser', robots)('FooBot', url).allowed).toBe(robotsParser('https://www.example.com/robots.txt', robots).isAllowed(url, 'FooBot'));
  });
});
