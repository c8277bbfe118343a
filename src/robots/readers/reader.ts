/**
 * What every reader has in common: one parser's reading of a robots.txt (parse once, check many),
 * and a verdict in the tester's terms, so readers can be shown side by side with Google's.
 */

/** The readers, Google's first: the id is what the CLI, batch and share links name. */
export const READER_IDS = ['google', 'bing', 'python-urllib', 'python-urllib-rfc9309', 'scrapy-protego', 'scrapy-protego-0.6', 'robots-parser', 'crawler-commons'] as const;

/** A reader's id. */
export type ReaderId = (typeof READER_IDS)[number];

/** A reader's key in ICU `select` messages (`-` and `.` are not allowed there). */
export function readerKey(id: string): string {
  return id.replace(/[-.]/g, '_');
}

/** Whether a string names a reader. */
export function isReaderId(s: string): s is ReaderId {
  return (READER_IDS as readonly string[]).includes(s);
}

/**
 * How a reader reached its verdict:
 * `first-match` the first matching rule in file order; `longest-match` the longest (most
 * specific) matching rule; `sorted-match` the first match after the parser sorted rules by
 * length; `no-match` rules were read but none matched; `no-group` no group applied;
 * `robots-txt` the parser always allows /robots.txt itself; `unparsable` the parser raises
 * on this file or URL (no verdict); `crawl-delay` a Crawl-delay the parser
 * takes as blocking the whole site.
 */
export type ReaderReason = 'first-match' | 'longest-match' | 'sorted-match' | 'no-match' | 'no-group' | 'robots-txt' | 'crawl-delay' | 'unparsable';

/** One reader's answer for one crawler and URL. */
export interface ReaderVerdict {
  readonly reader: ReaderId;
  readonly allowed: boolean;
  /** The deciding rule's line in the tester's numbering (LF, CR or CRLF), 0 when no rule decided. */
  readonly line: number;
  readonly reason: ReaderReason;
  /** The first line of each group the parser applied (empty when none). */
  readonly groupLines: readonly number[];
  /** The path (and query) as this parser compared it. */
  readonly path: string;
  /** Why no verdict exists (`unparsable`): the parser's own error, in its words. */
  readonly error: string | null;
}

/** A parser's reading, parsed once and checked many times. */
export interface Reader<Parsed = unknown> {
  readonly id: ReaderId;
  /** `robotsUrl`: where the file was fetched from, for parsers that answer only for its origin (robots-parser); absent, each tested URL's own. */
  parse(text: string, robotsUrl?: string): Parsed;
  /** `userAgent` as the crawler passes it to its parser (a token or a whole User-Agent string); `url` absolute, as typed. */
  check(parsed: Parsed, userAgent: string, url: string): ReaderVerdict;
}

/** Maps offsets in a text to the tester's line numbers (breaks at LF, CR, CRLF), for parsers that split lines otherwise. */
export class LineNumbers {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) this.starts.push(i + 1);
    }
  }
  /** The 1-based line holding `offset`. */
  lineAt(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
}

/** A verdict a reader cannot give: its parser raises on this input. */
export function unparsable(reader: ReaderId, error: string): ReaderVerdict {
  return { reader, allowed: false, line: 0, reason: 'unparsable', groupLines: [], path: '', error };
}

/** How a verdict begins when a reader itself failed where its parser would not have: a bug here, never the parser's answer. */
export const READER_FAILURE = 'the reader failed';

/** The no-verdict answer for a reader that threw (readWith's guard: a check never throws). */
export function readerFailed(reader: ReaderId, e: unknown): ReaderVerdict {
  return unparsable(reader, `${READER_FAILURE}: ${e instanceof Error ? e.message : String(e)}`);
}
