/**
 * The words the editor shows, through one translator the app provides (a Facet): message ids
 * and data in, text out. Without one the editor speaks English, from the engine's templates and
 * its own.
 */
import { EditorState, Facet, type Extension } from '@codemirror/state';
import { engineMessages, formatIcu, type MessageArgs } from '../robots/index.js';

/** Words a message: an id and its data → text in the reader's language. */
export type Translate = (id: string, args?: MessageArgs) => string;

/** The editor's own English templates (hover, gutter, completion), by id. */
export function editorMessages(): Record<string, string> {
  return {
    'editor.hover-head': 'Line {line} · {reading}',
    'editor.severity': '{severity, select, error {Error} warning {Warning} other {Note}}: {text}',
    'editor.field-user-agent': 'starts a group',
    'editor.field-disallow': 'a path the group may not crawl',
    'editor.field-allow': 'an exception to a Disallow',
    'editor.field-sitemap': 'a full sitemap URL',
    'editor.field-content-signal': 'AI-use preference (Google’s parser does not act on it)',
    ...Object.fromEntries(Object.entries(CODEMIRROR_PHRASES).map(([phrase, id]) => [id, phrase])),
  };
}

/** CodeMirror's own words (search panel, lint panel, completion), by the message id that translates each. */
const CODEMIRROR_PHRASES: Readonly<Record<string, string>> = {
  'Find': 'editor.cm-find', 'Replace': 'editor.cm-replace', 'next': 'editor.cm-next', 'previous': 'editor.cm-previous',
  'all': 'editor.cm-all', 'match case': 'editor.cm-match-case', 'by word': 'editor.cm-by-word', 'regexp': 'editor.cm-regexp',
  'replace': 'editor.cm-replace-one', 'replace all': 'editor.cm-replace-all', 'close': 'editor.cm-close',
  'Go to line': 'editor.cm-go-to-line', 'go': 'editor.cm-go', 'current match': 'editor.cm-current-match', 'on line': 'editor.cm-on-line',
  'replaced $ matches': 'editor.cm-replaced-matches', 'replaced match on line $': 'editor.cm-replaced-on-line',
  'Diagnostics': 'editor.cm-diagnostics', 'No diagnostics': 'editor.cm-no-diagnostics', 'Completions': 'editor.cm-completions',
  'Control character': 'editor.cm-control-character',
};

/** CodeMirror's own phrases in the translator's language (none needed in English). */
export function editorPhrases(t: Translate): Extension {
  return EditorState.phrases.of(Object.fromEntries(Object.entries(CODEMIRROR_PHRASES).map(([phrase, id]) => [phrase, t(id)])));
}

let english: Record<string, string> | null = null;

/** English, from the templates themselves (the CLI's wording). */
export const englishTranslate: Translate = (id, args) => {
  english ??= { ...engineMessages(), ...editorMessages() };
  return formatIcu(english[id] ?? id, args);
};

/** The translator the editor words everything with; the first one provided wins. */
export const translator = Facet.define<Translate, Translate>({
  combine: (values) => values[0] ?? englishTranslate,
});
