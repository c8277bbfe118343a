/**
 * Sitemaps as XML, read as the text streams in (saxes): a sitemaps.org `urlset` (each url's loc),
 * a `sitemapindex` (each sitemap's loc), an RSS 2.0 or 1.0 feed (each item's link) or an Atom feed
 * (each entry's alternate link, relative ones resolved on the element's xml:base or the feed's own
 * URL), which Google accepts as sitemaps. Entities are only XML's own
 * and character references: a DTD's entities are never expanded (a reference to one is an error).
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { InventoryFormat, SourceProblem } from './messages.js';

/** Where an entry of an XML sitemap goes: a page URL, or a child sitemap of an index. */
export interface XmlEntrySink {
  url(text: string): void;
  sitemap(text: string): void;
}

const ROOTS: Readonly<Record<string, InventoryFormat>> = { urlset: 'urlset', sitemapindex: 'sitemapindex', rss: 'rss', RDF: 'rss', feed: 'atom' };

/** The local part of a qualified name, and its prefix ('' when none). */
function split(name: string): [prefix: string, local: string] {
  const colon = name.indexOf(':');
  return colon < 0 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
}

/** Reads one XML sitemap or feed; entries go to the sink as their elements close. */
export class SitemapXml {
  /** What the root element says the document is (null before it, or when it is none of them). */
  format: InventoryFormat | null = null;
  /** The first thing that stopped the reading: not well-formed, HTML, or not a sitemap. */
  problem: SourceProblem | null = null;
  private readonly parser = new SaxesParser({});
  /** Local names of the open elements that belong to the document's vocabulary ('' for others). */
  private readonly stack: string[] = [];
  private rootPrefix = '';
  private capturing = -1;
  private text = '';
  private sawRoot = false;
  /**
   * An entry whose element just closed, handed on at the next event: saxes closes an element
   * before reporting a mismatched end tag (`<loc>…</lo>`), and such an entry is not one.
   */
  private pending: string | null = null;
  private readonly onText: (text: string) => void;
  /** An Atom feed's base URI per open element (RFC 4287 §2: xml:base, RFC 3986 §5.1), null where there is none. */
  private readonly bases: (string | null)[] = [];

  /** `base`: the document's own URL (or the site's), on which a feed's relative links resolve. */
  constructor(private readonly sink: XmlEntrySink, private readonly base: string | null = null) {
    const p = this.parser;
    p.on('opentag', (tag) => this.open(tag as SaxesTagPlain));
    p.on('closetag', () => this.close());
    // The text handler is set only while an entry's text is captured: saxes then skips making
    // strings of the whitespace and other elements' text between entries.
    this.onText = (t) => {
      if (this.capturing >= 0) this.text += t;
    };
    p.on('cdata', (t) => {
      if (this.capturing >= 0) this.text += t;
    });
    p.on('error', (e) => {
      this.pending = null;
      if (this.problem) return;
      // saxes puts "line:column: " before its message; the report carries them apart.
      const detail = e.message.replace(/^\d+:\d+:\s*/, '').replace(/\.$/, '');
      this.problem = { code: 'malformed', args: { line: p.line, column: p.column, detail } };
    });
  }

  /** True once the reading stopped: the rest of the document is not looked at. */
  get stopped(): boolean {
    return this.problem !== null;
  }

  /** Reads the next piece of the document. */
  write(text: string): void {
    if (this.problem) return;
    this.parser.write(text);
  }

  /** Ends the document: an unclosed element, or no root at all, is malformed. */
  end(): void {
    if (this.problem) return;
    this.parser.close();
    this.flush();
  }

  private flush(): void {
    const value = this.pending;
    if (value === null) return;
    this.pending = null;
    if (this.format === 'sitemapindex') this.sink.sitemap(value);
    else this.sink.url(value);
  }

  private open(tag: SaxesTagPlain): void {
    if (this.problem) return;
    this.flush();
    const [prefix, local] = split(tag.name);
    const depth = this.stack.length;
    if (depth === 0 && !this.sawRoot) {
      this.sawRoot = true;
      const format = ROOTS[local];
      if (format === undefined) {
        this.problem = local.toLowerCase() === 'html' ? { code: 'html', args: {} } : { code: 'not-sitemap', args: { root: tag.name } };
        return;
      }
      this.format = format;
      this.rootPrefix = prefix;
      this.stack.push(local);
      if (format === 'atom') this.bases.push(baseOf(tag.attributes['xml:base'], this.base));
      return;
    }
    // RSS and Atom elements carry no prefix; a sitemap's carry its root's. Others are extensions
    // (image:loc, xhtml:link…), never entries.
    const own = this.format === 'urlset' || this.format === 'sitemapindex' ? prefix === this.rootPrefix : prefix === '';
    const name = own ? local : '';
    this.stack.push(name);
    const s = this.stack;
    if (this.format === 'urlset') {
      if (depth === 2 && name === 'loc' && s[1] === 'url') this.startCapture();
    } else if (this.format === 'sitemapindex') {
      if (depth === 2 && name === 'loc' && s[1] === 'sitemap') this.startCapture();
    } else if (this.format === 'rss') {
      if (name === 'link' && ((depth === 3 && s[1] === 'channel' && s[2] === 'item') || (depth === 2 && s[0] === 'RDF' && s[1] === 'item'))) this.startCapture();
    } else if (this.format === 'atom') {
      // xml:base on an element applies to its own attributes too (XML Base §4.2).
      const base = baseOf(tag.attributes['xml:base'], this.bases[this.bases.length - 1] ?? null);
      this.bases.push(base);
      if (depth === 2 && name === 'link' && s[1] === 'entry') {
        const rel = tag.attributes['rel'];
        if (rel === undefined || rel.trim() === '' || rel.trim() === 'alternate') this.sink.url(linkOf(tag.attributes['href'] ?? '', base));
      }
    }
  }

  private startCapture(): void {
    this.capturing = this.stack.length;
    this.text = '';
    this.parser.on('text', this.onText);
  }

  private close(): void {
    if (this.problem) return;
    this.flush();
    if (this.capturing === this.stack.length) {
      this.capturing = -1;
      this.parser.off('text');
      this.pending = this.text.trim();
      this.text = '';
    }
    this.stack.pop();
    if (this.format === 'atom') this.bases.pop();
  }
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

/** The base URI an element's xml:base gives it on its parent's (XML Base §4.2): the parent's when it has none, or it does not resolve. */
function baseOf(xmlBase: string | undefined, parent: string | null): string | null {
  if (xmlBase === undefined) return parent;
  try {
    return new URL(xmlBase.trim(), parent ?? undefined).href;
  } catch {
    return parent;
  }
}

/** A link as written when absolute or when there is no base; a relative one resolved on `base` (RFC 3986 §5.2). */
function linkOf(href: string, base: string | null): string {
  const h = href.trim();
  if (base === null || h === '' || ABSOLUTE.test(h)) return h;
  try {
    return new URL(h, base).href;
  } catch {
    return h;
  }
}
