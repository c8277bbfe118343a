/**
 * The engine's findings as LSP diagnostics: Google's at their own severity, the other parsers'
 * notes as information (both as the settings say), each worded from the one catalogue.
 */
import { DiagnosticSeverity, DiagnosticTag, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic } from '../../robots/index.js';
import type { RobotsDocument } from './document.js';
import { levelOf, type FindingLevel, type LspSettings } from './settings.js';

/** What the diagnostics say they come from. */
export const SOURCE = 'robots-txt-tester';

const SEVERITY: Readonly<Record<Exclude<FindingLevel, 'off'>, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, information: DiagnosticSeverity.Information, hint: DiagnosticSeverity.Hint,
};

// Lines that never change a verdict: editors fade them.
const UNNECESSARY = new Set<string>(['shadowed-rule', 'duplicate-rule', 'empty-allow', 'after-limit']);

/** The engine's findings the settings show, each with its LSP severity. */
export function shownFindings(doc: RobotsDocument, settings: LspSettings): { d: Diagnostic; severity: DiagnosticSeverity }[] {
  const out: { d: Diagnostic; severity: DiagnosticSeverity }[] = [];
  const lineCount = doc.robots().lineCount;
  for (const d of doc.diagnostics(settings.site)) {
    const level = levelOf(settings, d.code, d.severity);
    if (level === 'off' || d.line > lineCount) continue;
    out.push({ d, severity: SEVERITY[level] });
  }
  return out;
}

/** The range a finding underlines: its columns, or its whole line when it names none. */
export function findingRange(doc: RobotsDocument, d: Diagnostic) {
  return d.to > d.from ? doc.lineRange(d.line, d.from, d.to) : doc.lineRange(d.line);
}

/** One finding as an LSP diagnostic. */
export function toLspDiagnostic(doc: RobotsDocument, d: Diagnostic, severity: DiagnosticSeverity): LspDiagnostic {
  const other = typeof d.args['otherLine'] === 'number' ? d.args['otherLine'] : null;
  return {
    range: findingRange(doc, d),
    severity,
    code: d.code,
    source: SOURCE,
    message: `${d.message}\n${d.google}\n${d.hint}`,
    ...(UNNECESSARY.has(d.code) ? { tags: [DiagnosticTag.Unnecessary] } : {}),
    ...(other !== null && other >= 1 && other <= doc.robots().lineCount
      ? { relatedInformation: [{ location: { uri: doc.uri, range: doc.lineRange(other) }, message: `line ${other}` }] }
      : {}),
  };
}

/** Every diagnostic to publish for the document. */
export function documentDiagnostics(doc: RobotsDocument, settings: LspSettings): LspDiagnostic[] {
  return shownFindings(doc, settings).map(({ d, severity }) => toLspDiagnostic(doc, d, severity));
}
