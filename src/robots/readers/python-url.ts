/**
 * The parts of CPython's `urllib.parse` that its robots.txt parsers and Protego call, as CPython
 * 3.11–3.12 behaves (and, where noted, the main branch's private `_urlsplit`/`_urlunsplit`, which
 * keep absent parts as None). Read from CPython's `Lib/urllib/parse.py`; none of it is copied.
 */

/** What `urlsplit` raises on: the callers treat it as Python does (an exception). */
export class PyValueError extends Error {}

/** `urlsplit`'s parts; null where the main branch's `_urlsplit` says None (absent). */
export interface PySplit {
  readonly scheme: string;
  readonly netloc: string | null;
  readonly path: string;
  readonly query: string | null;
  readonly fragment: string | null;
}

const SCHEME_CHARS = /^[A-Za-z0-9+\-.]+$/;
const isC0OrSpace = (c: number): boolean => c <= 0x20;

/** `urllib.parse._urlsplit(url, '')`: absent netloc, query and fragment are null. */
export function pyUrlSplit(input: string): PySplit {
  let url = input;
  let a = 0;
  while (a < url.length && isC0OrSpace(url.charCodeAt(a))) a++;
  url = url.slice(a).replace(/[\t\r\n]/g, '');
  let scheme = '';
  let netloc: string | null = null;
  let query: string | null = null;
  let fragment: string | null = null;
  const colon = url.indexOf(':');
  if (colon > 0 && /^[A-Za-z]/.test(url) && SCHEME_CHARS.test(url.slice(0, colon))) {
    scheme = url.slice(0, colon).toLowerCase();
    url = url.slice(colon + 1);
  }
  if (url.startsWith('//')) {
    let delim = url.length;
    for (const c of '/?#') {
      const x = url.indexOf(c, 2);
      if (x >= 0 && x < delim) delim = x;
    }
    netloc = url.slice(2, delim);
    url = url.slice(delim);
    checkNetloc(netloc);
  }
  const hash = url.indexOf('#');
  if (hash >= 0) {
    fragment = url.slice(hash + 1);
    url = url.slice(0, hash);
  }
  const q = url.indexOf('?');
  if (q >= 0) {
    query = url.slice(q + 1);
    url = url.slice(0, q);
  }
  return { scheme, netloc, path: url, query, fragment };
}

// The ValueErrors of urlsplit: unbalanced brackets, and (for non-ASCII hosts) characters that
// NFKC turns into URL delimiters. CPython 3.11.4+ also validates a bracketed host as an IP
// address; this keeps to the checks every 3.11–3.12 release makes.
function checkNetloc(netloc: string): void {
  if (netloc.includes('[') !== netloc.includes(']')) throw new PyValueError('Invalid IPv6 URL');
  if (/^[\x00-\x7f]*$/.test(netloc)) return;
  const n = netloc.replace(/[@:#?]/g, '');
  const normal = n.normalize('NFKC');
  if (n === normal) return;
  for (const c of '/?#@:') if (normal.includes(c)) throw new PyValueError('netloc contains invalid characters under NFKC normalization');
}

/** `urlparse`'s six parts (every absent part is ''). */
export interface PyParsed {
  readonly scheme: string;
  readonly netloc: string;
  readonly path: string;
  readonly params: string;
  readonly query: string;
  readonly fragment: string;
}

/** `urllib.parse.urlparse(url)`: urlsplit, then `;params` off the last path segment. */
export function pyUrlParse(url: string): PyParsed {
  const s = pyUrlSplit(url);
  let path = s.path;
  let params = '';
  // uses_params includes '' and every scheme these parsers meet except the exotic ones.
  if (USES_PARAMS.has(s.scheme) && path.includes(';')) {
    const slash = path.lastIndexOf('/');
    const i = slash >= 0 ? path.indexOf(';', slash) : path.indexOf(';');
    if (i >= 0) {
      params = path.slice(i + 1);
      path = path.slice(0, i);
    }
  }
  return { scheme: s.scheme, netloc: s.netloc ?? '', path, params, query: s.query ?? '', fragment: s.fragment ?? '' };
}

const USES_PARAMS = new Set(['', 'ftp', 'hdl', 'prospero', 'http', 'imap', 'https', 'shttp', 'rtsp', 'rtsps', 'rtspu', 'sip', 'sips', 'mms', 'sftp', 'tel']);
const USES_NETLOC = new Set(['', 'ftp', 'http', 'gopher', 'nntp', 'telnet', 'imap', 'wais', 'file', 'mms', 'https', 'shttp', 'snews', 'prospero', 'rtsp', 'rtsps', 'rtspu', 'rsync', 'svn', 'svn+ssh', 'sftp', 'nfs', 'git', 'git+ssh', 'ws', 'wss', 'itms-services']);

/** `urllib.parse.urlunparse(parts)` as CPython 3.11–3.12 joins them (empty query and fragment dropped). */
export function pyUrlUnparse(p: PyParsed): string {
  let url = p.params ? `${p.path};${p.params}` : p.path;
  if (p.netloc || (p.scheme && USES_NETLOC.has(p.scheme) && !url.startsWith('//'))) {
    if (url && !url.startsWith('/')) url = '/' + url;
    url = '//' + p.netloc + url;
  }
  if (p.scheme) url = p.scheme + ':' + url;
  if (p.query) url += '?' + p.query;
  if (p.fragment) url += '#' + p.fragment;
  return url;
}

/** The main branch's `_urlunsplit(None, None, path, query, fragment)`: None parts are left out, empty ones kept. */
export function pyUrlUnsplitPath(path: string, query: string | null, fragment: string | null): string {
  let url = path.startsWith('//') ? '//' + path : path;
  if (query !== null) url += '?' + query;
  if (fragment !== null) url += '#' + fragment;
  return url;
}

const encoder = new TextEncoder();

/**
 * `urllib.parse.quote(s, safe)`: UTF-8 bytes, every byte outside the always-safe set and `safe`
 * as `%XX`. A lone surrogate raises in Python (strict UTF-8): here too.
 */
export function pyQuote(s: string, safe = '/'): string {
  if (s === '') return s;
  if (LONE_SURROGATE.test(s)) throw new PyValueError('surrogates not allowed');
  return quoteBytes(encoder.encode(s), safe);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const HEX_BYTE = Array.from({ length: 256 }, (_, b) => '%' + b.toString(16).toUpperCase().padStart(2, '0'));
const safeTables = new Map<string, readonly string[]>();

// What each byte quotes to for one `safe` set (few sets are ever used, so each is built once).
function quoteTable(safe: string): readonly string[] {
  let table = safeTables.get(safe);
  if (!table) {
    table = HEX_BYTE.map((hex, b) => {
      const c = String.fromCharCode(b);
      return b < 0x80 && (/[A-Za-z0-9_.\-~]/.test(c) || safe.includes(c)) ? c : hex;
    });
    safeTables.set(safe, table);
  }
  return table;
}

/** `urllib.parse.quote_from_bytes(bytes, safe)`. */
export function quoteBytes(bytes: Uint8Array, safe: string): string {
  const table = quoteTable(safe);
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += table[bytes[i]!]!;
  return out;
}

/**
 * `quote(unquote(s, errors='surrogateescape'), errors='surrogateescape')` (the RFC 9309 module's
 * `normalize`): lossless, so it is the escape-decoded bytes quoted again, a surrogate escape
 * U+DC80–U+DCFF standing for its raw byte. Any other lone surrogate raises, as Python's encoder does.
 */
export function pyRequote(s: string): string {
  return quoteBytes(percentBytes(s, null, 'surrogateescape'), '/');
}

/** A growing byte buffer: bytes are appended one by one, never spread into a call. */
class ByteBuffer {
  private bytes = new Uint8Array(64);
  length = 0;
  push(b: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = b;
  }
  /** Appends `s` as UTF-8; lone surrogates as U+FFFD (`replace`) or, for `surrogateescape`, U+DC80–U+DCFF as their byte. */
  pushText(s: string, from: number, to: number, mode: TextMode): void {
    for (let i = from; i < to; i++) {
      let c = s.charCodeAt(i);
      if (c < 0x80) {
        this.push(c);
        continue;
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < to ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
        } else if (mode === 'surrogateescape') {
          if (c < 0xdc80 || c > 0xdcff) throw new PyValueError(`'utf-8' codec can't encode character '\\u${c.toString(16)}': surrogates not allowed`);
          this.push(c - 0xdc00);
          continue;
        } else {
          c = 0xfffd;
        }
      }
      if (c < 0x800) {
        this.push(0xc0 | (c >> 6));
      } else if (c < 0x10000) {
        this.push(0xe0 | (c >> 12));
        this.push(0x80 | ((c >> 6) & 0x3f));
      } else {
        this.push(0xf0 | (c >> 18));
        this.push(0x80 | ((c >> 12) & 0x3f));
        this.push(0x80 | ((c >> 6) & 0x3f));
      }
      this.push(0x80 | (c & 0x3f));
    }
  }
  result(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** How text (not escapes) becomes bytes: as JavaScript's TextEncoder (`replace`) or with Python's `surrogateescape`. */
type TextMode = 'replace' | 'surrogateescape';

const utf8Replace = new TextDecoder('utf-8');

/**
 * `urllib.parse.unquote(s)`: `%XX` escapes within each run of ASCII become bytes decoded as UTF-8
 * with U+FFFD for invalid sequences; non-ASCII characters and broken escapes stay as they are.
 */
export function pyUnquote(s: string): string {
  if (!s.includes('%')) return s;
  return s.replace(/[\x00-\x7f]+/g, (run) => (run.includes('%') ? utf8Replace.decode(percentBytes(run, null)) : run));
}

/**
 * The bytes of a string with its `%XX` escapes decoded, except escapes whose upper-cased hex is in
 * `keep` (they stay `%XX`, upper-cased: Protego's `_unquote(..., ignore=...)`); the rest as UTF-8.
 */
export function percentBytes(s: string, keep: ReadonlySet<string> | null, mode: TextMode = 'replace'): Uint8Array {
  const out = new ByteBuffer();
  let from = 0;
  for (let i = s.indexOf('%'); i >= 0; i = s.indexOf('%', i + 1)) {
    if (!isHexUnit(s.charCodeAt(i + 1)) || !isHexUnit(s.charCodeAt(i + 2))) continue;
    out.pushText(s, from, i, mode);
    const hex = s.slice(i + 1, i + 3).toUpperCase();
    if (keep && keep.has(hex)) {
      out.push(0x25);
      out.push(hex.charCodeAt(0));
      out.push(hex.charCodeAt(1));
    } else {
      out.push(parseInt(hex, 16));
    }
    from = i + 3;
    i += 2;
  }
  out.pushText(s, from, s.length, mode);
  return out.result();
}

const isHexUnit = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** Decodes UTF-8 bytes with U+FFFD for every invalid sequence, as Python's `errors='replace'`. */
export function utf8DecodeReplace(bytes: Uint8Array): string {
  return utf8Replace.decode(bytes);
}
