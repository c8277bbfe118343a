/** Crawler profiles and how a token or User-Agent string resolves to one. */
export { resolveAgent, resolveCrawler, isProductToken, nameableByGoogle, writtenName } from './agent.js';
export type { AgentIssue, CrawlerSpec, ResolvedAgent } from './agent.js';
export { extractToken, isGlobalAgentValue } from './token.js';
export { AI_CRAWLERS, CRAWLERS, GOOGLE_CRAWLERS, GLOBAL_IGNORING_TOKENS, PURPOSE_NAMES, SECTION_NAMES, caveatKey, crawlerById, crawlerMessages, crawlerName, selectKey } from './crawlers.js';
export type { AiPurpose, CrawlerProfile, CrawlerSection } from './crawlers.js';
export { AI_LISTING, UNREADABLE_LISTED_NAMES } from './ai-listing.js';
export { AI_LISTING_SOURCE } from './ai-pages.js';
export { crawlerPage } from './pages.js';
export type { CrawlerPage } from './pages.js';
export type { ListedAiCrawler, RobotsStance } from './ai-listing.js';
