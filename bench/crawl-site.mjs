// Local sites for the crawl's tests and bench, served on 127.0.0.1. Every page is made from one
// template shaped as a Hugo-built documentation page of a real site (a framework's docs: ~50 KB,
// a skip link, a top bar, a sidebar of section links, a table of contents, headings, paragraphs,
// code samples and a footer, relative and absolute links, favicons and scripts in the head).
// The test site has robots meta tags in every variant, X-Robots-Tag headers, canonicals, hreflang,
// redirects, relative links and <base href>, a Content-Usage header, a sitemap, and an endless
// calendar; the bench site has 10,000 pages in 100 sections.
import { createServer } from 'node:http';

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const WORDS = 'the crawler reads each page of the site and follows its links as a search engine does while robots txt decides which paths it may fetch and which it must leave alone so the report can say where a rule blocks a page that the site links to'.split(' ');

/** `n` paragraphs of plain prose, the same for the same seed. */
function prose(seed, n) {
  const out = [];
  for (let p = 0; p < n; p++) {
    const words = [];
    for (let w = 0; w < 60; w++) words.push(WORDS[(seed * 31 + p * 7 + w * 13) % WORDS.length]);
    out.push(`<p>${words.join(' ')}.</p>`);
  }
  return out.join('\n');
}

/** A code sample as a docs page shows one (escaped markup, highlighted spans). */
function sample(seed) {
  const lines = [];
  for (let i = 0; i < 12; i++) lines.push(`<span class="nt">&lt;div</span> <span class="na">class=</span><span class="s">"col-${(seed + i) % 12}"</span><span class="nt">&gt;</span>Column ${i}<span class="nt">&lt;/div&gt;</span>`);
  return `<div class="bd-example">${lines.map((l) => l.replace(/<span[^>]*>|<\/span>/g, '')).join('<br>')}</div>\n<div class="highlight"><pre class="chroma"><code class="language-html" data-lang="html">${lines.join('\n')}</code></pre></div>`;
}

/** The body text of a page: 64 variants, made once each (the server serves 10,000 pages). */
const contents = new Map();
function contentOf(seed, sections) {
  const key = `${seed % 64}/${sections}`;
  let c = contents.get(key);
  if (c === undefined) {
    c = Array.from({ length: sections }, (_, i) => `<h2 id="section-${i}">Section ${i + 1}<a class="anchorjs-link" href="#section-${i}">#</a></h2>\n${prose(seed + i, 3)}\n${sample(seed + i)}`).join('\n');
    contents.set(key, c);
  }
  return c;
}

/**
 * One page. `head`: extra tags in <head> (robots meta, canonical, hreflang, base); `sidebar`:
 * [label, href] pairs; `links`: [label, href] pairs in the content; `sections` of content.
 */
export function docPage({ title, head = '', sidebar = [], links = [], seed = 0, sections = 8, lang = 'en' }) {
  const toc = Array.from({ length: sections }, (_, i) => `<li><a href="#section-${i}">Section ${i + 1}</a></li>`).join('');
  const content = Array.from({ length: sections }, (_, i) => `<h2 id="section-${i}">Section ${i + 1}<a class="anchorjs-link" href="#section-${i}">#</a></h2>\n${prose(seed + i, 3)}\n${sample(seed + i)}`).join('\n');
  return `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="description" content="${esc(title)}: documentation and examples.">
    <meta name="generator" content="Hugo 0.84.0">
    <meta name="docsearch:language" content="${lang}">
    <title>${esc(title)} · Docs</title>
    ${head}
    <link href="/assets/css/docs.css" rel="stylesheet">
    <link rel="apple-touch-icon" href="/assets/img/favicons/apple-touch-icon.png" sizes="180x180">
    <link rel="icon" href="/assets/img/favicons/favicon-32x32.png" sizes="32x32" type="image/png">
    <link rel="manifest" href="/assets/img/favicons/manifest.json">
    <meta name="theme-color" content="#7952b3">
    <meta property="og:title" content="${esc(title)}">
    <script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date());</script>
  </head>
  <body>
    <div class="skippy visually-hidden-focusable overflow-hidden"><div class="container-xl"><a class="d-inline-flex p-2 m-1" href="#content">Skip to main content</a></div></div>
    <header class="navbar navbar-expand-md navbar-dark bd-navbar">
      <nav class="container-xxl flex-wrap flex-md-nowrap" aria-label="Main navigation">
        <a class="navbar-brand p-0 me-2" href="/" aria-label="Home"><svg xmlns="http://www.w3.org/2000/svg" width="40" height="32" class="d-block my-1" viewBox="0 0 118 94" role="img"><title>Home</title><path fill-rule="evenodd" clip-rule="evenodd" d="M24.509 0c-6.733 0-11.715 5.893-11.492 12.284.214 6.14-.064 14.092-2.066 20.577C8.943 39.365 5.547 43.485 0 44.014v5.972c5.547.529 8.943 4.649 10.951 11.153"></path></svg></a>
        <ul class="navbar-nav flex-row flex-wrap bd-navbar-nav pt-2 py-md-0">
          <li class="nav-item col-6 col-md-auto"><a class="nav-link p-2" href="/" onclick="gtag('event', 'nav')">Home</a></li>
          <li class="nav-item col-6 col-md-auto"><a class="nav-link p-2 active" aria-current="true" href="/docs/">Docs</a></li>
          <li class="nav-item col-6 col-md-auto"><a class="nav-link p-2" href="https://icons.example.org/" target="_blank" rel="noopener">Icons</a></li>
          <li class="nav-item col-6 col-md-auto"><a class="nav-link p-2" href="https://blog.example.org/" target="_blank" rel="noopener">Blog</a></li>
        </ul>
      </nav>
    </header>
    <div class="container-xxl my-md-4 bd-layout">
      <aside class="bd-sidebar">
        <nav class="collapse bd-links" id="bd-docs-nav" aria-label="Docs navigation">
          <ul class="list-unstyled mb-0 py-3 pt-md-1">
${sidebar.map(([label, href]) => `            <li><a href="${esc(href)}" class="d-inline-flex align-items-center rounded">${esc(label)}</a></li>`).join('\n')}
          </ul>
        </nav>
      </aside>
      <main class="bd-main order-1">
        <div class="bd-intro ps-lg-4"><h1 class="bd-title" id="content">${esc(title)}</h1><p class="bd-lead">${esc(title)}: how it works, with examples.</p></div>
        <div class="bd-toc mt-4 mb-5 my-md-0 ps-xl-3 mb-lg-5 text-muted"><strong class="d-block h6 my-2 pb-2 border-bottom">On this page</strong><nav id="TableOfContents"><ul>${toc}</ul></nav></div>
        <div class="bd-content ps-lg-4">
          <ul class="related">${links.map(([label, href]) => `<li><a href="${esc(href)}">${esc(label)}</a></li>`).join('')}</ul>
${content}
        </div>
      </main>
    </div>
    <footer class="bd-footer py-5 mt-5 bg-light"><div class="container py-5"><ul class="list-unstyled small text-muted">
      <li class="mb-2">Designed and built with all the love in the world by the team with the help of our contributors.</li>
      <li class="mb-2">Code licensed MIT, docs CC BY 3.0.</li></ul>
      <a href="/about/">About</a> · <a href="mailto:team@example.org">Contact</a> · <a href="javascript:void(0)">Cookie settings</a></div></footer>
    <script src="/assets/js/bundle.min.js"></script>
  </body>
</html>
`;
}

/** The test site's robots.txt for `origin`. */
export function testRobots(origin) {
  return `User-agent: *\nDisallow: /private/\nDisallow: /search\nDisallow: /print/\nDisallow: /de/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** The test site's docs pages: slug → the tags its head adds and the headers it is served with. */
export const TEST_DOCS = {
  intro: {},
  install: {},
  'meta-noindex': { head: '<meta name="robots" content="noindex">' },
  'meta-none': { head: '<meta name="ROBOTS" content="none">' },
  'googlebot-noindex': { head: '<meta name="googlebot" content="noindex, nofollow">' },
  'bingbot-noindex': { head: '<meta name="bingbot" content="noindex">' },
  'header-noindex': { headers: { 'x-robots-tag': 'noindex' } },
  'header-googlebot': { headers: { 'x-robots-tag': ['noarchive', 'googlebot: noindex'] } },
  'print-canonical': { head: '<link rel="canonical" href="/print/print-canonical/">' },
  'no-ai': { headers: { 'content-usage': 'train-ai=n' } },
};

/** The test site's sidebar: every docs page, a blog, the calendar, a blocked search and admin page, redirects. */
function testSidebar() {
  return [
    ...Object.keys(TEST_DOCS).map((slug) => [slug, `../${slug}/`]),
    ['Blog', '/blog/'], ['Calendar', '/calendar/2024/01/'], ['Search', '/search?q=robots'], ['Admin', '/private/admin'], ['Old page', '/old-page'], ['Chain', '/chain-1'],
  ];
}

/**
 * The test site for `origin`: a request handler. The home page's sidebar links relatively from
 * /docs/ pages (it uses absolute paths); every docs page names its German version (blocked) and
 * itself as canonical.
 */
export function testSite(origin) {
  const sidebar = testSidebar();
  const absolute = sidebar.map(([l, h]) => [l, h.startsWith('../') ? `/docs/${h.slice(3)}` : h]);
  const html = (res, body, headers = {}) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  return (req, res) => {
    const url = new URL(req.url, origin);
    const path = url.pathname;
    if (path === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end(testRobots(origin));
    if (path === '/sitemap.xml') {
      const locs = ['/', '/docs/intro/', '/private/admin', '/old-page', '/gone', '/docs/meta-noindex/', '/docs/header-googlebot/'];
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `  <url><loc>${origin}${l}</loc></url>`).join('\n')}\n</urlset>\n`);
    }
    if (path === '/') {
      return html(res, docPage({
        title: 'Home', sidebar: absolute, seed: 1,
        head: `<link rel="canonical" href="${origin}/">\n    <link rel="alternate" hreflang="en" href="${origin}/">\n    <link rel="alternate" hreflang="de" href="${origin}/de/">\n    <link rel="alternate" hreflang="x-default" href="${origin}/">`,
      }));
    }
    const doc = /^\/docs\/([a-z-]+)\/$/.exec(path);
    if (doc && TEST_DOCS[doc[1]]) {
      const slug = doc[1];
      const { head = `<link rel="canonical" href="${origin}/docs/${slug}/">`, headers = {} } = TEST_DOCS[slug];
      return html(res, docPage({ title: slug, sidebar, seed: slug.length, head: `${head}\n    <link rel="alternate" hreflang="de" href="/de/docs/${slug}/">`, links: [['Home', '/'], ['Next', '../install/']] }), headers);
    }
    if (path === '/blog/') return html(res, docPage({ title: 'Blog', head: '<base href="/blog/posts/">', links: [['First', 'first.html'], ['Second', 'second.html'], ['Up', '../']], seed: 3 }));
    const post = /^\/blog\/posts\/(first|second)\.html$/.exec(path);
    if (post) return html(res, docPage({ title: post[1], links: [['Blog', '/blog/']], seed: 4 }));
    const month = /^\/calendar\/(\d{4})\/(\d{2})\/$/.exec(path);
    if (month) {
      // An endless calendar: every month links to the next and the previous one, for ever.
      const m = Number(month[1]) * 12 + Number(month[2]) - 1;
      const at = (k) => `/calendar/${Math.floor(k / 12)}/${String((k % 12) + 1).padStart(2, '0')}/`;
      return html(res, docPage({ title: `Events ${at(m)}`, links: [['Next month', at(m + 1)], ['Previous month', at(m - 1)]], seed: m, sections: 1 }));
    }
    if (path === '/old-page') return res.writeHead(301, { location: '/docs/intro/' }).end();
    if (path === '/chain-1') return res.writeHead(302, { location: `${origin}/chain-2` }).end();
    if (path === '/chain-2') return res.writeHead(301, { location: '/docs/intro/' }).end();
    if (path === '/private/admin') return html(res, docPage({ title: 'Admin', head: '<meta name="robots" content="noindex">' }));
    if (path === '/about/') return html(res, docPage({ title: 'About', seed: 5, sections: 1 }));
    return res.writeHead(404, { 'content-type': 'text/html' }).end(docPage({ title: 'Not found', sections: 1 }));
  };
}

/** The bench site's robots.txt: its rules block a section and the print views. */
export function benchRobots(origin) {
  return `User-agent: *\nDisallow: /docs/s-7/\nDisallow: /print/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/**
 * The bench site: `sections` × `perSection` pages (/docs/s-N/p-M/), each section's index listing
 * its pages, every page linking to its neighbours and to its print view (blocked), the sidebar
 * listing every section; a sitemap of every page.
 */
export function benchSite(origin, sections = 100, perSection = 100) {
  const sidebar = Array.from({ length: sections }, (_, s) => [`Section ${s}`, `/docs/s-${s}/`]);
  const pageAt = (s, p) => `/docs/s-${s}/p-${p}/`;
  let sitemap = null;
  return (req, res) => {
    const path = new URL(req.url, origin).pathname;
    const send = (body) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (path === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end(benchRobots(origin));
    if (path === '/sitemap.xml') {
      sitemap ??= `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from({ length: Math.min(sections * perSection, 50_000) }, (_, k) => `<url><loc>${origin}${pageAt(Math.floor(k / perSection), k % perSection)}</loc></url>`).join('\n')}\n</urlset>\n`;
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(sitemap);
    }
    if (path === '/') return send(docPage({ title: 'Home', sidebar, seed: 1 }));
    const index = /^\/docs\/s-(\d+)\/$/.exec(path);
    if (index) {
      const s = Number(index[1]);
      return send(docPage({ title: `Section ${s}`, sidebar, seed: s, sections: 1, links: Array.from({ length: perSection }, (_, p) => [`Page ${p}`, `p-${p}/`]) }));
    }
    const page = /^\/docs\/s-(\d+)\/p-(\d+)\/$/.exec(path);
    if (page) {
      const [s, p] = [Number(page[1]), Number(page[2])];
      return send(docPage({
        title: `Section ${s}, page ${p}`, sidebar, seed: s * perSection + p,
        head: `<link rel="canonical" href="${origin}${pageAt(s, p)}">`,
        links: [['Previous', p > 0 ? `../p-${p - 1}/` : '../'], ['Next', `../p-${(p + 1) % perSection}/`], ['Section', '../'], ['Print', `/print${pageAt(s, p)}`]],
      }));
    }
    return res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title>');
  };
}

/** Serves `handler` on 127.0.0.1 (a free port, or `port`); resolves to its origin and a stop function. */
export async function serveSite(handlerFor, port = 0) {
  let handler = null;
  const server = createServer((req, res) => handler(req, res));
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  handler = handlerFor(origin);
  return { origin, stop: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }) };
}
