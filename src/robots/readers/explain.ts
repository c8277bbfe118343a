/**
 * The readers in words: each reader's name and who runs it, and why its verdict is what it is, in
 * that parser's own terms (and, when it differs from Google's, where the two part). ICU
 * templates under `reader.*`, English here; the app translates them.
 */
import { formatIcu, type MessageArgs } from '../text/index.js';
import { readerKey, type ReaderId, type ReaderVerdict } from './reader.js';

const READER_SELECT = (what: Record<ReaderId, string>): string =>
  `{reader, select, ${Object.entries(what).map(([id, t]) => `${readerKey(id)} {${t}}`).join(' ')} other {{reader}}}`;

/** Every reader's name, with the releases it reads as. */
const NAMES: Record<ReaderId, string> = {
  google: 'Google',
  bing: 'Bing',
  'python-urllib': 'Python ≤3.12 and 3.13.0–3.13.7',
  'python-urllib-rfc9309': 'Python 3.13.14+ and 3.14.5+',
  'scrapy-protego': 'Scrapy (Protego 0.7)',
  'scrapy-protego-0.6': 'Scrapy (Protego 0.4–0.6)',
  'robots-parser': 'robots-parser 3.0.1 (Node)',
  'crawler-commons': 'crawler-commons 1.6',
};

/** Who runs each parser, and exactly which releases the reader reproduces. */
const WHO: Record<ReaderId, string> = {
  google: 'Googlebot and every Google crawler: Google’s open-source parser (google/robotstxt).',
  bing: 'Bingbot, AdIdxBot and the answer engines built on Bing’s index: Bing’s documented rules.',
  'python-urllib': 'Python’s standard urllib.robotparser as CPython 3.12 and earlier and 3.13.0 to 3.13.7 ship it: countless scripts, research crawlers and AI data tools. (3.13.8 to 3.13.13 and 3.14.0 to 3.14.4 choose groups and rules the same way but escape paths as the RFC 9309 rewrite does.)',
  'python-urllib-rfc9309': 'Python’s urllib.robotparser after its RFC 9309 rewrite: CPython 3.13.14 and later 3.13 releases, 3.14.5 and later, and 3.15.',
  'scrapy-protego': 'Every Scrapy spider with the current Protego, 0.7.0 (September 2026), and many commercial scrapers.',
  'scrapy-protego-0.6': 'Scrapy spiders still on Protego 0.4.0 to 0.6.2, which read alike (0.7.0 came in September 2026).',
  'robots-parser': 'Node.js crawlers and SEO tools using the npm package robots-parser 3.0.1, its current release.',
  'crawler-commons': 'Common Crawl’s CCBot (whose archive feeds most AI training sets), Apache Nutch and StormCrawler: crawler-commons 1.6 and its 1.7 snapshot, with exact user-agent matching, its default.',
};

const READER = READER_SELECT(NAMES);

/** The sentences, by code. */
const SENTENCES = {
  'first-match': `${READER} takes the first rule that matches, in file order: line {line}, “{rule}”{other, select, none {} other {, comes before line {otherLine}, “{otherRule}”}}.`,
  'longest-match': `${READER} takes the longest matching rule: line {line}, “{rule}”.`,
  'sorted-match': `${READER} sorts the rules by length, allow before disallow, and takes the first that matches: line {line}, “{rule}”.`,
  'no-match': `No rule ${READER} reads for this crawler matches {path}, so it is allowed.`,
  'no-group': `${READER} finds no group that applies to this crawler, so everything is allowed.`,
  'robots-txt': `${READER} always allows /robots.txt itself.`,
  'crawl-delay': `${READER} blocks the whole site when the crawler’s Crawl-delay is over 300 seconds.`,
  unparsable: `${READER} raises an error on this file or URL ({error}): it gives no verdict.`,
  'other-group': `It reads the group at {count, plural, one {line} other {lines}} {lines}{google, select, none {, where Google reads no group} other {; Google reads the group at {googleCount, plural, one {line} other {lines}} {google}}}.`,
  'other-path': `It compares the path {path}; Google compares {googlePath}.`,
  'literal-wildcard': `${READER} reads * and $ as plain characters: line {line}, “{rule}”, matches only URLs that contain that exact text.`,
} as const;

/** A sentence code of the readers' explanations. */
export type ReaderSentenceCode = keyof typeof SENTENCES;

/** One sentence about a reader's verdict. */
export interface ReaderSentence {
  readonly code: ReaderSentenceCode;
  readonly args: MessageArgs;
  readonly text: string;
}

/** The readers' templates as message ids → English ICU text. */
export function readerMessages(): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(SENTENCES).map(([code, t]) => [`reader.${code}`, t])),
    'reader.name': READER,
    'reader.who': READER_SELECT(WHO),
  };
}

/** A reader's display name (English). */
export function readerName(id: ReaderId): string {
  return NAMES[id];
}

/** Who runs a reader's parser (English). */
export function readerWho(id: ReaderId): string {
  return WHO[id];
}

const say = (code: ReaderSentenceCode, args: MessageArgs): ReaderSentence => ({ code, args, text: formatIcu(SENTENCES[code], args) });

/**
 * Why `v` is what it is, beside Google's verdict `google` for the same crawler and URL; `lineText`
 * gives a line's text. When the two differ, the sentences name where the readings part.
 */
export function explainReader(v: ReaderVerdict, google: ReaderVerdict | null, lineText: (line: number) => string): ReaderSentence[] {
  const reader = readerKey(v.reader);
  const out: ReaderSentence[] = [];
  const rule = v.line > 0 ? lineText(v.line) : '';
  switch (v.reason) {
    case 'first-match': {
      const other = google && google.line > 0 && google.line !== v.line && google.line > v.line ? google.line : 0;
      out.push(say('first-match', { reader, line: v.line, rule, other: other ? 'yes' : 'none', otherLine: other, otherRule: other ? lineText(other) : '' }));
      break;
    }
    case 'longest-match':
    case 'sorted-match':
      out.push(say(v.reason, { reader, line: v.line, rule }));
      break;
    case 'no-match':
      out.push(say('no-match', { reader, path: v.path }));
      break;
    case 'unparsable':
      out.push(say('unparsable', { reader, error: v.error ?? '' }));
      break;
    default:
      out.push(say(v.reason, { reader }));
  }
  if (google && google.allowed !== v.allowed && v.reason !== 'unparsable') {
    const same = v.groupLines.length === google.groupLines.length && v.groupLines.every((l, i) => l === google.groupLines[i]);
    if (!same && v.groupLines.length > 0) {
      out.push(say('other-group', {
        count: v.groupLines.length, lines: v.groupLines.join(', '), google: google.groupLines.length ? google.groupLines.join(', ') : 'none', googleCount: google.groupLines.length,
      }));
    }
    if (v.path !== google.path && v.reason !== 'no-group') out.push(say('other-path', { path: v.path, googlePath: google.path }));
    // CPython 3.12 and earlier quote a rule's * and $ like any other character.
    const googleRule = google.line > 0 ? lineText(google.line) : '';
    if (v.reader === 'python-urllib' && /[*$]/.test(googleRule.slice(googleRule.indexOf(':') + 1))) {
      out.push(say('literal-wildcard', { reader, line: google.line, rule: googleRule }));
    }
  }
  return out;
}
