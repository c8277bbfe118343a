/**
 * How the tester's own crawler profiles are written: one builder per kind (Google's, a search
 * engine's or another's, an AI crawler), shared by the first screen's profiles and the whole list's.
 */
import type { AiPurpose, CrawlerProfile, CrawlerSection } from './crawlers.js';

/** One of Google's crawlers. */
export const google = (
  id: string, name: string, tokens: string[], extra: Partial<CrawlerProfile> = {},
): CrawlerProfile => ({
  id, name, tokens, ignoresGlobal: false, ignoresRobotsTxt: false, operator: 'Google', section: 'google', ...extra,
});
/** A search engine's or another operator's crawler. */
export const other = (id: string, name: string, token: string, operator: string, userAgent?: string, section: CrawlerSection = 'search'): CrawlerProfile => ({
  id, name, tokens: [token], ignoresGlobal: false, ignoresRobotsTxt: false, operator, section, ...(userAgent ? { userAgent } : {}),
});
/** An AI crawler, with what its visits are for. */
export const ai = (id: string, name: string, token: string, operator: string, purpose: AiPurpose, extra: Partial<CrawlerProfile> = {}): CrawlerProfile => ({
  id, name, tokens: [token], ignoresGlobal: false, ignoresRobotsTxt: false, operator, section: 'ai', purpose, ...extra,
});

/** An AI crawler whose operator names no AI purpose for it (ads review): the policy leaves it alone. */
export const aiOther = (id: string, name: string, token: string, operator: string): CrawlerProfile => ({
  id, name, tokens: [token], ignoresGlobal: false, ignoresRobotsTxt: false, operator, section: 'ai', purposes: ['other'],
});

/** One of Google's user-triggered fetchers: Google says they generally ignore robots.txt. */
export const googleFetcher = (id: string, name: string, token: string, extra: Partial<CrawlerProfile> = {}): CrawlerProfile =>
  google(id, name, [token], { userTriggered: true, obeys: 'no', caveat: 'Google says user-triggered fetchers generally ignore robots.txt rules.', ...extra });
