/**
 * robots.txt syntax highlighting: field names, values, comments, and the `*` and `$` of rules.
 */
import { HighlightStyle, StreamLanguage, syntaxHighlighting, type StreamParser } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { tags } from '@lezer/highlight';

type Phase = 'key' | 'separator' | 'value';
interface LineState {
  phase: Phase;
  field: 'user-agent' | 'rule' | 'sitemap' | 'other';
}

// The same prefixes and misspellings the engine accepts (see src/robots/scan.ts).
const FIELD = /^(?:(user-?agent|user agent)|(allow|disallow|dissallow|dissalow|disalow|diasllow|disallaw)|(sitemap|site-map))/i;

const parser: StreamParser<LineState> = {
  name: 'robots.txt',
  startState: () => ({ phase: 'key', field: 'other' }),
  token(stream, state) {
    if (stream.sol()) {
      state.phase = 'key';
      state.field = 'other';
    }
    if (stream.eatSpace()) return null;
    if (stream.peek() === '#') {
      stream.skipToEnd();
      return 'comment';
    }
    if (state.phase === 'key') {
      const word = stream.match(/^[^:#\s]+/) as RegExpMatchArray | null;
      if (!word) {
        stream.next();
        state.phase = 'value';
        return 'invalid';
      }
      const m = FIELD.exec(word[0]);
      state.field = !m ? 'other' : m[1] ? 'user-agent' : m[2] ? 'rule' : 'sitemap';
      state.phase = stream.peek() === ':' ? 'separator' : 'value';
      return m ? 'keyword' : 'propertyName';
    }
    if (state.phase === 'separator') {
      stream.next();
      state.phase = 'value';
      return 'punctuation';
    }
    if (state.field === 'rule') {
      const ch = stream.peek();
      if (ch === '*') {
        stream.next();
        return 'operator';
      }
      if (ch === '$' && (stream.string.length === stream.pos + 1 || /^\$\s*(#|$)/.test(stream.string.slice(stream.pos)))) {
        stream.next();
        return 'operator';
      }
      stream.match(/^[^*$#]+/) || stream.next();
      return 'string';
    }
    if (state.field === 'user-agent') {
      if (stream.match(/^\*(?=\s|#|$)/)) return 'operator';
      stream.match(/^[^#]+/);
      return 'typeName';
    }
    stream.match(/^[^#]+/);
    return state.field === 'sitemap' ? 'link' : 'string';
  },
  languageData: { commentTokens: { line: '#' } },
};

/** The robots.txt language (a stream parser: cheap, and only for visible lines). */
export const robotsLanguage = StreamLanguage.define(parser);

const style = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--syn-field)', fontWeight: '600' },
  { tag: tags.propertyName, color: 'var(--syn-other-field)' },
  { tag: tags.comment, color: 'var(--syn-comment)', fontStyle: 'italic' },
  { tag: tags.string, color: 'var(--syn-value)' },
  { tag: tags.typeName, color: 'var(--syn-agent)' },
  { tag: tags.operator, color: 'var(--syn-wildcard)', fontWeight: '700' },
  { tag: tags.link, color: 'var(--syn-link)' },
  { tag: tags.punctuation, color: 'var(--syn-punct)' },
  { tag: tags.invalid, color: 'var(--syn-invalid)' },
]);

/** The language plus its highlight style. */
export function robotsSyntax(): Extension {
  return [robotsLanguage, syntaxHighlighting(style)];
}
