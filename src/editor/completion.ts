/**
 * Completion while writing: field names at the start of a line, crawler tokens after
 * `User-agent:` (from the profiles, with operator and purpose). Paths are never guessed.
 */
import { autocompletion, closeCompletion, completionStatus, selectedCompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { insertNewlineAndIndent } from '@codemirror/commands';
import { Prec, type Extension } from '@codemirror/state';
import { keymap, type EditorView } from '@codemirror/view';
import { caveatKey, CRAWLERS, FieldKey, LineShape, scanLineText, selectKey } from '../robots/index.js';
import { translator, type Translate } from './translate.js';

const FIELDS: readonly (readonly [string, string])[] = [
  ['User-agent', 'editor.field-user-agent'], ['Disallow', 'editor.field-disallow'], ['Allow', 'editor.field-allow'],
  ['Sitemap', 'editor.field-sitemap'], ['Content-Signal', 'editor.field-content-signal'],
];

/** The crawler name being typed: the name characters just before the cursor. */
const NAME_TYPED = /[A-Za-z_-]*$/;

/** Field names, described in the translator's language. */
function fieldOptions(t: Translate): Completion[] {
  return FIELDS.map(([label, id]) => ({ label, apply: `${label}: `, detail: t(id), type: 'keyword' }));
}

/** Every token a profile names, once, with who runs it and what for. */
function tokenOptions(t: Translate): Completion[] {
  const seen = new Set<string>();
  const out: Completion[] = [];
  for (const c of CRAWLERS) {
    for (const token of c.tokens) {
      if (seen.has(token.toLowerCase())) continue;
      seen.add(token.toLowerCase());
      const what = c.purpose ? t('crawler.purpose', { purpose: c.purpose }) : t('crawler.section', { section: c.section });
      const info = c.caveat ? t('why.profile-caveat', { profile: caveatKey(c), operator: c.operator }) : c.note ? t('crawler.note', { profile: selectKey(c.id) }) : undefined;
      out.push({ label: token, detail: `${c.operator} · ${what}`, ...(info ? { info } : {}), type: 'constant' });
    }
  }
  return out;
}

// The options of the last translator asked: completion runs on every key typed in a name.
const optionsCache = new WeakMap<Translate, { fields: Completion[]; tokens: Completion[] }>();

function optionsFor(t: Translate): { fields: Completion[]; tokens: Completion[] } {
  let o = optionsCache.get(t);
  if (!o) optionsCache.set(t, (o = { fields: fieldOptions(t), tokens: tokenOptions(t) }));
  return o;
}

/** The completion source: what fits where the cursor is, read as the engine reads the line. */
export function robotsCompletions(ctx: CompletionContext): CompletionResult | null {
  const line = ctx.state.doc.lineAt(ctx.pos);
  const before = line.text.slice(0, ctx.pos - line.from);
  // A key being typed at the start of a line (nothing after it yet but letters and dashes).
  const key = /^[ \t]*([A-Za-z-]*)$/.exec(before);
  if (key && (key[1] !== '' || ctx.explicit)) {
    return { from: ctx.pos - key[1]!.length, options: optionsFor(ctx.state.facet(translator)).fields, validFor: /^[A-Za-z-]*$/ };
  }
  const ev = scanLineText(before, line.number === 1);
  if (ev.shape === LineShape.KeyValue && ev.field === FieldKey.UserAgent && ev.commentFrom < 0) {
    const word = NAME_TYPED.exec(before)![0];
    // Only the value's first name: Google reads nothing after it.
    if (before.slice(ev.valueFrom, before.length - word.length).trim() !== '') return null;
    if (word === '' && !ctx.explicit) return null;
    return { from: ctx.pos - word.length, options: optionsFor(ctx.state.facet(translator)).tokens, validFor: /^[A-Za-z_-]*$/ };
  }
  return null;
}

/**
 * Enter with a name typed whole (the option selected is what is typed, case aside): a new line, not
 * the completion. Accepting it changed nothing and swallowed the Enter, so a fast typist's
 * `User-agent: Googlebot⏎Disallow: /` became one line. A field name's completion adds its colon,
 * so Enter still accepts that.
 */
function newLineAfterWholeName(view: EditorView): boolean {
  if (completionStatus(view.state) !== 'active') return false;
  const option = selectedCompletion(view.state);
  if (!option || option.apply !== undefined) return false;
  const { head } = view.state.selection.main;
  const line = view.state.doc.lineAt(head);
  const word = NAME_TYPED.exec(line.text.slice(0, head - line.from))![0];
  if (word.toLowerCase() !== option.label.toLowerCase()) return false;
  closeCompletion(view);
  return insertNewlineAndIndent(view);
}

/** Completion of field names and crawler tokens. */
export function robotsCompletion(): Extension {
  // Before the completion's own keymap (of the same precedence): the first one given is asked first.
  return [Prec.highest(keymap.of([{ key: 'Enter', run: newLineAfterWholeName }])), autocompletion({ override: [robotsCompletions], icons: false })];
}
