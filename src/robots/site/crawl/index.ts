/** The crawl: a site's pages fetched as one crawler may fetch them, and what that adds to the audit. */
export { crawlChecker, crawlSite, DEFAULT_CRAWL_BOUNDS, MAX_REFERRERS } from './crawl.js';
export type { CrawlBounds, CrawledPage, CrawlIO, CrawlProgress, CrawlResult, CrawlSpec, CrawlStop, CrawlUrl, FoundVia, TargetLink, UrlState } from './crawl.js';
export { directivesFor, directiveSource, headerStatements, metaStatement } from './directives.js';
export type { AppliedDirective, DirectivesFor, DirectiveStatement, DirectiveVia } from './directives.js';
export { CrawlFrontier } from './frontier.js';
export type { FrontierEntry, FrontierTake } from './frontier.js';
export { parseLinkHeader, relHas } from './link-header.js';
export type { HeaderLink } from './link-header.js';
export { MAX_LINKS_PER_PAGE, readPage, resolveLink } from './page-reader.js';
export type { HreflangLink, PageAnswer, PageReading, PageRedirect } from './page-reader.js';
export { CRAWL_REPORT_KIND, CRAWL_REPORT_VERSION, crawlFindings, crawlReport } from './report.js';
export type {
  ChangeRow, CrawlReport, DecidingRule, HiddenNoindexRow, LinkedBlockedRow, PageRow, RuleTexts, SitemapIssue, SitemapIssueRow, TargetBlockedRow, UrlRow,
} from './report.js';
export { readCrawlReport } from './report-file.js';
export type { CrawlFile, CrawlFileProblem } from './report-file.js';
