/** Google's reading: the scan, the parse, matching, per-line readings, verdicts and their Why. */
export { parseRobotsTxt, extractToken, isGlobalAgentValue, canMatchPath } from './parse.js';
export { RobotsParser, commonPrefix, commonSuffix } from './reparse.js';
export { checkUrl, createChecker, chooseGroups, prepareChecks } from './check.js';
export type { Verdict, VerdictReason, RuleMatch, GroupChoice, QuickVerdict, CheckOptions, CrawlerInput, TestProblem } from './check.js';
export { explainVerdict, problemSentence } from './explain.js';
export type { Sentence, VerdictExplanation } from './explain.js';
export { escapePattern, compilePattern, matchesPattern } from './pattern.js';
export type { CompiledPattern } from './pattern.js';
export { describeLine, describeLineParts, kindName, lineParts, linePartsFrom, relativeLineTable } from './describe.js';
export type { LineInfo, LineNote } from './describe.js';
export { reportLines } from './lines.js';
export type { LineTag, ReportedLine } from './lines.js';
export { scanLineText, bomLength, LineShape } from './scan.js';
export type { ScannedLine } from './scan.js';
export { LineKind, LineFlag, FieldKey, MAX_ROBOTS_BYTES, MAX_LINE_BYTES } from './model.js';
export type { RobotsTxt, Group, Rule, Agent, Sitemap, LineTable, LineData, LimitCut } from './model.js';
export { unusedFields } from './fields.js';
export type { FieldLine } from './fields.js';
