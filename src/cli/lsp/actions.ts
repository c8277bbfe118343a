/**
 * The one-click repairs as code actions: a quick fix per finding that has one, "fix all of this
 * kind" for the repairs that touch only their own line, and `source.fixAll` for all of those.
 */
import { CodeActionKind, TextDocumentEdit, type CodeAction, type CodeActionParams, type TextEdit } from 'vscode-languageserver';
import { FIX_ALL_CODES, type Diagnostic, type FindingCode } from '../../robots/index.js';
import type { RobotsDocument } from './document.js';
import { shownFindings, toLspDiagnostic } from './diagnostics.js';
import type { LspSettings } from './settings.js';

/** The kind of the action that applies every same-line repair at once. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.robots-txt`;

/** A repair as text edits of the current text; null when its lines no longer read as diagnosed. */
export function fixEdits(doc: RobotsDocument, d: Diagnostic): TextEdit[] | null {
  const fix = d.fix;
  if (!fix) return null;
  const robots = doc.robots();
  const L = robots.lines;
  const text = doc.text();
  const lineText = (line: number) => (line >= 1 && line <= robots.lineCount ? text.slice(L.from[line - 1], L.to[line - 1]) : null);
  if (lineText(d.line) !== d.lineText) return null;
  if (fix.also && lineText(fix.also.line) !== fix.also.lineText) return null;
  const start = L.from[d.line - 1]!;
  // Column -1 is the line break before the line: a repair that removes a whole line takes it too.
  const from = fix.from >= 0 ? start + fix.from : d.line > 1 ? L.to[d.line - 2]! : start;
  const edits: TextEdit[] = [{ range: { start: doc.positionAt(from), end: doc.positionAt(start + fix.to) }, newText: fix.insert }];
  if (fix.also) {
    const other = L.from[fix.also.line - 1]!;
    edits.push({ range: { start: doc.positionAt(other + fix.also.from), end: doc.positionAt(other + fix.also.to) }, newText: fix.also.insert });
  }
  return edits;
}

function editOf(doc: RobotsDocument, edits: TextEdit[]) {
  // Versioned: an editor refuses the edit when the document changed since.
  return { documentChanges: [TextDocumentEdit.create({ uri: doc.uri, version: doc.version }, edits)] };
}

/** Every same-line repair of the document, of `code` (or of every such kind), one per line. */
function sameLineRepairs(doc: RobotsDocument, settings: LspSettings, code: FindingCode | null): { d: Diagnostic; edits: TextEdit[] }[] {
  const seen = new Set<number>();
  const out: { d: Diagnostic; edits: TextEdit[] }[] = [];
  for (const { d } of shownFindings(doc, settings)) {
    if (!FIX_ALL_CODES.has(d.code) || (code !== null && d.code !== code) || seen.has(d.line)) continue;
    const edits = fixEdits(doc, d);
    if (!edits) continue;
    seen.add(d.line);
    out.push({ d, edits });
  }
  return out;
}

/** The code actions for a range (and the kinds the editor asks for). */
export function codeActionsFor(doc: RobotsDocument, settings: LspSettings, params: CodeActionParams): CodeAction[] {
  const only = params.context.only;
  const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
  const out: CodeAction[] = [];
  if (wants(CodeActionKind.QuickFix)) {
    const first = params.range.start.line + 1;
    const last = params.range.end.line + 1;
    const kinds = new Set<FindingCode>();
    for (const { d, severity } of shownFindings(doc, settings)) {
      if (d.line < first || d.line > last || !d.fix) continue;
      const edits = fixEdits(doc, d);
      if (!edits) continue;
      out.push({
        title: d.fix.label, kind: CodeActionKind.QuickFix, diagnostics: [toLspDiagnostic(doc, d, severity)], isPreferred: true, edit: editOf(doc, edits),
      });
      if (FIX_ALL_CODES.has(d.code)) kinds.add(d.code);
    }
    for (const code of kinds) {
      const all = sameLineRepairs(doc, settings, code);
      if (all.length < 2) continue;
      out.push({ title: `Fix all ${all.length} of this kind (${code})`, kind: CodeActionKind.QuickFix, edit: editOf(doc, all.flatMap((r) => r.edits)) });
    }
  }
  if (only && wants(FIX_ALL_KIND)) {
    const all = sameLineRepairs(doc, settings, null);
    if (all.length > 0) out.push({ title: fixAllTitle(all.length), kind: FIX_ALL_KIND, edit: editOf(doc, all.flatMap((r) => r.edits)) });
  }
  return out;
}

/** The fix-all action's title, counted as a reader says it ("Fix all 1 one-line repairs" read as a slip). */
function fixAllTitle(count: number): string {
  return count === 1 ? 'Fix the one-line repair' : `Fix all ${count} one-line repairs`;
}
