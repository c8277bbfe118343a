/** The robots.txt engine: Google-exact parsing and matching. Pure TypeScript, no DOM. */
export { parseRobotsTxt, extractToken, isGlobalAgentValue, canMatchPath } from './parse.js';
export { RobotsParser, commonPrefix, commonSuffix } from './reparse.js';
export { applyTextEdits, editsFit, widenSpan } from './edit.js';
export type { ChangedSpan, TextChange, TextEdit } from './edit.js';
export { checkUrl, createChecker, chooseGroups, prepareChecks } from './check.js';
export type { Verdict, VerdictReason, RuleMatch, GroupChoice, QuickVerdict, CheckOptions, CrawlerInput, TestProblem } from './check.js';
export { explainVerdict, problemSentence } from './explain.js';
export type { Sentence, VerdictExplanation } from './explain.js';
export { resolveAgent, resolveCrawler, isProductToken } from './agent.js';
export type { AgentIssue, CrawlerSpec, ResolvedAgent } from './agent.js';
export { AI_CRAWLERS, CRAWLERS, GOOGLE_CRAWLERS, GLOBAL_IGNORING_TOKENS, PURPOSE_NAMES, SECTION_NAMES, crawlerById, selectKey } from './crawlers.js';
export type { AiPurpose, CrawlerProfile, CrawlerSection } from './crawlers.js';
export { resolveTestUrl, testedPath, googlePathParamsQuery, encodeLikeBrowser } from './url.js';
export type { TestedUrl, UrlProblem } from './url.js';
export { escapePattern, compilePattern, matchesPattern } from './pattern.js';
export type { CompiledPattern } from './pattern.js';
export { decodeRobotsBytes, encodeRobotsText, utf8Length } from './utf8.js';
export { describeLine, describeLineParts, kindName, lineParts, linePartsFrom, relativeLineTable } from './describe.js';
export type { LineInfo, LineNote } from './describe.js';
export {
  FILE_WIDE_CODES, FINDING_CODES, FIX_ALL_CODES, UNUSED_KEYS, fieldName, lineFindings, severityOf, wordFinding, worstSeverity,
} from './findings.js';
export type { FindingArgs, FindingCode, FindingText, LineFinding, FixLabelCode, LineFix, LineParts } from './findings.js';
export { reportLines } from './lines.js';
export type { LineTag, ReportedLine } from './lines.js';
export { scanLineText, bomLength, LineShape } from './scan.js';
export type { ScannedLine } from './scan.js';
export { LineKind, LineFlag, FieldKey, MAX_ROBOTS_BYTES, MAX_LINE_BYTES } from './model.js';
export type { RobotsTxt, Group, Rule, Agent, Sitemap, LineTable, LineData, LimitCut } from './model.js';
export { diagnose, diagnostic, DIAGNOSTIC_CODES } from './diagnostics.js';
export type { Diagnostic, Severity } from './diagnostics.js';
export { scopeOf, robotsTxtUrlFor } from './scope.js';
export type { Scope } from './scope.js';
export { fetchOutcome, FETCH_OK, MAX_REDIRECTS } from './status.js';
export type { FetchStatus, FetchOutcome } from './status.js';
export { engineMessages } from './messages.js';
export { formatIcu } from './icu.js';
export type { MessageArgs } from './icu.js';
