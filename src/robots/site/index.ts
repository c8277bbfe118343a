/** The site audit: the inventory (sitemaps, feeds, crawl exports, lists) read as it streams, and its URLs audited. */
export { readSitemap, readInventory, SourceReadError } from './inventory.js';
export type { InventoryEvent, InventoryOptions, InventorySource, OpenedSource, ReadSitemapOptions, SitemapEvent, SourceBody } from './inventory.js';
export { InventoryReader, originOf as inventoryOriginOf, skippedCount, SITEMAP_MAX_BYTES, SITEMAP_MAX_ENTRIES, SITEMAP_MAX_URL } from './reader.js';
export type { InventoryChunk, InventoryReaderOptions, LineReader, SourceReport } from './reader.js';
export { isGzip } from '../text/index.js';
export { UrlSet } from './url-set.js';
export { UrlStore } from './url-store.js';
export { FolderTree } from './tree.js';
export type { FolderSummary, FolderTreeOptions, TreePart } from './tree.js';
export { auditChecker, auditInventory, SiteAudit } from './audit.js';
export { AuditRows } from './rows.js';
export type { RowQuery } from './rows.js';
export type { AuditColumn, AuditOptions, AuditPart, AuditReport, AuditSpec, ChangeCounts, FolderNode, RowVerdict, RuleImpact, VerdictChange } from './audit.js';
export { formatText, problemArgs, problemText, siteMessages, skipArgs, skipText, SKIP_REASONS } from './messages.js';
export type { InventoryFormat, SkipReason, SourceProblem, SourceProblemCode } from './messages.js';
export * from './crawl/index.js';
