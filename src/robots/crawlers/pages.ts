/**
 * Where each AI crawler's operator documents it, or the directory that lists it, and when that was
 * checked: apart from the profiles, so the pages load only where they are shown (the AI access tab,
 * the picker's full list, the CLI, the library).
 */
import { DIRECTORY_LISTING } from './ai-directory.js';
import { AI_PAGES, AI_PAGES_CHECKED } from './ai-pages.js';
import type { CrawlerProfile, CrawlerSource } from './crawlers.js';

const OPENAI = 'https://platform.openai.com/docs/bots';
const MISTRAL = 'https://docs.mistral.ai/robots/';
const KIMI = 'https://www.kimi.com/policies/kimi-crawlers';
const GOOGLE_FETCHERS = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers';

// Operator pages for curated profiles, checked by hand (before the listing's link, where it has one).
const CURATED_PAGES: Readonly<Record<string, string | null>> = {
  'oai-searchbot': OPENAI,
  'oai-adsbot': OPENAI,
  'amazonbot': 'https://developer.amazon.com/amazonbot',
  'mistralai-user': MISTRAL,
  'mistralai-index': MISTRAL,
  'mistralai-training': MISTRAL,
  'kimibot': KIMI,
  'kimi-searchbot': KIMI,
  'diffbot-user': 'https://docs.diffbot.com/docs/does-crawl-respect-robotstxt',
  'meta-externalads': 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/',
  'bytespider': null,
  'google-agent': 'https://developers.google.com/crawling/docs/crawlers-fetchers/allow-google-agent',
  'google-gemininotebook': 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-gemininotebook',
};

const DIRECTORY_PAGES: ReadonlyMap<string, string> = new Map(DIRECTORY_LISTING.map((d) => [d.name.toLowerCase(), d.page]));

/** A crawler's page: the operator's page about it, or the directory's (null where there is none), where it comes from, and when it was checked. */
export interface CrawlerPage {
  readonly url: string | null;
  readonly checked: string;
  readonly source: CrawlerSource;
}

/** The page about an AI profile or a fetcher a user starts; null for the others. */
export function crawlerPage(c: CrawlerProfile): CrawlerPage | null {
  if (c.section !== 'ai' && c.purpose === undefined && !c.userTriggered) return null;
  const name = (c.tokens[0] ?? c.name.replace(/ \(.*\)$/, '')).toLowerCase();
  if (c.source === 'directory') return { url: DIRECTORY_PAGES.get(name) || null, checked: AI_PAGES_CHECKED, source: 'directory' };
  const url = c.id in CURATED_PAGES ? CURATED_PAGES[c.id] ?? null : AI_PAGES[name] ?? (c.userTriggered && c.operator === 'Google' ? GOOGLE_FETCHERS : null);
  return { url, checked: AI_PAGES_CHECKED, source: 'operator' };
}
