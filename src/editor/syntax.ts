/**
 * robots.txt syntax highlighting: field names, values, comments, and the `*` and `$` of rules.
 * Every robots.txt line stands alone, so the visible lines are tokenized directly into mark
 * decorations: a keystroke costs a few visible lines' worth of work, whatever the file's size
 * (a generic incremental parser cost ~3 ms of the keystroke at 50 KB).
 */
import { EditorState, RangeSetBuilder, type Extension } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';

/** What a piece of a line is, for colouring. */
export type SyntaxKind = 'field' | 'other-field' | 'comment' | 'value' | 'agent' | 'wildcard' | 'link' | 'punct' | 'invalid';

/** One coloured piece of a line: `[from, to)` in the line's text. */
export interface SyntaxToken {
  from: number;
  to: number;
  kind: SyntaxKind;
}

// The same prefixes and misspellings the engine accepts (see src/robots/scan.ts).
const FIELD = /^(?:(user-?agent|user agent)|(allow|disallow|dissallow|dissalow|disalow|diasllow|disallaw)|(sitemap|site-map))/i;
const isSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0;

/**
 * The coloured pieces of one line, in order. White space between pieces stays uncoloured; the
 * key is read up to `:`, `#` or white space, and a value's `$` is an operator only at its end.
 */
export function tokenizeLine(text: string): SyntaxToken[] {
  const out: SyntaxToken[] = [];
  const n = text.length;
  let field: 'user-agent' | 'rule' | 'sitemap' | 'other' = 'other';
  let phase: 'key' | 'separator' | 'value' = 'key';
  let pos = 0;
  const push = (from: number, to: number, kind: SyntaxKind) => out.push({ from, to, kind });
  const runUntil = (from: number, stop: (c: number) => boolean): number => {
    let i = from;
    while (i < n && !stop(text.charCodeAt(i))) i++;
    return i;
  };
  while (pos < n) {
    while (pos < n && isSpace(text.charCodeAt(pos))) pos++;
    if (pos >= n) break;
    const c = text.charCodeAt(pos);
    if (c === 0x23) {
      push(pos, n, 'comment');
      break;
    }
    if (phase === 'key') {
      const end = runUntil(pos, (ch) => ch === 0x3a || ch === 0x23 || isSpace(ch));
      if (end === pos) {
        // A line that starts with a colon has no key.
        push(pos, pos + 1, 'invalid');
        pos++;
        phase = 'value';
        continue;
      }
      const m = FIELD.exec(text.slice(pos, end));
      field = !m ? 'other' : m[1] ? 'user-agent' : m[2] ? 'rule' : 'sitemap';
      push(pos, end, m ? 'field' : 'other-field');
      pos = end;
      phase = text.charCodeAt(pos) === 0x3a ? 'separator' : 'value';
      continue;
    }
    if (phase === 'separator') {
      push(pos, pos + 1, 'punct');
      pos++;
      phase = 'value';
      continue;
    }
    if (field === 'rule') {
      if (c === 0x2a) {
        push(pos, pos + 1, 'wildcard');
        pos++;
      } else if (c === 0x24 && dollarEndsValue(text, pos + 1)) {
        push(pos, pos + 1, 'wildcard');
        pos++;
      } else {
        const end = Math.max(pos + 1, runUntil(pos, (ch) => ch === 0x2a || ch === 0x24 || ch === 0x23));
        push(pos, end, 'value');
        pos = end;
      }
      continue;
    }
    if (field === 'user-agent' && c === 0x2a && (pos + 1 >= n || isSpace(text.charCodeAt(pos + 1)) || text.charCodeAt(pos + 1) === 0x23)) {
      push(pos, pos + 1, 'wildcard');
      pos++;
      continue;
    }
    const end = runUntil(pos, (ch) => ch === 0x23);
    push(pos, end, field === 'user-agent' ? 'agent' : field === 'sitemap' ? 'link' : 'value');
    pos = end;
  }
  return out;
}

/** Whether only white space, then the end or a comment, follows `from`. */
function dollarEndsValue(text: string, from: number): boolean {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i >= text.length || text.charCodeAt(i) === 0x23;
}

const marks: Record<SyntaxKind, Decoration> = {
  'field': Decoration.mark({ class: 'rt-syn-field' }),
  'other-field': Decoration.mark({ class: 'rt-syn-other-field' }),
  'comment': Decoration.mark({ class: 'rt-syn-comment' }),
  'value': Decoration.mark({ class: 'rt-syn-value' }),
  'agent': Decoration.mark({ class: 'rt-syn-agent' }),
  'wildcard': Decoration.mark({ class: 'rt-syn-wildcard' }),
  'link': Decoration.mark({ class: 'rt-syn-link' }),
  'punct': Decoration.mark({ class: 'rt-syn-punct' }),
  'invalid': Decoration.mark({ class: 'rt-syn-invalid' }),
};

function build(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const doc = view.state.doc;
  for (const { from, to } of view.visibleRanges) {
    for (let pos = from; pos <= to; ) {
      const line = doc.lineAt(pos);
      for (const t of tokenizeLine(line.text)) builder.add(line.from + t.from, line.from + t.to, marks[t.kind]);
      pos = line.to + 1;
    }
  }
  return builder.finish();
}

const syntaxTheme = EditorView.baseTheme({
  '.rt-syn-field': { color: 'var(--syn-field)', fontWeight: '600' },
  '.rt-syn-other-field': { color: 'var(--syn-other-field)' },
  '.rt-syn-comment': { color: 'var(--syn-comment)', fontStyle: 'italic' },
  '.rt-syn-value': { color: 'var(--syn-value)' },
  '.rt-syn-agent': { color: 'var(--syn-agent)' },
  '.rt-syn-wildcard': { color: 'var(--syn-wildcard)', fontWeight: '700' },
  '.rt-syn-link': { color: 'var(--syn-link)' },
  '.rt-syn-punct': { color: 'var(--syn-punct)' },
  '.rt-syn-invalid': { color: 'var(--syn-invalid)' },
});

/** Syntax colours for the visible lines, and `#` as the line comment (for Toggle comment). */
export function robotsSyntax(): Extension {
  return [
    ViewPlugin.fromClass(
      class {
        decorations: DecorationSet;
        constructor(view: EditorView) {
          this.decorations = build(view);
        }
        update(u: ViewUpdate): void {
          if (u.docChanged || u.viewportChanged) this.decorations = build(u.view);
        }
      },
      { decorations: (v) => v.decorations },
    ),
    syntaxTheme,
    EditorState.languageData.of(() => [{ commentTokens: { line: '#' } }]),
  ];
}
