/**
 * The readers: how each crawler parser in common use reads a robots.txt, Google's first. Every
 * reader parses once and checks many times, and answers in the tester's line numbers.
 */
import { bing } from './bing.js';
import { crawlerCommons } from './crawler-commons.js';
import { google } from './google.js';
import { pythonUrllib } from './python-urllib.js';
import { pythonUrllibRfc9309 } from './python-urllib-rfc9309.js';
import { robotsParser } from './robots-parser.js';
import { scrapyProtego, scrapyProtego06 } from './protego.js';
import { readerFailed, type Reader, type ReaderId, type ReaderVerdict } from './reader.js';

export { READER_IDS, isReaderId, readerKey, LineNumbers } from './reader.js';
export type { Reader, ReaderId, ReaderReason, ReaderVerdict } from './reader.js';
export { bingAgent, bingCrawlDelay } from './bing.js';
export { fromGoogleVerdict } from './google.js';
export { robotsParserAgent, robotsParserMatches } from './robots-parser.js';
export { explainReader, readerMessages, readerName, readerWho } from './explain.js';
export type { ReaderSentence, ReaderSentenceCode } from './explain.js';

/** Every reader by id. */
export const READERS: { readonly [K in ReaderId]: Reader<any> } = {
  google,
  bing,
  'python-urllib': pythonUrllib,
  'python-urllib-rfc9309': pythonUrllibRfc9309,
  'scrapy-protego': scrapyProtego,
  'scrapy-protego-0.6': scrapyProtego06,
  'robots-parser': robotsParser,
  'crawler-commons': crawlerCommons,
};

/** A file as one reader reads it: check it for any crawler and URL. */
export type ReaderCheck = (userAgent: string, url: string) => ReaderVerdict;

/**
 * Parses `text` once for `reader`; the function answers each (crawler, URL) as that parser would.
 * A null or undefined body reads as an empty file. `robotsUrl` is where the file was fetched from:
 * robots-parser answers only for URLs of that scheme, host and port (without it, for any URL, as if
 * each URL's own site served the file). Never throws: what a parser raises is a verdict of its own
 * (`unparsable`).
 */
export function readWith(reader: ReaderId, text: string | null | undefined, robotsUrl?: string): ReaderCheck {
  const r = READERS[reader];
  const body = typeof text === 'string' ? text : '';
  let parsed: unknown;
  try {
    parsed = r.parse(body, robotsUrl);
  } catch (e) {
    const failed = readerFailed(reader, e);
    return () => failed;
  }
  return (userAgent, url) => {
    try {
      return r.check(parsed, typeof userAgent === 'string' ? userAgent : '', typeof url === 'string' ? url : '');
    } catch (e) {
      return readerFailed(reader, e);
    }
  };
}

/** One verdict from one reader (parses each time: use readWith for many). Never throws. */
export function checkWithReader(reader: ReaderId, text: string | null | undefined, userAgent: string, url: string, robotsUrl?: string): ReaderVerdict {
  return readWith(reader, text, robotsUrl)(userAgent, url);
}

/** What a crawler hands its parser: the User-Agent string as typed, else its first token. */
export function readerAgent(agent: { readonly input: string; readonly tokens: readonly string[]; readonly fromUserAgentString: boolean }): string {
  return agent.fromUserAgentString ? agent.input.trim() : agent.tokens[0] ?? agent.input.trim();
}

/**
 * The URL as a crawler hands it to its parser: as typed when absolute; a path or relative URL
 * on `site` (or on https://example.com when no site is known: the readers compare paths only).
 */
export function readerUrl(input: string, site?: string): string {
  const url = input.trim();
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) return url;
  let origin = 'https://example.com';
  if (site) {
    try {
      origin = new URL(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(site.trim()) ? site.trim() : 'https://' + site.trim()).origin;
    } catch {
      // keep the placeholder origin
    }
  }
  if (url.startsWith('/')) return origin + url;
  try {
    return new URL(url, origin + '/').href;
  } catch {
    return origin + '/' + url;
  }
}
