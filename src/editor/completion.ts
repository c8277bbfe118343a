/**
 * Completion while writing: field names at the start of a line, crawler tokens after
 * `User-agent:` (from the profiles, with operator and purpose). Paths are never guessed.
 */
import { autocompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import type { Extension } from '@codemirror/state';
import { CRAWLERS, FieldKey, LineShape, PURPOSE_NAMES, scanLineText, SECTION_NAMES } from '../robots/index.js';

const FIELDS: readonly Completion[] = [
  { label: 'User-agent', apply: 'User-agent: ', detail: 'starts a group', type: 'keyword' },
  { label: 'Disallow', apply: 'Disallow: ', detail: 'a path the group may not crawl', type: 'keyword' },
  { label: 'Allow', apply: 'Allow: ', detail: 'an exception to a Disallow', type: 'keyword' },
  { label: 'Sitemap', apply: 'Sitemap: ', detail: 'a full sitemap URL', type: 'keyword' },
  { label: 'Content-Signal', apply: 'Content-Signal: ', detail: 'AI-use preference (Google’s parser does not act on it)', type: 'keyword' },
];

/** Every token a profile names, once, with who runs it and what for. */
const TOKENS: readonly Completion[] = (() => {
  const seen = new Set<string>();
  const out: Completion[] = [];
  for (const c of CRAWLERS) {
    for (const token of c.tokens) {
      if (seen.has(token.toLowerCase())) continue;
      seen.add(token.toLowerCase());
      const what = c.purpose ? PURPOSE_NAMES[c.purpose] : SECTION_NAMES[c.section];
      out.push({ label: token, detail: `${c.operator} · ${what}`, info: c.caveat ?? c.note, type: 'constant' });
    }
  }
  return out;
})();

/** The completion source: what fits where the cursor is, read as the engine reads the line. */
export function robotsCompletions(ctx: CompletionContext): CompletionResult | null {
  const line = ctx.state.doc.lineAt(ctx.pos);
  const before = line.text.slice(0, ctx.pos - line.from);
  // A key being typed at the start of a line (nothing after it yet but letters and dashes).
  const key = /^[ \t]*([A-Za-z-]*)$/.exec(before);
  if (key && (key[1] !== '' || ctx.explicit)) {
    return { from: ctx.pos - key[1]!.length, options: FIELDS, validFor: /^[A-Za-z-]*$/ };
  }
  const ev = scanLineText(before, line.number === 1);
  if (ev.shape === LineShape.KeyValue && ev.field === FieldKey.UserAgent && ev.commentFrom < 0) {
    const word = /[A-Za-z_-]*$/.exec(before)![0];
    // Only the value's first name: Google reads nothing after it.
    if (before.slice(ev.valueFrom, before.length - word.length).trim() !== '') return null;
    if (word === '' && !ctx.explicit) return null;
    return { from: ctx.pos - word.length, options: TOKENS, validFor: /^[A-Za-z_-]*$/ };
  }
  return null;
}

/** Completion of field names and crawler tokens. */
export function robotsCompletion(): Extension {
  return autocompletion({ override: [robotsCompletions], icons: false });
}
