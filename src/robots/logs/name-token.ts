/**
 * The name a bot gives itself in its User-Agent, for bots no profile and no list names: the
 * product (the words before `/version`, or a bare entry of a comment) that says bot, crawler,
 * spider…, else its first product. Never a URL or an address, nor what every browser's or
 * device's User-Agent holds (Mozilla, compatible, AppleWebKit, Build, an OS, a device, a locale).
 */
import { isbotMatch } from 'isbot';

// Products and comment words of browsers, platforms and devices: never a bot's own name.
const PLATFORM = new Set([
  'mozilla', 'compatible', 'applewebkit', 'chrome', 'chromium', 'safari', 'version', 'gecko', 'firefox', 'khtml', 'like', 'mobile',
  'edg', 'edge', 'edga', 'edgios', 'opr', 'opera', 'crios', 'fxios', 'trident', 'msie', 'headlesschrome', 'webkit', 'presto',
  'build', 'profile', 'configuration', 'vendorid', 'midp', 'cldc', 'wv', 'u', 'i', 'n', 'x11', 'x64', 'x86', 'x86_64', 'win64',
  'win32', 'wow64', 'amd64', 'i686', 'arm', 'arm64', 'aarch64', 'nt', 'cpu', 'os', 'mac', 'intel', 'ppc', 'macintosh', 'windows',
  'linux', 'android', 'ios', 'ipados', 'cros', 'iphone', 'ipad', 'ipod', 'ubuntu', 'debian', 'fedora', 'centos', 'red', 'hat',
  'suse', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'darwin', 'cfnetwork', 'dalvik', 'tablet', 'phone', 'touch', 'slcc1', 'slcc2',
  '.net', 'clr', 'media', 'center', 'pc', 'infopath', 'tablet', 'kindle', 'silk', 'samsungbrowser', 'ucbrowser', 'yabrowser',
]);
// Devices name themselves by model: BlackBerry9000, SM-G930V, Nexus 5X, Pixel 7, KFTRWI, HTC_One…
const DEVICE = /^(?:blackberry\w*|bb\d+|nokia\w*|samsung[\w-]*|sm-\w+|gt-\w+|sch-\w+|sgh-\w+|htc[\w-]*|lg[\w-]*|lm-\w+|sonyericsson\w*|sony\w*|mot-?\w*|moto\w*|nexus|pixel|kf[a-z]{3,5}|mi|redmi\w*|huawei\w*|xiaomi\w*|oneplus\w*|vivo\w*|oppo\w*|cph\d+)$/i;
const LOCALE = /^[a-z]{2}(?:[-_][a-z]{2})?$/i;
const NUMBER = /^[\d._-]+$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9 _.!'+-]*$/;
/** The words bots name themselves with (the brief list of RFC 9309's "crawlers", and their kin). */
const BOT_WORD = /bot|crawl|spider|slurp|fetch|scrap|scan|archiv|robot|indexer/i;
// A word where a URL, an address or a description begins: nothing after it in its part is a name.
const URL_START = /^(?:\+|https?:|ftp:|www\.)|:\/\/|@/i;

interface Product {
  readonly name: string;
  readonly versioned: boolean;
}

/** Whether a product's words can be a bot's name: none a platform, device, locale or bare number. */
function nameable(words: readonly string[]): boolean {
  if (words.length === 0) return false;
  return words.every((w) => !PLATFORM.has(w.toLowerCase()) && !DEVICE.test(w) && !LOCALE.test(w) && !NUMBER.test(w));
}

/** The products of a User-Agent in order: each part (between `(`, `)`, `;`, `,`) read as `words/version` runs and bare words. */
function products(ua: string): Product[] {
  const out: Product[] = [];
  const add = (words: string[], versioned: boolean) => {
    const name = words.join(' ').replace(/^[+\s]+|[\s.:+-]+$/g, '');
    if (name !== '' && NAME.test(name) && /[A-Za-z]/.test(name) && nameable(words)) out.push({ name, versioned });
  };
  for (const part of ua.split(/[;(),[\]]/)) {
    let words: string[] = [];
    for (const word of part.trim().split(/\s+/)) {
      if (word === '') continue;
      if (URL_START.test(word)) break;
      const slash = word.indexOf('/');
      if (slash < 0) {
        words.push(word);
        continue;
      }
      if (slash > 0) words.push(word.slice(0, slash));
      add(words, true);
      words = [];
    }
    add(words, false);
  }
  return out;
}

/** The name an unnamed bot gives itself (`Mozilla/5.0 (compatible; MJ12bot/v1.4)` → MJ12bot); 'unnamed bot' when it gives none. */
export function botName(userAgent: string): string {
  const ua = userAgent.length > 512 ? userAgent.slice(0, 512) : userAgent;
  const all = products(ua);
  const chosen = all.find((p) => BOT_WORD.test(p.name)) ?? all.find((p) => p.versioned) ?? all[0];
  if (chosen) return chosen.name;
  const matched = (isbotMatch(ua) ?? '').replace(/[^A-Za-z0-9_.-]+/g, ' ').trim().split(' ')[0] ?? '';
  return matched.length > 1 && nameable([matched]) ? matched : 'unnamed bot';
}
