// Real-shaped server logs for the logs benches (bench/logs.mjs, bench/logs-browser.mjs): real user
// agents (crawler-user-agents' instances, the tester's crawler profiles, browsers') and paths from
// real robots.txt files (../shared/realworld/google), mixed as a real site's log mixes them —
// visitors and crawlers interleaved, each fetching a few URLs in a row, popular pages often and a
// long tail rarely, with real-looking status codes, sizes and referrers. Written in Apache's
// combined format, IIS's W3C format (its directives at the top of each day's file) or CloudFront's.
// Deterministic (seeded); written on the fly, never committed.
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A small deterministic generator (the bench's logs are the same every run). */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Shuffles `xs` in place (Fisher–Yates, from `r`). */
function shuffle(xs, r) {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** Picks from `items` by `weights` (binary search over the running sums). */
function picker(items, weights, r) {
  const sums = new Float64Array(items.length);
  let total = 0;
  for (let i = 0; i < items.length; i++) sums[i] = total += weights[i];
  return () => {
    const x = r() * total;
    let lo = 0;
    let hi = sums.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sums[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  };
}

/** Zipf weights by rank (1/rank^s): a few items most of the time, a long tail now and then. */
const zipf = (n, s = 1) => Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);

// Browsers as their makers ship them; the version digits vary per visitor as real traffic's do.
const BROWSERS = [
  [30, (v) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`],
  [14, (v) => `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Mobile Safari/537.36`],
  [14, (v) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${v % 7} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${v % 7} Mobile/15E148 Safari/604.1`],
  [8, (v) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${v % 7} Safari/605.1.15`],
  [8, (v) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`],
  [7, (v) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${v - 4}.0) Gecko/20100101 Firefox/${v - 4}.0`],
  [6, (v) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36 Edg/${v}.0.2478.${v}`],
  [3, (v) => `Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${v - 100}.0 Chrome/${v}.0.0.0 Mobile Safari/537.36`],
  [2, (v) => `Mozilla/5.0 (X11; Linux x86_64; rv:${v - 4}.0) Gecko/20100101 Firefox/${v - 4}.0`],
  [2, (v) => `Mozilla/5.0 (iPad; CPU OS 17_${v % 7} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/${v}.0.6367.88 Mobile/15E148 Safari/604.1`],
];
// The operators' published addresses of the big crawlers (a request from elsewhere claims to be one).
const CRAWLER_NETS = [[/Googlebot|Google-InspectionTool|GoogleOther|Storebot-Google|AdsBot-Google/, ['66.249.64.', '66.249.66.', '66.249.68.', '66.249.72.', '66.249.79.']], [/bingbot/i, ['157.55.39.', '207.46.13.', '40.77.167.']], [/GPTBot|OAI-SearchBot|ChatGPT-User/, ['20.171.207.', '52.230.152.']]];
const REFERRERS = ['https://www.google.com/', 'https://www.bing.com/', 'https://duckduckgo.com/', 'https://t.co/', 'https://www.facebook.com/', 'android-app://com.google.android.gm/'];
const STATUS = [[200, 82], [304, 5], [301, 3], [302, 2], [404, 6.2], [403, 0.6], [500, 0.4], [503, 0.3], [206, 0.5]];

/** Whether a rule's path can be written in a log line as it is (printable ASCII, no quote, backslash or space). */
const loggable = (p) => /^\/[!#-[\]-~]*$/.test(p);

/** The paths a robots.txt's rules name, their wildcards filled in (`*` a word, `$` dropped). */
function rulePaths(text, r, words) {
  const out = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:dis)?allow\s*:\s*(\S+)/i.exec(line);
    if (!m || !m[1].startsWith('/')) continue;
    const path = m[1].replace(/\$$/, '').replace(/\*+/g, () => words[Math.floor(r() * words.length)]);
    if (loggable(path)) out.push(path);
  }
  return out;
}

/**
 * What the generated logs are made of, read from real data: the robots.txt they are judged against
 * (www.etsy.com's, 31 KB, 1,035 rules, half of them with wildcards, as published: the size of the file the
 * logs bench used before), the paths (its rules' and those of 505 other real files,
 * shuffled, then drawn by rank), and the user agents (browsers', the tester's crawler profiles',
 * crawler-user-agents' instances). `root`: the repository, lib/ built.
 */
export async function loadLogMix(root, seed = 7) {
  const r = rng(seed);
  const bodies = readFileSync(join(root, '..', 'shared', 'realworld', 'google', 'bodies.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const site = bodies.find((b) => b.source.endsWith('/www.etsy.com'));
  const words = ['products', 'search', 'en', 'blog', 'page', 'item-4711', 'checkout', 'tag', 'index.html', 'feed', 'login', 'p', 'cart', 'news', '2024'];
  const own = [...new Set(rulePaths(site.robots, r, words))];
  const others = [...new Set(bodies.filter((b) => b !== site).flatMap((b) => rulePaths(b.robots, r, words)))];
  // Pages of the site itself: its home and the paths its own file names come up most.
  const paths = ['/', ...shuffle(own, r).slice(0, 400), ...shuffle(others, r)];
  const queried = (p) => (p.includes('?') ? p : `${p}?page=${2 + Math.floor(r() * 9)}`);
  for (let i = 0; i < paths.length; i += 13) paths[i] = queried(paths[i]);

  const listed = JSON.parse(readFileSync(join(root, 'node_modules', 'crawler-user-agents', 'crawler-user-agents.json'), 'utf8'));
  const instances = shuffle([...new Set(listed.flatMap((e) => e.instances ?? []))].filter((ua) => !/[\u0000-\u001f"\\]/.test(ua)), r);
  const { CRAWLERS } = await import(join(root, 'lib', 'index.js'));
  const profiles = CRAWLERS.map((c) => c.userAgent).filter(Boolean);
  // The big crawlers come often (their profiles' own agents first), every listed bot now and then.
  const bots = [...profiles, ...instances];
  const botWeights = [...profiles.map((ua) => (/Googlebot\/2\.1/.test(ua) ? 60 : /bingbot|GPTBot|Googlebot-Image|ClaudeBot|AdsBot/.test(ua) ? 12 : 3)), ...zipf(instances.length, 0.8).map((w) => w * 40)];
  return { robotsText: site.robots, paths, bots, botWeights };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n) => String(n).padStart(2, '0');
const IIS_FIELDS = 'date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken';
const CLOUDFRONT_FIELDS = 'date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end';
const EDGES = ['FRA56-P1', 'IAD89-C3', 'LHR61-P4', 'NRT57-C2', 'SFO53-P2', 'GRU3-C1'];
const TYPES = { css: 'text/css', js: 'application/javascript', png: 'image/png', jpg: 'image/jpeg', xml: 'application/xml', txt: 'text/plain' };

/** A request as the writers take it. */
const line = {
  combined: (q, t) => `${q.ip} - - [${t.clf}] "${q.method} ${q.path} ${q.protocol}" ${q.status} ${q.bytes === 0 ? '-' : q.bytes} "${q.referrer}" "${q.ua}"\n`,
  w3c: (q, t) => {
    const at = q.path.indexOf('?');
    const [stem, query] = at < 0 ? [q.path, '-'] : [q.path.slice(0, at), q.path.slice(at + 1)];
    return `${t.date} ${t.time} 10.0.0.4 ${q.method} ${stem} ${query} 443 - ${q.ip} ${q.ua.replaceAll(' ', '+')} ${q.referrer.replaceAll(' ', '+')} ${q.status} 0 0 ${q.taken}\n`;
  },
  cloudfront: (q, t, r) => {
    const at = q.path.indexOf('?');
    const [stem, query] = at < 0 ? [q.path, '-'] : [q.path.slice(0, at), q.path.slice(at + 1)];
    const hit = q.status === 200 && r() < 0.7 ? 'Hit' : q.status >= 400 ? 'Error' : 'Miss';
    const ext = /\.(\w+)$/.exec(stem)?.[1];
    const id = Math.floor(r() * 2 ** 52).toString(36).padStart(11, '0');
    return [t.date, t.time, EDGES[Math.floor(r() * EDGES.length)], q.bytes, q.ip, q.method, 'd111111abcdef8.cloudfront.net', stem, q.status, q.referrer,
      encodeURI(q.ua), query, '-', hit, `${id}${id}==`, 'www.example.com', 'https', 180 + Math.floor(r() * 400), (q.taken / 1000).toFixed(3), '-', 'TLSv1.3', 'TLS_AES_128_GCM_SHA256',
      hit, q.protocol, '-', '-', 40000 + Math.floor(r() * 25000), (q.taken / 1200).toFixed(3), hit, TYPES[ext] ?? 'text/html', q.bytes, '-', '-'].join('\t') + '\n';
  },
};

/** Each day's file starts with its directives (a log of many days read as one file holds them all). */
function dayHeader(format, date, time) {
  if (format === 'w3c') return `#Software: Microsoft Internet Information Services 10.0\n#Version: 1.0\n#Date: ${date} ${time}\n#Fields: ${IIS_FIELDS}\n`;
  if (format === 'cloudfront') return `#Version: 1.0\n#Fields: ${CLOUDFRONT_FIELDS}\n`;
  return '';
}

/**
 * Writes `count` lines over 30 days in `format` (combined, w3c or cloudfront), from `mix`
 * (loadLogMix); resolves to the file's size. Visitors and crawlers come and go, up to a few dozen
 * at once, each fetching a few URLs in a row (a crawler sometimes its robots.txt first).
 */
export async function writeLog(file, count, format, mix, seed = 5) {
  const r = rng(seed);
  const browser = picker(BROWSERS.map(([, f]) => f), BROWSERS.map(([w]) => w), r);
  const bot = picker(mix.bots, mix.botWeights, r);
  const path = picker(mix.paths, zipf(mix.paths.length, 0.9), r);
  const status = picker(STATUS.map(([s]) => s), STATUS.map(([, w]) => w), r);
  const octet = () => Math.floor(r() * 256);
  const newClient = () => {
    const isBot = r() < 0.35;
    const ua = isBot ? bot() : browser()(118 + Math.floor(r() * 14));
    const net = isBot ? CRAWLER_NETS.find(([re]) => re.test(ua)) : undefined;
    // A crawler's operator's own addresses mostly; one in twenty from elsewhere (spoofed).
    const ip = net && r() < 0.95 ? `${net[1][Math.floor(r() * net[1].length)]}${octet()}` : r() < 0.08 ? `2a02:${octet().toString(16)}:${octet().toString(16)}::${octet().toString(16)}` : `${1 + Math.floor(r() * 222)}.${octet()}.${octet()}.${octet()}`;
    return { ua, ip, isBot, left: isBot ? 1 + Math.floor(r() * 12) : 1 + Math.floor(r() * 8), page: '', robots: isBot && r() < 0.3 };
  };
  const clients = Array.from({ length: 48 }, newClient);
  const start = Date.UTC(2025, 9, 1);
  const step = (30 * 86_400_000) / count;
  const write = line[format];
  const out = createWriteStream(file);
  let chunk = '';
  let lastSecond = -1;
  let lastDay = -1;
  const t = { clf: '', date: '', time: '' };
  for (let i = 0; i < count; i++) {
    const ms = start + Math.floor(i * step);
    const second = Math.floor(ms / 1000);
    if (second !== lastSecond) {
      const d = new Date(ms);
      t.time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
      t.date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
      t.clf = `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${t.time} +0000`;
      lastSecond = second;
      const day = Math.floor(ms / 86_400_000);
      if (day !== lastDay) {
        chunk += dayHeader(format, t.date, t.time);
        lastDay = day;
      }
    }
    // The clients on the site take turns, the latest ones more often.
    const k = Math.floor(r() * r() * clients.length);
    const c = clients[k];
    let p;
    if (c.robots) {
      p = '/robots.txt';
      c.robots = false;
    } else p = path();
    const s = p === '/robots.txt' ? 200 : status();
    const q = {
      ip: c.ip, ua: c.ua, path: p, status: s, protocol: r() < 0.7 ? 'HTTP/1.1' : 'HTTP/2.0',
      method: c.isBot || r() < 0.96 ? (r() < 0.02 ? 'HEAD' : 'GET') : 'POST',
      bytes: s === 304 || s === 204 ? 0 : s >= 300 && s < 400 ? 150 + Math.floor(r() * 150) : s >= 400 ? 800 + Math.floor(r() * 4000) : Math.floor(Math.exp(7 + 3.5 * r())),
      referrer: c.isBot ? '-' : c.page ? `https://www.example.com${c.page}` : r() < 0.45 ? '-' : REFERRERS[Math.floor(r() * REFERRERS.length)],
      taken: 1 + Math.floor(r() * r() * 900),
    };
    chunk += write(q, t, r);
    c.page = p;
    if (--c.left === 0) {
      clients.splice(k, 1);
      clients.push(newClient());
    }
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise((res) => out.once('drain', res));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise((res) => out.on('close', res));
  return statSync(file).size;
}

/** Writes `count` combined-format lines (writeLog); resolves to the file's size. */
export function writeCombinedLog(file, count, mix, seed = 5) {
  return writeLog(file, count, 'combined', mix, seed);
}

/**
 * An operator's ranges file with `count` prefixes (Google's format): Google's published Googlebot
 * prefix and IPv6 ones among made-up IPv4 /24s and /22s, shuffled (deterministic).
 */
export function makeRangesJson(count, seed = 11) {
  const r = rng(seed);
  const prefixes = [{ ipv4Prefix: '66.249.64.0/19' }, { ipv6Prefix: '2001:4860:4801::/48' }];
  for (let i = prefixes.length; i < count; i++) {
    if (r() < 0.1) prefixes.push({ ipv6Prefix: `2001:${Math.floor(r() * 65536).toString(16)}:${Math.floor(r() * 65536).toString(16)}::/48` });
    else prefixes.push({ ipv4Prefix: `${1 + Math.floor(r() * 222)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}.0/${r() < 0.8 ? 24 : 22}` });
  }
  shuffle(prefixes, r);
  return JSON.stringify({ creationTime: '2025-10-01T00:00:00.000000', prefixes }, null, 1);
}
