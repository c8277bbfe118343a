/**
 * Completion: field names at the start of a line, crawler tokens after `User-agent:` (from the
 * crawler profiles, with operator and purpose), where the engine's scan says the cursor is.
 * Paths are never guessed.
 */
import { CompletionItemKind, MarkupKind, type CompletionItem, type Position } from 'vscode-languageserver';
import { CRAWLERS, FieldKey, LineShape, PURPOSE_NAMES, scanLineText, SECTION_NAMES } from '../../robots/index.js';
import type { RobotsDocument } from './document.js';

const FIELDS: readonly (readonly [string, string])[] = [
  ['User-agent', 'Starts a group: the crawler the rules below are for (* for every crawler without a group of its own).'],
  ['Disallow', 'A path the group may not crawl (a prefix; * and $ are wildcards for Google).'],
  ['Allow', 'An exception to a Disallow: the longest matching rule decides, an Allow wins a tie.'],
  ['Sitemap', 'A full sitemap URL; it belongs to no group.'],
  ['Content-Signal', 'An AI-use preference (Google’s parser does not act on it).'],
];

/** The field names, to be typed as `Name: `. */
const FIELD_ITEMS: readonly CompletionItem[] = FIELDS.map(([label, doc], i) => ({
  label, kind: CompletionItemKind.Keyword, detail: 'robots.txt field', documentation: doc, insertText: `${label}: `, sortText: String(i),
}));

/** Every token a crawler profile names, once, with who runs it and what for; `*` first. */
const TOKEN_ITEMS: readonly CompletionItem[] = (() => {
  const seen = new Set<string>();
  const out: CompletionItem[] = [{ label: '*', kind: CompletionItemKind.Constant, detail: 'every crawler without a group of its own', sortText: '0' }];
  for (const c of CRAWLERS) {
    for (const token of c.tokens) {
      if (seen.has(token.toLowerCase())) continue;
      seen.add(token.toLowerCase());
      const what = c.purpose ? PURPOSE_NAMES[c.purpose] : SECTION_NAMES[c.section];
      const notes = [c.name, c.caveat, c.note].filter((x): x is string => Boolean(x));
      out.push({
        label: token, kind: CompletionItemKind.Value, detail: `${c.operator} · ${what}`, sortText: `1${String(out.length).padStart(4, '0')}`,
        documentation: { kind: MarkupKind.PlainText, value: notes.join('\n\n') },
      });
    }
  }
  return out;
})();

/** What can be typed at `position`: field names, crawler tokens, or nothing. */
export function completionsAt(doc: RobotsDocument, position: Position): CompletionItem[] {
  const lineStart = doc.offsetAt({ line: position.line, character: 0 });
  const before = doc.text().slice(lineStart, doc.offsetAt(position));
  const range = (length: number) => ({ start: { line: position.line, character: position.character - length }, end: position });
  // A key being typed at the start of a line (nothing after it yet but letters and dashes).
  const key = /^[ \t]*([A-Za-z-]*)$/.exec(before);
  if (key) return FIELD_ITEMS.map((item) => ({ ...item, textEdit: { range: range(key[1]!.length), newText: item.insertText! } }));
  const ev = scanLineText(before, position.line === 0);
  if (ev.shape !== LineShape.KeyValue || ev.field !== FieldKey.UserAgent || ev.commentFrom >= 0) return [];
  const word = /[A-Za-z_*-]*$/.exec(before)![0];
  // Only the value's first name: Google reads nothing after it.
  if (ev.valueFrom >= 0 && before.slice(ev.valueFrom, before.length - word.length).trim() !== '') return [];
  return TOKEN_ITEMS.map((item) => ({ ...item, textEdit: { range: range(word.length), newText: item.label } }));
}
