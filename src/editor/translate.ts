/**
 * The words the editor shows, through one translator the app provides (a Facet): message ids
 * and data in, text out. Without one the editor speaks English, from the engine's templates and
 * its own.
 */
import { Facet } from '@codemirror/state';
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
  };
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
