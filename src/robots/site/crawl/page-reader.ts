/**
 * A fetched page as a crawler reads it: its status, where it redirects, and — for HTML, parsed
 * with htmlparser2 — the links it follows (`<a href>`, `<link rel=canonical|alternate
 * hreflang|next>`, resolved against `<base href>`), its robots meta tags; from the headers its
 * `X-Robots-Tag`, `Link` (canonical, hreflang) and `Content-Usage`. Pure: the answer comes in.
 */
import { CRAWLERS } from '../../crawlers/index.js';
import { redirectStep, type RedirectStep } from '../../url/index.js';
import { headerStatements, metaStatement, type DirectiveStatement } from './directives.js';
import { readTags } from './html-tags.js';
import { parseLinkHeader, relHas } from './link-header.js';

/** One answer to one request (redirects are not followed by whoever fetched it). */
export interface PageAnswer {
  /** The HTTP status; 0 when no answer came. */
  readonly status: number;
  /** Every header as received, names in any case; a repeated header is listed once per line. */
  readonly headers: readonly (readonly [string, string])[];
  /** The body (bytes as received, or text), null when none was read. */
  readonly body: Uint8Array | string | null;
  /** The body was longer than the fetcher reads: the rest was left. */
  readonly cut: boolean;
  /** Why no answer came (a timeout, a network error), when status is 0. */
  readonly error?: string;
}

/** An alternate language version a page names. */
export interface HreflangLink {
  readonly lang: string;
  readonly url: string;
}

/** Where a redirect leads: a URL to follow, or why it cannot be followed. */
export type PageRedirect = { readonly to: string } | { readonly stop: Exclude<Extract<RedirectStep, { kind: 'stop' }>['why'], 'too-many'>; readonly location: string | null };

/** What reading an answer found. */
export interface PageReading {
  readonly url: string;
  readonly status: number;
  readonly error: string | null;
  /** For a redirect (301, 302, 303, 307, 308): where to, or why not. */
  readonly redirect: PageRedirect | null;
  readonly contentType: string | null;
  /** The body was read as HTML. */
  readonly html: boolean;
  readonly bytes: number;
  readonly cut: boolean;
  /** `<a href>` targets: absolute http(s) URLs without fragment, each once, in document order. */
  readonly links: readonly string[];
  /** Canonical URLs named (HTML first, then the Link header). */
  readonly canonical: readonly string[];
  readonly hreflang: readonly HreflangLink[];
  /** `<link rel=next>` targets. */
  readonly next: readonly string[];
  readonly directives: readonly DirectiveStatement[];
  /** The Content-Usage header (AI-use preferences, draft-ietf-aipref-attach), as received. */
  readonly contentUsage: string | null;
}

/** How many links of one page are kept (a page of a million links is read, not held). */
export const MAX_LINKS_PER_PAGE = 10_000;

let knownNames: Set<string> | null = null;

/** The meta names that are robots meta tags: `robots` and every crawler's token. */
function robotsMetaNames(): Set<string> {
  knownNames ??= new Set(['robots', ...CRAWLERS.flatMap((c) => c.tokens.map((t) => t.toLowerCase()))]);
  return knownNames;
}

/** `value` as an absolute http(s) URL without fragment, resolved against `base`; null otherwise. */
export function resolveLink(value: string, base: string): string | null {
  const v = value.trim();
  if (v === '' || v.startsWith('#')) return null;
  let u: URL;
  try {
    u = new URL(v, base);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  u.hash = '';
  return u.href;
}

const header = (answer: PageAnswer, name: string): string[] => answer.headers.filter(([k]) => k.toLowerCase() === name).map(([, v]) => v);

/** The charset a Content-Type names, or one a `<meta charset>` in the first 1,024 bytes names. */
function charsetOf(contentType: string | null, bytes: Uint8Array): string {
  const fromType = contentType ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] : undefined;
  if (fromType) return fromType;
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  return /<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_-]+)/i.exec(head)?.[1] ?? 'utf-8';
}

function decode(bytes: Uint8Array, contentType: string | null): string {
  try {
    return new TextDecoder(charsetOf(contentType, bytes)).decode(bytes);
  } catch {
    // A label no decoder knows: read as UTF-8, as browsers fall back.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const isHtml = (contentType: string | null, text: string): boolean =>
  contentType ? /^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType) : /^\s*(<!doctype html|<html|<head|<body)/i.test(text.slice(0, 512));

/** Reads one answer to a request for `url` (never throws for what the answer holds). */
export function readPage(url: string, answer: PageAnswer): PageReading {
  const contentType = header(answer, 'content-type')[0] ?? null;
  const bytes = answer.body === null ? 0 : typeof answer.body === 'string' ? answer.body.length : answer.body.length;
  const location = header(answer, 'location')[0] ?? null;
  const step = answer.status > 0 ? redirectStep(url, answer.status, location, 0) : ({ kind: 'answer' } as const);
  const redirect: PageRedirect | null = step.kind === 'follow' ? { to: step.url } : step.kind === 'stop' && step.why !== 'too-many' ? { stop: step.why, location: step.location } : null;
  const directives: DirectiveStatement[] = header(answer, 'x-robots-tag').flatMap(headerStatements);
  const canonical: string[] = [];
  const hreflang: HreflangLink[] = [];
  const next: string[] = [];
  const links: string[] = [];
  let html = false;

  if (answer.body !== null && answer.status >= 200 && answer.status < 300) {
    const text = typeof answer.body === 'string' ? answer.body : decode(answer.body, contentType);
    html = isHtml(contentType, text);
    if (html) {
      let base: string | null = null;
      const hrefs: string[] = [];
      const heads: { rel: string; href: string; hreflang: string | undefined }[] = [];
      const names = robotsMetaNames();
      readTags(text, (name, attrs) => {
        if (name === 'a') {
          if (attrs.href !== undefined && hrefs.length < MAX_LINKS_PER_PAGE) hrefs.push(attrs.href);
        } else if (name === 'link') {
          if (attrs.href !== undefined && attrs.rel !== undefined) heads.push({ rel: attrs.rel, href: attrs.href, hreflang: attrs.hreflang });
        } else if (name === 'meta') {
          const n = attrs.name?.trim().toLowerCase();
          if (n !== undefined && names.has(n) && attrs.content !== undefined) directives.push(metaStatement(n, attrs.content));
        } else if (base === null && attrs.href !== undefined) {
          // The document's base URL is the first <base href>'s (HTML §4.2.3), for every URL in it.
          base = resolveLink(attrs.href, url) ?? url;
        }
      });
      const against = base ?? url;
      const seen = new Set<string>();
      for (const h of hrefs) {
        const u = resolveLink(h, against);
        if (u !== null && !seen.has(u)) {
          seen.add(u);
          links.push(u);
        }
      }
      for (const l of heads) {
        const u = resolveLink(l.href, against);
        if (u === null) continue;
        if (relHas(l.rel, 'canonical')) canonical.push(u);
        if (relHas(l.rel, 'alternate') && l.hreflang !== undefined && l.hreflang.trim() !== '') hreflang.push({ lang: l.hreflang.trim(), url: u });
        if (relHas(l.rel, 'next')) next.push(u);
      }
    }
  }
  for (const l of header(answer, 'link').flatMap(parseLinkHeader)) {
    const u = resolveLink(l.target, url);
    if (u === null) continue;
    if (relHas(l.params.rel, 'canonical')) canonical.push(u);
    const lang = l.params.hreflang?.trim();
    if (relHas(l.params.rel, 'alternate') && lang) hreflang.push({ lang, url: u });
  }
  const usage = header(answer, 'content-usage');
  return {
    url, status: answer.status, error: answer.status === 0 ? answer.error ?? 'no answer' : null, redirect, contentType, html, bytes, cut: answer.cut,
    links, canonical, hreflang, next, directives, contentUsage: usage.length > 0 ? usage.join(', ') : null,
  };
}
