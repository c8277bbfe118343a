/** Findings, diagnostics and the engine's wording: every line problem, reading and Why from one catalogue. */
// The Why first: laid out in this order, the first-load chunks gzip about 0.2 KB smaller.
export { explainVerdict, problemSentence } from './explain.js';
export type { Sentence, VerdictExplanation } from './explain.js';
export { FILE_WIDE_CODES, FINDING_CODES, severityOf, wordFinding, worstSeverity } from './catalogue.js';
export type { FindingArgs, FindingCode, FindingText } from './catalogue.js';
export { PORTABILITY_CODES } from './audience.js';
export { ADVICE_ARGS, LOST_INTENT_CODES, adviceKey } from './advice.js';
export { FIX_ALL_CODES } from './repairs.js';
export type { FixLabelCode, LineFix } from './repairs.js';
export { UNUSED_KEYS, fieldName, lineFindings } from './line-findings.js';
export type { LineFinding } from './line-findings.js';
export { diagnose, diagnoseInSteps, diagnoseWithoutReadersInSteps, diagnostic, DIAGNOSTIC_CODES, readerFindingsInSteps } from './diagnostics.js';
export { mergeReaderFindings } from './merge-findings.js';
export type { Diagnostic, Severity } from './diagnostics.js';
export type { ReaderParse } from './reader-reach.js';
export { describeLine, describeLineParts } from './describe.js';
export type { LineInfo, LineNote } from './describe.js';
export { reportLines } from './lines.js';
export type { LineTag, ReportedLine } from './lines.js';
export { detailMessages, engineMessages, verdictMessages } from './messages.js';
