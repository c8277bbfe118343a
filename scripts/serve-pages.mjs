// Serves dist/ under a sub-path the way GitHub Pages serves a project site (default
// /robots-txt-tester/ on port 4173), for the end-to-end tests and the benchmarks. With
// PAGES_CACHE=github (or `servePages({ asGitHubPages: true })`) it also answers as GitHub Pages
// does: gzip for text when asked for it, and `Cache-Control: max-age=600`; otherwise nothing is
// compressed and nothing cached (the tests rebuild dist/ under a running server). PAGES_DIST
// serves another build folder (the bench compares an older build with the new one).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8', '.json': 'application/json', '.map': 'application/json', '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};
// What GitHub Pages compresses: text, never images already compressed.
const compressible = new Set(['.html', '.js', '.css', '.svg', '.txt', '.json', '.map', '.webmanifest']);

/**
 * Starts the server; resolves once it listens, with its address and a way to stop it.
 * `root`: the folder served (dist/ by default), `base`: the sub-path, `asGitHubPages`: gzip and max-age=600.
 */
export function servePages({ root = fileURLToPath(new URL('../dist/', import.meta.url)), base = '/robots-txt-tester/', port = 4173, asGitHubPages = false } = {}) {
  const dir = resolve(root) + '/';
  const gzipped = new Map();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === base.slice(0, -1)) {
      res.writeHead(301, { location: base + url.search });
      return res.end();
    }
    if (!url.pathname.startsWith(base)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found (the site lives under ' + base + ')');
    }
    let rel = decodeURIComponent(url.pathname.slice(base.length)) || 'index.html';
    if (rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(dir, rel));
    if (!file.startsWith(dir)) {
      res.writeHead(403);
      return res.end();
    }
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      let body = await readFile(file);
      const ext = extname(file);
      const headers = { 'content-type': types[ext] ?? 'application/octet-stream', 'cache-control': asGitHubPages ? 'max-age=600' : 'no-cache' };
      if (asGitHubPages && compressible.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        const key = `${file}:${info.mtimeMs}`;
        if (!gzipped.has(key)) gzipped.set(key, gzipSync(body));
        body = gzipped.get(key);
        Object.assign(headers, { 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
      }
      res.writeHead(200, { ...headers, 'content-length': body.length });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    }
  });
  return new Promise((done) => {
    server.listen(port, '127.0.0.1', () => done({ url: `http://127.0.0.1:${port}${base}`, stop: () => new Promise((r) => {
      server.close(r);
      server.closeAllConnections();
    }) }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await servePages({
    ...(process.env.PAGES_DIST ? { root: process.env.PAGES_DIST } : {}),
    base: process.env.PAGES_BASE ?? '/robots-txt-tester/',
    port: Number(process.env.PORT ?? 4173),
    asGitHubPages: process.env.PAGES_CACHE === 'github',
  });
  console.log(`Serving ${process.env.PAGES_DIST ?? 'dist/'} at ${url}`);
}
