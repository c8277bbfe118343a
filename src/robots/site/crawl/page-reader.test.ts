import { describe, expect, it } from 'vitest';
import { readPage, type PageAnswer } from './index.js';

const html = (body: string, headers: [string, string][] = []): PageAnswer => ({
  status: 200, headers: [['Content-Type', 'text/html; charset=utf-8'], ...headers], body: new TextEncoder().encode(body), cut: false,
});

describe('HTML §4.2.3 and §4.6: the links a page names, resolved against its base URL', () => {
  const page = `<!doctype html><html><head>
    <link rel="canonical" href="/guide/">
    <link rel="alternate" hreflang="de" href="https://a.test/de/guide/">
    <link rel="Alternate" hreflang="x-default" href="../guide/">
    <link rel="alternate" type="application/rss+xml" href="/feed.xml">
    <link rel="next" href="page-2">
    <link rel="stylesheet" href="/style.css">
    <meta name="robots" content="noindex"><meta name="description" content="noindex">
    </head><body>
    <a href="one.html">1</a><a href="one.html#part">1 again</a><a href="#top">top</a>
    <a href="javascript:void(0)">js</a><a href="mailto:x@a.test">mail</a><a>no href</a>
    <A HREF="https://other.test/x?q=1&amp;r=2">other</A>
    <base href="/docs/v2/"><base href="/ignored/">
    </body></html>`;
  const r = readPage('https://a.test/docs/start', html(page));

  it('the first <base href> sets the base for every URL of the page, even those before it', () => {
    expect(r.links).toEqual(['https://a.test/docs/v2/one.html', 'https://other.test/x?q=1&r=2']);
    expect(r.next).toEqual(['https://a.test/docs/v2/page-2']);
  });

  it('canonical, hreflang alternates (rel read without regard to case) and next; other links are not followed', () => {
    expect(r.canonical).toEqual(['https://a.test/guide/']);
    expect(r.hreflang).toEqual([{ lang: 'de', url: 'https://a.test/de/guide/' }, { lang: 'x-default', url: 'https://a.test/docs/guide/' }]);
  });

  it('reads robots meta tags, not other meta tags', () => {
    expect(r.directives).toEqual([{ via: 'meta', agent: '', directives: ['noindex'] }]);
    expect(r.html).toBe(true);
  });
});

describe('the answer\'s headers', () => {
  it('X-Robots-Tag, Link (canonical, hreflang) and Content-Usage, on a PDF that has no HTML', () => {
    const r = readPage('https://a.test/a.pdf', {
      status: 200, cut: false, body: new Uint8Array([37, 80, 68, 70]),
      headers: [['content-type', 'application/pdf'], ['X-Robots-Tag', 'googlebot: noindex'], ['X-Robots-Tag', 'noarchive'], ['Link', '<https://a.test/a.html>; rel="canonical"'], ['Content-Usage', 'train-ai=n']],
    });
    expect(r.html).toBe(false);
    expect(r.directives).toEqual([{ via: 'header', agent: 'googlebot', directives: ['noindex'] }, { via: 'header', agent: '', directives: ['noarchive'] }]);
    expect(r.canonical).toEqual(['https://a.test/a.html']);
    expect(r.contentUsage).toBe('train-ai=n');
  });

  it('a redirect leads to its Location, resolved; one that cannot be followed says why', () => {
    expect(readPage('https://a.test/old', { status: 301, headers: [['Location', '/new#x']], body: null, cut: false }).redirect).toEqual({ to: 'https://a.test/new' });
    expect(readPage('https://a.test/old', { status: 302, headers: [['Location', 'file:///etc/passwd']], body: null, cut: false }).redirect).toEqual({ stop: 'not-http', location: 'file:///etc/passwd' });
    expect(readPage('https://a.test/old', { status: 304, headers: [], body: null, cut: false }).redirect).toBeNull();
  });

  it('no answer keeps its reason; a 404 page\'s body is not read for links', () => {
    expect(readPage('https://a.test/', { status: 0, headers: [], body: null, cut: false, error: 'timeout' }).error).toBe('timeout');
    expect(readPage('https://a.test/', { ...html('<a href="/x">x</a>'), status: 404 }).links).toEqual([]);
  });

  it('decodes the charset the Content-Type or a <meta charset> names', () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode('<meta charset="iso-8859-1"><a href="/caf'), 0xe9, ...new TextEncoder().encode('">x</a>')]);
    expect(readPage('https://a.test/', { status: 200, headers: [['content-type', 'text/html']], body: latin1, cut: false }).links).toEqual(['https://a.test/caf%C3%A9']);
  });
});
