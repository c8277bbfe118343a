/** CodeMirror extensions for robots.txt: language, analysis highlights, markers and hover. */
import type { Extension } from '@codemirror/state';
import { analysisField } from './analysis-field.js';
import { robotsGutter } from './gutter.js';
import { robotsHighlights } from './highlights.js';
import { robotsHover } from './hover.js';
import { fileWideField } from './line-info.js';
import { robotsSyntax } from './syntax.js';
import { robotsCompletion } from './completion.js';
import { editorBasics } from './setup.js';

export { setAnalysis, analysisField } from './analysis-field.js';
export type { EditorAnalysis } from './analysis-field.js';
export { revealLine, showLine } from './reveal.js';
export { lineInfoAt } from './line-info.js';
export { robotsSyntax, tokenizeLine, type SyntaxKind, type SyntaxToken } from './syntax.js';
export { applyFixes, lintEffects, toCmDiagnostics } from './lint.js';
export type { FixRequest } from './lint.js';
export { changeSetEdits } from './doc-text.js';
export { robotsCompletions } from './completion.js';
export { focusRing } from './focus-ring.js';
export { editorMessages, editorPhrases, englishTranslate, translator, type Translate } from './translate.js';
export type { FileWideNote } from './line-info.js';

/** Everything the robots.txt editor needs. */
export function robotsEditor(): Extension {
  return [editorBasics(), robotsSyntax(), analysisField, fileWideField, robotsGutter(), robotsHighlights(), robotsHover(), robotsCompletion()];
}
export { applyTextEditsToView, textEditsToChanges } from './text-edits.js';
