// The site audit bench's inputs, apart from bench/site.mjs: site-browser.mjs imports them, and
// site.mjs run as a script imports site-browser.mjs while its own top-level await is pending — an
// import of site.mjs from there would wait on that await forever (Node exits 13).
import { createReadStream, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The bench's robots.txt: a shop's rules, some deciding much, some nothing. */
export const SITE_ROBOTS = [
  'User-agent: *', 'Disallow: /private/', 'Allow: /private/c-1/', 'Disallow: /*?ref=', 'Disallow: /search', 'Disallow: /cart/', 'Disallow: /shop/c-9',
  'Allow: /shop/c-90', 'Disallow: /docs/*/draft', 'Disallow: /nothing/', 'Disallow: /private/',
  '', 'User-agent: Googlebot', 'Disallow: /shop/c-3', 'Disallow: /private/', 'Allow: /blog/', '',
  'User-agent: GPTBot', 'Disallow: /blog/', 'Disallow: /docs/', '',
].join('\n');
export const SITE_CRAWLERS = ['Googlebot', 'Bingbot', 'GPTBot'];

const SECTIONS = ['products', 'blog', 'docs', 'shop', 'private'];

/** The `k`-th URL of the bench's site. */
function siteUrl(k) {
  return `https://www.example.com/${SECTIONS[k % 5]}/c-${k % 97}/item-${k}.html${k % 7 === 0 ? '?ref=feed' : ''}`;
}

/** Writes `count` sitemaps of `per` URLs (gzip) and an index naming them at `base`; returns the files. */
export function writeSitemaps(dir, count, per, base) {
  mkdirSync(dir, { recursive: true });
  const files = [];
  let index = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  const list = [];
  for (let s = 0; s < count; s++) {
    const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'];
    for (let i = 0; i < per; i++) {
      const u = siteUrl(s * per + i);
      list.push(u);
      parts.push(`  <url>\n    <loc>${u}</loc>\n    <lastmod>2025-0${(i % 9) + 1}-01</lastmod>\n  </url>\n`);
    }
    parts.push('</urlset>\n');
    const name = `sitemap-${s}.xml.gz`;
    writeFileSync(join(dir, name), gzipSync(parts.join('')));
    files.push(join(dir, name));
    index += `  <sitemap><loc>${base}/${name}</loc></sitemap>\n`;
  }
  writeFileSync(join(dir, 'index.xml'), index + '</sitemapindex>\n');
  writeFileSync(join(dir, 'urls.txt'), list.join('\n') + '\n');
  return files;
}

/** Serves `dir` on 127.0.0.1 (a free port); resolves to its base URL and a stop function. */
export async function serveDir(dir) {
  const server = createServer((req, res) => {
    const file = join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, ''));
    try {
      const st = statSync(file);
      res.writeHead(200, { 'content-length': st.size, 'content-type': file.endsWith('.gz') ? 'application/gzip' : 'application/xml', 'access-control-allow-origin': '*' });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }) };
}

/**
 * Answers a request for a sitemap index of `size` × `size` URLs on `base` (2.5 billion at the
 * default 50,000): /huge.xml names /huge/0.xml … /huge/<size − 1>.xml, each made as it is asked
 * for and listing `size` URLs of its own. False for any other path (nothing is answered).
 */
export function answerHugeIndex(base, path, res, size = 50_000) {
  const child = /^\/huge\/(\d+)\.xml$/.exec(path);
  if (!child && path !== '/huge.xml') return false;
  res.writeHead(200, { 'content-type': 'application/xml' });
  const parts = [child ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' : '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (let i = 0; i < size; i++) parts.push(child ? `<url><loc>${base}/p/${child[1]}/${i}</loc></url>` : `<sitemap><loc>${base}/huge/${i}.xml</loc></sitemap>`);
  parts.push(child ? '</urlset>' : '</sitemapindex>');
  res.end(parts.join(''));
  return true;
}
