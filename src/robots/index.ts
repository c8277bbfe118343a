/** The robots.txt engine: Google-exact parsing and matching. Pure TypeScript, no DOM. */
export { parseRobotsTxt, extractToken, isGlobalAgentValue } from './parse.js';
export { checkUrl, createChecker, chooseGroups } from './check.js';
export type { Verdict, VerdictReason, RuleMatch, GroupChoice, QuickVerdict } from './check.js';
export { resolveAgent, isProductToken } from './agent.js';
export type { ResolvedAgent } from './agent.js';
export { CRAWLERS, GOOGLE_CRAWLERS, GLOBAL_IGNORING_TOKENS, crawlerById } from './crawlers.js';
export type { CrawlerProfile } from './crawlers.js';
export { resolveTestUrl, googlePathParamsQuery, encodeLikeBrowser } from './url.js';
export type { TestedUrl } from './url.js';
export { escapePattern, compilePattern, matchesPattern } from './pattern.js';
export type { CompiledPattern } from './pattern.js';
export { decodeRobotsBytes, encodeRobotsText, utf8Length } from './utf8.js';
export { describeLine, describeLineParts, kindName, ignoredFieldNote } from './describe.js';
export type { LineInfo, LineParts } from './describe.js';
export { LineKind, LineFlag, FieldKey, MAX_ROBOTS_BYTES, MAX_LINE_BYTES } from './model.js';
export type { RobotsTxt, Group, Rule, Agent, Sitemap, LineTable, LimitCut } from './model.js';
