// Deterministic, realistic benchmark inputs: robots.txt files of a given size in the shape of big
// real sites (one large * group, a few crawler groups, comments, sitemaps, ignored fields) and
// URLs drawn from the same site (half of them hit rules).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const WORDS = ['shop', 'product', 'category', 'search', 'account', 'cart', 'checkout', 'blog', 'news', 'help',
  'api', 'v2', 'static', 'images', 'media', 'user', 'profile', 'settings', 'admin', 'internal', 'print', 'share',
  'tag', 'archive', '2023', '2024', 'en', 'de', 'fr', 'mobile', 'amp', 'feed', 'download', 'compare', 'wishlist'];
const AGENTS = ['Googlebot', 'Googlebot-Image', 'Bingbot', 'AdsBot-Google', 'GPTBot', 'Baiduspider', 'YandexBot', 'Applebot'];

function segment(r) {
  const w = WORDS[Math.floor(r() * WORDS.length)];
  return r() < 0.3 ? `${w}-${Math.floor(r() * 5000)}` : w;
}

function rulePath(r) {
  const depth = 1 + Math.floor(r() * 3);
  let p = '';
  for (let i = 0; i < depth; i++) p += '/' + segment(r);
  const x = r();
  if (x < 0.15) return p + '/*?' + ['sessionid=', 'sort=', 'ref=', 'utm_source='][Math.floor(r() * 4)];
  if (x < 0.22) return '/*.' + ['pdf', 'doc', 'xls', 'zip'][Math.floor(r() * 4)] + '$';
  if (x < 0.30) return p + '/*/print';
  if (x < 0.36) return p + '$';
  return p + (r() < 0.5 ? '/' : '');
}

/**
 * A robots.txt of about `bytes` bytes (never over 512,000), shaped like big real files: one large
 * `*` group (which Googlebot follows), then a few small groups for other crawlers.
 */
export function makeRobots(bytes, seed = 1) {
  const r = rng(seed);
  const lines = ['# robots.txt for https://www.example-shop.com', '# Generated for benchmarks', ''];
  let size = 0;
  const push = (l) => {
    lines.push(l);
    size += l.length + 1;
  };
  const rules = () => {
    const x = r();
    if (x < 0.01) push(`# ${segment(r)} rules`);
    else if (x < 0.012) push(`Crawl-delay: ${1 + Math.floor(r() * 10)}`);
    else if (x < 0.08) push(`Allow: ${rulePath(r)}`);
    else push(`Disallow: ${rulePath(r)}`);
  };
  push('User-agent: *');
  while (size < bytes * 0.85) rules();
  for (const agent of AGENTS.filter((a) => a !== 'Googlebot')) {
    if (size >= bytes - 300) break;
    push('');
    push(`User-agent: ${agent}`);
    const end = Math.min(bytes - 200, size + bytes * 0.02);
    while (size < end) rules();
  }
  push('');
  push('Sitemap: https://www.example-shop.com/sitemap.xml');
  return lines.join('\n');
}

/** `count` URLs on the site: half built from the file's rules, half everyday pages. */
export function makeUrls(robotsText, count, seed = 2) {
  const r = rng(seed);
  const rules = robotsText.split('\n').filter((l) => /^(Allow|Disallow): \//.test(l)).map((l) => l.slice(l.indexOf(':') + 2));
  const urls = [];
  for (let i = 0; i < count; i++) {
    let path;
    if (r() < 0.5 && rules.length) {
      path = rules[Math.floor(r() * rules.length)].replace(/\$$/, '').replace(/\*/g, () => segment(r)) + (r() < 0.5 ? segment(r) : '');
    } else {
      path = '/' + segment(r) + '/' + segment(r) + (r() < 0.3 ? `?id=${Math.floor(r() * 1e6)}` : '');
    }
    urls.push('https://www.example-shop.com' + path);
  }
  return urls;
}

/**
 * A 500 KB file whose Googlebot group merges ~4,200 rules, wildcard-heavy as big real files are
 * (github.com's rules are mostly leading wildcards): a quarter start with `/*`, half hold a `*`.
 */
export function makeWildcardRobots(bytes = 500_000, seed = 3) {
  const r = rng(seed);
  const lines = ['# Wildcard-heavy robots.txt for benchmarks', ''];
  let size = 0;
  const push = (l) => {
    lines.push(l);
    size += l.length + 1;
  };
  const literal = () => `${segment(r)}${r() < 0.5 ? '-' + Math.floor(r() * 100000) : ''}`;
  const rule = () => {
    const x = r();
    let p;
    if (x < 0.25) p = ['/*?' + literal() + '=', '/*/' + literal() + '/*', '/*.' + literal() + '$', '/*' + literal() + '*/print'][Math.floor(r() * 4)];
    else if (x < 0.5) p = '/' + segment(r) + '/*' + literal() + (r() < 0.3 ? '$' : '');
    else p = '/' + segment(r) + '/' + literal() + '/';
    return `${r() < 0.1 ? 'Allow' : 'Disallow'}: ${p}`;
  };
  // Several Googlebot groups, merged by Google into one.
  while (size < bytes * 0.245) {
    push('User-agent: Googlebot');
    for (let i = 0; i < 300 && size < bytes * 0.245; i++) push(rule());
    push('');
  }
  push('User-agent: *');
  while (size < bytes - 100) push(rule());
  return lines.join('\n');
}

/**
 * A robots.txt of at most `bytes` UTF-8 bytes made of real sites' files (every `.txt` of `dir`, in
 * name order, joined and repeated as needed), cut at a line break: thousands of groups, many
 * agents, CRLF and non-ASCII lines as the real files have them. Null when `dir` holds none.
 */
export function makeRealShapedRobots(dir, bytes = 500_000) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
  if (files.length === 0) return null;
  const joined = files.map((f) => readFileSync(join(dir, f), 'utf8').replace(/\n?$/, '\n')).join('');
  let text = joined;
  while (Buffer.byteLength(text) < bytes) text += joined;
  // Cut at the last line break within `bytes` (Buffer byte offsets, decoded back).
  const buf = Buffer.from(text).subarray(0, bytes);
  // The last line keeps no break (nor the CR of a CRLF): the file ends in its last rule.
  return buf.subarray(0, buf.lastIndexOf(0x0a)).toString('utf8').replace(/\r$/, '');
}
