/** Crawler profiles and how a token or User-Agent string resolves to one. */
export { resolveAgent, resolveCrawler, isProductToken, nameableByGoogle, writtenName } from './agent.js';
export type { AgentIssue, CrawlerSpec, ResolvedAgent } from './agent.js';
export { extractToken, isGlobalAgentValue } from './token.js';
export { AI_CRAWLERS, CRAWLERS, GOOGLE_CRAWLERS, GLOBAL_IGNORING_TOKENS, caveatKey, crawlerById, crawlerName, crawlerPurposes, selectKey } from './crawlers.js';
export type { AgentIdentity, AiPurpose, CrawlerProfile, CrawlerPurpose, CrawlerSection, CrawlerSource } from './crawlers.js';
export { PURPOSE_NAMES, SECTION_NAMES, crawlerMessages } from './crawler-messages.js';
export { AI_LISTING } from './ai-listing.js';
export { UNREADABLE_LISTED_NAMES } from './ai-unreadable.js';
export { AI_LISTING_SOURCE } from './ai-pages.js';
export { DIRECTORY_CRAWLERS, KNOWN_CRAWLERS, POLICY_CRAWLERS, TOKENLESS_AGENTS, knownCrawlerById, knownCrawlerName } from './known.js';
export { crawlerPage } from './pages.js';
export type { CrawlerPage } from './pages.js';
export type { ListedAiCrawler, RobotsStance } from './ai-listing.js';
export type { DirectoryName } from './ai-directory.js';
