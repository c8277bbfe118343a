/**
 * Crawlers their operators document that ai.robots.txt does not list (yet), and the rest of Google's
 * user-triggered fetchers: profiles of the whole list, loaded with it, not with the first screen.
 */
import type { CrawlerProfile } from './crawlers.js';
import { ai, aiOther, googleFetcher } from './profile-builders.js';

/** The profiles the whole list adds to the first screen's, in picker order. */
export const EXTRA_PROFILES: readonly CrawlerProfile[] = [
  // Google's list of user-triggered fetchers (checked 2026-11): Gemini Notebook was NotebookLM, whose
  // old token still turns up in logs.
  googleFetcher('google-notebooklm', 'Google-NotebookLM (Gemini Notebook’s old name)', 'Google-NotebookLM', { purpose: 'user' }),
  googleFetcher('google-cws', 'Chrome Web Store', 'Google-CWS'),
  googleFetcher('googleproducer', 'Google Publisher Center', 'GoogleProducer'),
  googleFetcher('google-read-aloud', 'Google Read Aloud', 'Google-Read-Aloud'),
  googleFetcher('google-site-verification', 'Google Site Verifier', 'Google-Site-Verification'),
  googleFetcher('google-pinpoint', 'Google Pinpoint', 'Google-Pinpoint'),
  ai('mistralai-index', 'MistralAI-Index (Mistral)', 'MistralAI-Index', 'Mistral', 'search', { obeys: 'yes' }),
  ai('mistralai-training', 'MistralAI-Training (Mistral)', 'MistralAI-Training', 'Mistral', 'training', { obeys: 'yes' }),
  ai('kimibot', 'KimiBot (Moonshot AI)', 'KimiBot', 'Moonshot AI', 'training', { obeys: 'yes' }),
  ai('kimi-searchbot', 'Kimi-SearchBot (Moonshot AI)', 'Kimi-SearchBot', 'Moonshot AI', 'search', { obeys: 'yes' }),
  ai('diffbot-user', 'Diffbot-User (Diffbot)', 'Diffbot-User', 'Diffbot', 'user', { obeys: 'yes' }),
  // Ads review, neither training, search nor a user's fetch: the AI policy leaves them alone.
  aiOther('oai-adsbot', 'OAI-AdsBot (OpenAI)', 'OAI-AdsBot', 'OpenAI'),
  aiOther('meta-externalads', 'meta-externalads (Meta)', 'meta-externalads', 'Meta'),
];
