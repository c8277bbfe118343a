/**
 * Crawlers their operators document that ai.robots.txt does not list (yet): profiles of the whole list,
 * loaded with it, not with the first screen. (Google's user-triggered fetchers are first-screen profiles:
 * the logs name them.)
 */
import type { CrawlerProfile } from './crawlers.js';
import { ai, aiOther } from './profile-builders.js';

/** The profiles the whole list adds to the first screen's, in picker order. */
export const EXTRA_PROFILES: readonly CrawlerProfile[] = [
  ai('mistralai-index', 'MistralAI-Index (Mistral)', 'MistralAI-Index', 'Mistral', 'search', { obeys: 'yes' }),
  ai('mistralai-training', 'MistralAI-Training (Mistral)', 'MistralAI-Training', 'Mistral', 'training', { obeys: 'yes' }),
  ai('kimibot', 'KimiBot (Moonshot AI)', 'KimiBot', 'Moonshot AI', 'training', { obeys: 'yes' }),
  ai('kimi-searchbot', 'Kimi-SearchBot (Moonshot AI)', 'Kimi-SearchBot', 'Moonshot AI', 'search', { obeys: 'yes' }),
  ai('diffbot-user', 'Diffbot-User (Diffbot)', 'Diffbot-User', 'Diffbot', 'user', { obeys: 'yes' }),
  // Ads review, neither training, search nor a user's fetch: the AI policy leaves them alone.
  aiOther('oai-adsbot', 'OAI-AdsBot (OpenAI)', 'OAI-AdsBot', 'OpenAI'),
  aiOther('meta-externalads', 'meta-externalads (Meta)', 'meta-externalads', 'Meta'),
];
