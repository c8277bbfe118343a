/**
 * One source of the inventory, read as its bytes (or text) come: gzip inflated, UTF-8 decoded,
 * the format told from the first characters (XML: a sitemap, index or feed; else text), entries
 * checked against the sitemaps.org limits and hosts. Pure: the caller does the I/O and pushes.
 */
import { isGzip, utf8Length } from '../text/index.js';
import { GunzipStream } from './gzip.js';
import type { InventoryFormat, SkipReason, SourceProblem } from './messages.js';
import { SitemapXml } from './xml.js';

/** sitemaps.org: a sitemap (or index) holds at most 50,000 entries… */
export const SITEMAP_MAX_ENTRIES = 50_000;
/** …and at most 50 MB (52,428,800 bytes) uncompressed. */
export const SITEMAP_MAX_BYTES = 52_428_800;
/** sitemaps.org: a URL is less than 2,048 characters. */
export const SITEMAP_MAX_URL = 2048;

/** A reader of a URL list's text (plain lines or CSV), as the CSV module's urlListReader. */
export interface LineReader {
  push(text: string): string[];
  end(): string[];
}

/** How a source is read. */
export interface InventoryReaderOptions {
  /**
   * `sitemap`: fetched or named as a sitemap: a text file is a text sitemap (absolute http(s)
   * URLs, one per line) and the limits apply. `list` (default): a URL list or a crawl export
   * (plain or CSV; paths allowed). XML is read as a sitemap or feed either way.
   */
  readonly role?: 'sitemap' | 'list';
  /** Where the source was fetched from: a sitemap lists only URLs of this origin… */
  readonly url?: string;
  /** …and of these (the site whose robots.txt names the sitemap: cross-submission). */
  readonly origins?: readonly string[];
  /**
   * Where a feed's relative links resolve when it names no xml:base (RFC 4287 §2, RFC 3986 §5.1):
   * the feed's own URL, else the site's. Without one they are skipped as relative.
   */
  readonly base?: string;
  /** Reads a list's text (the CSV module's urlListReader: url or Address column); plain lines when absent. */
  readonly lines?: () => LineReader;
  /** The sitemaps.org limits, for tests (50,000 entries, 50 MB). */
  readonly maxEntries?: number;
  readonly maxBytes?: number;
}

/** What a piece of a source gave: page URLs, and the child sitemaps an index names. */
export interface InventoryChunk {
  readonly urls: string[];
  readonly sitemaps: string[];
}

/** What a source gave in all. */
export interface SourceReport {
  /** The source's URL or file name. */
  readonly source: string;
  /** The sitemap index that named it (null for a source given directly). */
  readonly parent: string | null;
  readonly format: InventoryFormat | null;
  readonly gzip: boolean;
  /** Bytes read (uncompressed). */
  readonly bytes: number;
  /** URLs it added to the inventory. */
  readonly urls: number;
  /** Child sitemaps it named (an index). */
  readonly sitemaps: number;
  /** Entries left out, by why. */
  readonly skipped: Readonly<Partial<Record<SkipReason, number>>>;
  /** What went wrong with it as a whole; the URLs read before stay. */
  readonly problem: SourceProblem | null;
  /** The text's encoding when not UTF-8 (a UTF-16 sitemap, told by its byte-order mark or its first characters). */
  readonly encoding: 'UTF-16LE' | 'UTF-16BE' | null;
  /** The origins of the URLs skipped as on another host (the first few), with how many each. */
  readonly otherHosts: Readonly<Record<string, number>>;
  /** A child sitemap taken from an opened file rather than fetched: the file's name. */
  readonly file: string | null;
  /** An opened file an index named as its child sitemap: the URL it was read as (under `parent`), not read again. */
  readonly readAs: string | null;
}

/** The report's fields as the reader fills them. */
export type MutableReport = { -readonly [K in keyof SourceReport]: SourceReport[K] } & { skipped: Partial<Record<SkipReason, number>>; otherHosts: Record<string, number> };

/** An empty report for `source`. */
export function newReport(source: string, parent: string | null = null): MutableReport {
  return { source, parent, format: null, gzip: false, bytes: 0, urls: 0, sitemaps: 0, skipped: {}, problem: null, encoding: null, otherHosts: {}, file: null, readAs: null };
}

/** A copy of a report, its counts apart from the reader's. */
export function copyReport(r: SourceReport): MutableReport {
  return { ...r, skipped: { ...r.skipped }, otherHosts: { ...r.otherHosts } };
}

/** Origins of other-host skips a report names (the rest are counted, not named). */
const OTHER_HOSTS_NAMED = 3;

/** Adds `n` entries skipped for `reason` to a report. */
export function addSkip(report: MutableReport, reason: SkipReason, n = 1): void {
  report.skipped[reason] = (report.skipped[reason] ?? 0) + n;
}

/** All entries a report skipped. */
export function skippedCount(report: SourceReport): number {
  let n = 0;
  for (const v of Object.values(report.skipped)) n += v ?? 0;
  return n;
}

const DEFAULT_PORT: Readonly<Record<string, string>> = { http: '80', https: '443' };
const ORIGIN = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i;

/**
 * Where the origin ends in `url` when it starts `http://` or `https://` and its host needs no
 * change (the common case): the origin is the URL up to there. -1 otherwise.
 */
export function plainOriginEnd(url: string): number {
  // Character by character: startsWith on a string sliced from a larger one costs far more.
  if (url.charCodeAt(0) !== 0x68 || url.charCodeAt(1) !== 0x74 || url.charCodeAt(2) !== 0x74 || url.charCodeAt(3) !== 0x70) return -1;
  const colon = url.charCodeAt(4) === 0x73 ? 5 : 4;
  if (url.charCodeAt(colon) !== 0x3a || url.charCodeAt(colon + 1) !== 0x2f || url.charCodeAt(colon + 2) !== 0x2f) return -1;
  const start = colon + 3;
  let end = start;
  for (; end < url.length; end++) {
    const c = url.charCodeAt(end);
    if (c === 0x2f || c === 0x3f || c === 0x23) break;
    // Upper case, a port or user info: the careful path.
    if ((c >= 0x41 && c <= 0x5a) || c === 0x3a || c === 0x40) return -1;
  }
  return end;
}

/** The origin as written, when `url` starts `http://` or `https://` and its host needs no change (the common case). */
function plainOrigin(url: string): string | null {
  const end = plainOriginEnd(url);
  return end < 0 ? null : url.slice(0, end);
}

/**
 * The origin of an absolute http(s) URL as written (`https://host:port`, lower-cased, user info
 * and a default port dropped), or null. Cheap: no URL object per entry.
 */
export function originOf(url: string): string | null {
  const plain = plainOrigin(url);
  if (plain !== null) return plain;
  const m = ORIGIN.exec(url);
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return null;
  let authority = m[2]!.toLowerCase();
  const at = authority.lastIndexOf('@');
  if (at >= 0) authority = authority.slice(at + 1);
  const port = /:(\d*)$/.exec(authority);
  if (port && (port[1] === '' || port[1] === DEFAULT_PORT[scheme])) authority = authority.slice(0, port.index);
  return `${scheme}://${authority}`;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/**
 * The text's encoding from its first bytes (XML 1.0 Appendix F): a byte-order mark, or UTF-16's
 * `<` beside a zero byte; UTF-8 otherwise (its byte-order mark is dropped by the decoder).
 */
function encodingOf(b: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | null {
  if (b.length < 2) return null;
  if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0x3c && b[1] === 0x00)) return 'UTF-16LE';
  if ((b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0x00 && b[1] === 0x3c)) return 'UTF-16BE';
  return null;
}
const HTTP = /^https?:\/\//i;
const HTML_START = /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)[\s/>]/i;
// Enough of the start to tell XML from HTML from text.
const SNIFF_CHARS = 1024;

/** Reads one source: push its pieces in order, then end. */
export class InventoryReader {
  readonly report: MutableReport;
  private readonly sitemapRole: boolean;
  private readonly allowed: Set<string> | null;
  private readonly allowedList: readonly string[] | null;
  private readonly maxEntries: number;
  /** The sitemaps.org size limit until the source turns out to be a list (which has none). */
  private maxBytes: number;
  /** A first piece too short to tell gzip from the rest by. */
  private lead: Uint8Array | null = null;
  private gunzip: GunzipStream | null = null;
  private started = false;
  /** Chosen from the first bytes decoded (UTF-8 or UTF-16); until then, the bytes too few to tell by. */
  private decoder: TextDecoder | null = null;
  private undecided: Uint8Array | null = null;
  private head = '';
  private decided = false;
  private xml: SitemapXml | null = null;
  private lines: LineReader | null = null;
  /** Text sitemaps: what follows the last line break. */
  private rest = '';
  private entries = 0;
  private halted = false;
  private out: InventoryChunk = { urls: [], sitemaps: [] };
  private gzipFailed = false;

  constructor(source: string, private readonly options: InventoryReaderOptions = {}, parent: string | null = null) {
    this.report = newReport(source, parent);
    this.sitemapRole = options.role === 'sitemap';
    this.maxEntries = options.maxEntries ?? SITEMAP_MAX_ENTRIES;
    this.maxBytes = options.maxBytes ?? SITEMAP_MAX_BYTES;
    const own = options.url ? originOf(options.url) : null;
    this.allowed = own ? new Set([own, ...(options.origins ?? []).map((o) => originOf(o) ?? o)]) : null;
    this.allowedList = this.allowed ? [...this.allowed] : null;
  }

  /** True once nothing more will be read (a problem that stops the reading, or the size limit). */
  get stopped(): boolean {
    return this.halted;
  }

  /** Reads the next piece of the source (bytes, or text already decoded). */
  push(chunk: Uint8Array | string): InventoryChunk {
    if (!this.halted) {
      if (typeof chunk === 'string') {
        this.text(this.started ? chunk : chunk.replace(/^\uFEFF/, ''), utf8Length(chunk));
        this.started = true;
      } else this.bytes(chunk, false);
    }
    return this.take();
  }

  /** Ends the source: the last line, an unclosed document, an empty source. */
  end(): InventoryChunk {
    if (!this.halted) {
      if (this.lead) this.bytes(new Uint8Array(0), true);
      if (this.gunzip) this.inflate(new Uint8Array(0), true);
      if (!this.halted) this.text(this.decode(new Uint8Array(0), true), 0);
      if (!this.halted) this.finish();
    }
    return this.take();
  }

  /**
   * Marks the source as gzip inflated before it reached the reader (the app's DecompressionStream,
   * the CLI's zlib): the report says so, and the bytes pushed are the inflated ones.
   */
  inflatedUpstream(): void {
    this.report.gzip = true;
    this.started = true;
  }

  /** Stops with a problem (the caller's I/O failed: a network error, a broken inflation). */
  fail(problem: SourceProblem): void {
    if (!this.report.problem) this.report.problem = problem;
    if (!this.halted && !this.decided && this.head !== '') {
      // Broken off before its format was told (a short answer that stalls): the entries it gave count.
      this.decide();
      const head = this.head;
      this.head = '';
      if (!this.halted) this.feed(head);
    }
    this.halted = true;
  }

  private take(): InventoryChunk {
    const out = this.out;
    if (out.urls.length > 0 || out.sitemaps.length > 0) this.out = { urls: [], sitemaps: [] };
    return out;
  }

  private bytes(chunk: Uint8Array, final: boolean): void {
    if (!this.started) {
      if (this.lead) {
        const joined = new Uint8Array(this.lead.length + chunk.length);
        joined.set(this.lead);
        joined.set(chunk, this.lead.length);
        chunk = joined;
        this.lead = null;
      }
      // Two bytes tell gzip (its magic number) from text.
      if (chunk.length < 2 && !final) {
        this.lead = chunk;
        return;
      }
      if (isGzip(chunk)) {
        this.gunzip = new GunzipStream();
        this.report.gzip = true;
      }
    }
    this.started = true;
    if (this.gunzip) this.inflate(chunk, final);
    else this.decoded(chunk);
  }

  private inflate(chunk: Uint8Array, final: boolean): void {
    if (this.gzipFailed) return;
    try {
      this.gunzip!.push(chunk, final, (piece) => {
        this.decoded(piece);
        return !this.halted;
      });
    } catch (e) {
      this.gzipFailed = true;
      this.fail({ code: 'gzip', args: { detail: (e as Error).message || 'unreadable data' } });
    }
  }

  private decoded(bytes: Uint8Array): void {
    let piece = bytes;
    const room = this.maxBytes - this.report.bytes;
    if (piece.length > room) piece = piece.subarray(0, Math.max(0, room));
    this.report.bytes += piece.length;
    this.text(this.decode(piece, false), 0);
    if (piece !== bytes && !this.halted) {
      // Past the limit: the entries read so far count; the one cut off and the rest are not read.
      this.fail({ code: 'size-limit', args: {} });
    }
  }

  /** Decodes bytes as they come: the encoding is told by the first two. */
  private decode(bytes: Uint8Array, final: boolean): string {
    if (!this.decoder) {
      if (this.undecided) {
        const joined = new Uint8Array(this.undecided.length + bytes.length);
        joined.set(this.undecided);
        joined.set(bytes, this.undecided.length);
        bytes = joined;
        this.undecided = null;
      }
      if (bytes.length < 2 && !final) {
        if (bytes.length > 0) this.undecided = bytes;
        return '';
      }
      const encoding = encodingOf(bytes);
      this.report.encoding = encoding;
      try {
        this.decoder = new TextDecoder(encoding ?? 'utf-8');
      } catch {
        // A runtime without UTF-16BE (Node built without ICU): named, not misread.
        this.fail({ code: 'unreadable', args: { detail: `${encoding} text, which this runtime cannot decode` } });
        return '';
      }
    }
    return this.decoder.decode(bytes, { stream: !final });
  }

  private text(text: string, bytes: number): void {
    if (bytes > 0) {
      const room = this.maxBytes - this.report.bytes;
      if (bytes > room && this.decided) {
        // A pasted text over the limit: cut it there (an approximation at a character boundary).
        this.report.bytes += room;
        this.feed(text.slice(0, room));
        this.fail({ code: 'size-limit', args: {} });
        return;
      }
      this.report.bytes += bytes;
    }
    if (text === '') return;
    if (!this.decided) {
      this.head += text;
      if (this.head.length < SNIFF_CHARS) return;
      this.decide();
      if (this.halted) return;
      const head = this.head;
      this.head = '';
      this.feed(head);
      return;
    }
    this.feed(text);
  }

  /** Tells the format from the first characters. */
  private decide(): void {
    this.decided = true;
    const head = this.head;
    const first = /\S/.exec(head);
    if (head.includes('\u0000') || (head.match(/\uFFFD/g)?.length ?? 0) > head.length / 10) {
      this.fail({ code: 'unreadable', args: { detail: 'binary data, not text' } });
      return;
    }
    if (first && head[first.index] === '<') {
      if (HTML_START.test(head)) {
        this.fail({ code: 'html', args: {} });
        return;
      }
      this.xml = new SitemapXml({ url: (u) => this.entry(u, false), sitemap: (u) => this.entry(u, true) }, this.options.base ?? null);
      return;
    }
    if (this.sitemapRole) this.report.format = 'text';
    else {
      this.report.format = 'list';
      this.maxBytes = Infinity;
      this.lines = this.options.lines?.() ?? null;
    }
  }

  private feed(text: string): void {
    if (this.xml) {
      this.xml.write(text);
      this.report.format = this.xml.format;
      if (this.xml.stopped) this.fail(this.xml.problem!);
    } else if (this.lines) {
      for (const u of this.lines.push(text)) this.entry(u, false);
    } else {
      this.plain(text, false);
    }
  }

  /** Splits plain text into lines (LF, CRLF or CR); each trimmed line not blank is an entry. */
  private plain(text: string, final: boolean): void {
    const all = this.rest === '' ? text : this.rest + text;
    let start = 0;
    for (let i = 0; i < all.length; i++) {
      const c = all.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      // A CR at the very end may be half of a CRLF: wait for the next piece.
      if (c === 0x0d && i + 1 === all.length && !final) break;
      const line = all.slice(start, i).trim();
      if (line !== '') this.entry(line, false);
      if (c === 0x0d && all.charCodeAt(i + 1) === 0x0a) i++;
      start = i + 1;
    }
    this.rest = all.slice(start);
    if (final) {
      const line = this.rest.trim();
      this.rest = '';
      if (line !== '') this.entry(line, false);
    }
  }

  private finish(): void {
    if (!this.decided) {
      if (this.head.trim() === '') {
        this.decided = true;
        this.fail({ code: 'empty', args: {} });
        return;
      }
      this.decide();
      if (this.halted) return;
      const head = this.head;
      this.head = '';
      this.feed(head);
      if (this.halted) return;
    }
    if (this.xml) {
      this.xml.end();
      this.report.format = this.xml.format;
      if (this.xml.problem) this.fail(this.xml.problem);
    } else if (this.lines) {
      for (const u of this.lines.end()) this.entry(u, false);
    } else {
      this.plain('', true);
    }
  }

  /** One entry: checked, counted, and added to the output (or skipped with its reason). */
  private entry(raw: string, sitemap: boolean): void {
    const value = raw.trim();
    const skip = this.whySkip(value);
    if (skip) {
      addSkip(this.report, skip);
      return;
    }
    if (sitemap) {
      this.report.sitemaps++;
      this.out.sitemaps.push(value);
    } else {
      this.report.urls++;
      this.out.urls.push(value);
    }
  }

  /** Counts an other-host skip under its origin (the first few origins are named). */
  private otherHost(value: string): void {
    const origin = originOf(value) ?? '';
    const hosts = this.report.otherHosts;
    if (hosts[origin] !== undefined) hosts[origin]++;
    else if (Object.keys(hosts).length < OTHER_HOSTS_NAMED) hosts[origin] = 1;
  }

  /** Whether `value`'s origin, its first `end` characters as written, is one allowed. */
  private allows(value: string, end: number): boolean {
    const origins = this.allowedList!;
    for (let i = 0; i < origins.length; i++) {
      const origin = origins[i]!;
      if (origin.length !== end) continue;
      let k = 0;
      while (k < end && origin.charCodeAt(k) === value.charCodeAt(k)) k++;
      if (k === end) return true;
    }
    return false;
  }

  private whySkip(value: string): SkipReason | null {
    if (value === '') return 'empty';
    const strict = this.sitemapRole || this.xml !== null;
    if (strict) {
      // Most entries are written plainly: their origin is a prefix, compared where it lies.
      const end = plainOriginEnd(value);
      if (end < 0 && !HTTP.test(value)) return SCHEME.test(value) ? 'not-http' : 'relative';
      if (value.length >= SITEMAP_MAX_URL) return 'too-long';
      if (this.allowed && !(end >= 0 ? this.allows(value, end) : this.allowed.has(originOf(value) ?? ''))) {
        this.otherHost(value);
        return 'other-host';
      }
      if (++this.entries > this.maxEntries) return 'over-limit';
      return null;
    }
    // A list may hold paths; other schemes (mailto:, tel:, javascript:) are no pages to crawl.
    if (SCHEME.test(value) && !HTTP.test(value)) return 'not-http';
    return null;
  }
}
