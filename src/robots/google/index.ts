/** Google's reading: the scan, the parse, the line table, matching and verdicts. */
export { parseRobotsTxt, canMatchPath } from './parse.js';
export { RobotsParser, commonPrefix, commonSuffix } from './reparse.js';
export { checkUrl, createChecker, chooseGroups, prepareChecks } from './check.js';
export { indexHtmlVariant, ruleMatcher } from './match.js';
export type { Verdict, VerdictReason, RuleMatch, GroupChoice, QuickVerdict, CheckOptions, CrawlerInput, TestProblem } from './check.js';
export { escapePattern, compilePattern, matchesPattern, PatternShape } from './pattern.js';
export type { CompiledPattern } from './pattern.js';
export { kindName, lineParts, linePartsFrom, relativeLineTable } from './line-table.js';
export type { LineParts } from './line-table.js';
export { scanRobotsTxt, scanLineText, bomLength, LineShape } from './scan.js';
export type { ScanHandler, ScannedLine } from './scan.js';
export { LineKind, LineFlag, FieldKey, MAX_ROBOTS_BYTES, MAX_LINE_BYTES } from './model.js';
export type { RobotsTxt, Group, Rule, Agent, Sitemap, LineTable, LineData, LimitCut } from './model.js';
export { unusedFields } from './fields.js';
export type { FieldLine } from './fields.js';
// What a check takes, for the package's google entry (which loads no other room's API).
export { resolveAgent } from '../crawlers/index.js';
export type { CrawlerProfile, ResolvedAgent } from '../crawlers/index.js';
