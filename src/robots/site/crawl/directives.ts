/**
 * What a page says to crawlers about itself: its robots meta tags (`<meta name="robots">`, and
 * per crawler `<meta name="googlebot">`) and its `X-Robots-Tag` headers (`noindex`, and per
 * crawler `googlebot: noindex`), read as Google documents them (Search Central, "Robots meta
 * tag, data-nosnippet, and X-Robots-Tag specifications"): directives are comma-separated and read
 * without regard to case; a name or a `name:` prefix limits them to that crawler; when several
 * apply, the most restrictive wins.
 */

/** Where a statement was read: a meta tag or an X-Robots-Tag header. */
export type DirectiveVia = 'meta' | 'header';

/** One statement: the directives a meta tag or a header states for every crawler (`agent` '') or one. */
export interface DirectiveStatement {
  readonly via: DirectiveVia;
  /** The crawler it is limited to, lower-cased; '' for every crawler. */
  readonly agent: string;
  /** The directives as written, lower-cased and trimmed (`noindex`, `max-snippet:20`…). */
  readonly directives: readonly string[];
}

/** A directive that applies to a crawler, and the statement that says it. */
export interface AppliedDirective {
  readonly via: DirectiveVia;
  readonly agent: string;
}

/** What a page's statements mean for one crawler. */
export interface DirectivesFor {
  /** `noindex` or `none`: the page is kept out of the index. */
  readonly noindex: AppliedDirective | null;
  /** `nofollow` or `none`: its links are not followed. */
  readonly nofollow: AppliedDirective | null;
}

/** Directives whose value follows a colon (`max-snippet:20`): a name before a colon is a crawler's otherwise. */
const VALUED = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);

const words = (text: string): string[] => text.split(',').map((w) => w.trim().toLowerCase()).filter((w) => w !== '');

/** A robots meta tag: `name` ('robots', or a crawler's name) and its `content`. */
export function metaStatement(name: string, content: string): DirectiveStatement {
  const agent = name.trim().toLowerCase();
  return { via: 'meta', agent: agent === 'robots' ? '' : agent, directives: words(content) };
}

/**
 * One X-Robots-Tag header's value as statements. A `name:` prefix that is no valued directive
 * names the crawler the directives after it are for, up to the next prefix (`googlebot: noindex,
 * nofollow, otherbot: noarchive`): Node's fetch joins repeated headers with commas, so one value
 * may hold several headers.
 */
export function headerStatements(value: string): DirectiveStatement[] {
  const out: { agent: string; directives: string[] }[] = [];
  let current: { agent: string; directives: string[] } | null = null;
  for (const part of words(value)) {
    const m = /^([a-z0-9_.-]+)\s*:\s*(.*)$/.exec(part);
    if (m && !VALUED.has(m[1]!)) {
      current = { agent: m[1]!, directives: [] };
      out.push(current);
      if (m[2]!.trim() !== '') current.directives.push(m[2]!.trim().replace(/\s*:\s*/, ':'));
      continue;
    }
    if (!current) {
      current = { agent: '', directives: [] };
      out.push(current);
    }
    current.directives.push(part.replace(/\s*:\s*/, ':'));
  }
  return out.map((s) => ({ via: 'header' as const, ...s }));
}

/**
 * What `statements` mean for a crawler that answers to `names` (its tokens, lower-cased): those
 * for every crawler and those for one of its names apply, the most restrictive winning.
 */
export function directivesFor(statements: readonly DirectiveStatement[], names: readonly string[]): DirectivesFor {
  let noindex: AppliedDirective | null = null;
  let nofollow: AppliedDirective | null = null;
  for (const s of statements) {
    if (s.agent !== '' && !names.includes(s.agent)) continue;
    const at = { via: s.via, agent: s.agent };
    for (const d of s.directives) {
      if (d === 'noindex' || d === 'none') noindex ??= at;
      if (d === 'nofollow' || d === 'none') nofollow ??= at;
    }
  }
  return { noindex, nofollow };
}

/** A directive's source in words: `meta robots`, `meta googlebot`, `X-Robots-Tag`, `X-Robots-Tag googlebot:`. */
export function directiveSource(d: AppliedDirective): string {
  if (d.via === 'meta') return `meta ${d.agent || 'robots'}`;
  return d.agent ? `X-Robots-Tag ${d.agent}:` : 'X-Robots-Tag';
}
