/**
 * Where each AI crawler's operator documents it, and when that was checked: apart from the
 * profiles, so the pages load only where they are shown (the AI access tab, the CLI, the library).
 */
import type { CrawlerProfile } from './crawlers.js';
import { AI_PAGES, AI_PAGES_CHECKED } from './ai-pages.js';

// Operator pages for curated AI profiles the listing gives no page of their own for.
const CURATED_PAGES: Readonly<Record<string, string | null>> = {
  'oai-searchbot': 'https://platform.openai.com/docs/bots',
  'amazonbot': 'https://developer.amazon.com/amazonbot',
  'mistralai-user': 'https://docs.mistral.ai/robots/',
  'bytespider': null,
  'google-gemininotebook': 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-gemininotebook',
};

/** An AI profile's page: the operator's page about the crawler (null where it publishes none) and when it was checked. */
export interface CrawlerPage {
  readonly url: string | null;
  readonly checked: string;
}

/** The operator's page for an AI profile; null for profiles that are not AI crawlers. */
export function crawlerPage(c: CrawlerProfile): CrawlerPage | null {
  if (c.purpose === undefined) return null;
  const listed = AI_PAGES[(c.tokens[0] ?? '').toLowerCase()];
  return { url: listed ?? CURATED_PAGES[c.id] ?? null, checked: AI_PAGES_CHECKED };
}
