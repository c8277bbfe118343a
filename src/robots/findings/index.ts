/** Findings and diagnostics: every line problem worded from one catalogue. */
export {
  FILE_WIDE_CODES, FINDING_CODES, FIX_ALL_CODES, PORTABILITY_CODES, UNUSED_KEYS, fieldName, lineFindings, severityOf, wordFinding, worstSeverity,
} from './findings.js';
export type { FindingArgs, FindingCode, FindingText, LineFinding, FixLabelCode, LineFix, LineParts } from './findings.js';
export { diagnose, diagnoseInSteps, diagnostic, DIAGNOSTIC_CODES } from './diagnostics.js';
export type { Diagnostic, Severity } from './diagnostics.js';
