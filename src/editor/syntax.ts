/**
 * robots.txt syntax colours, from the engine's own reading of each line (`scanLineText`, the scan
 * every other consumer uses): a line Google cannot read is coloured as such, a user-agent value as
 * the token Google reads from it. Every robots.txt line stands alone, so only the visible lines are
 * read: a keystroke costs a few lines' worth of work, whatever the file's size.
 */
import { EditorState, RangeSetBuilder, type ChangeSet, type Extension, type Range, type Text } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { canMatchPath, extractToken, FieldKey, isGlobalAgentValue, LineFlag, LineShape, scanLineText } from '../robots/index.js';

/** What a piece of a line is, for colouring. */
export type SyntaxKind = 'field' | 'other-field' | 'comment' | 'value' | 'agent' | 'wildcard' | 'link' | 'punct' | 'invalid' | 'ignored';

/** One coloured piece of a line: `[from, to)` in the line's text. */
export interface SyntaxToken {
  from: number;
  to: number;
  kind: SyntaxKind;
}

const isBlank = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c;

/**
 * The coloured pieces of one line, in order, as Google reads it (`first`: the file's first line,
 * which may start with a byte-order mark). White space between pieces stays uncoloured.
 */
export function tokenizeLine(text: string, first = false): SyntaxToken[] {
  const ev = scanLineText(text, first);
  const out: SyntaxToken[] = [];
  const push = (from: number, to: number, kind: SyntaxKind) => {
    while (from < to && isBlank(text.charCodeAt(from))) from++;
    while (to > from && isBlank(text.charCodeAt(to - 1))) to--;
    if (to > from) out.push({ from, to, kind });
  };
  const readEnd = ev.commentFrom >= 0 ? ev.commentFrom : text.length;
  let end = ev.from;
  if (ev.shape === LineShape.Invalid) {
    push(ev.from, readEnd, 'invalid');
    end = readEnd;
  } else if (ev.shape === LineShape.KeyValue) {
    const known = ev.field !== FieldKey.Unknown;
    push(ev.keyFrom, ev.keyTo, known ? 'field' : 'other-field');
    if (!(ev.flags & LineFlag.MissingColon)) {
      const colon = text.indexOf(':', ev.keyTo);
      if (colon >= 0 && colon < ev.valueFrom) push(colon, colon + 1, 'punct');
    }
    valueTokens(text, ev.field, ev.valueFrom, ev.valueTo, push);
    end = ev.valueTo;
  }
  // Text Google never reads: after a NUL, or past the 16,663-byte line buffer.
  if (ev.flags & (LineFlag.NulCut | LineFlag.LongLineCut)) push(end, ev.commentFrom >= 0 ? ev.commentFrom : text.length, 'ignored');
  if (ev.commentFrom >= 0) push(ev.commentFrom, text.length, 'comment');
  return out;
}

/** The pieces of a value: a rule's wildcards, the token of a user-agent value, a sitemap link. */
function valueTokens(text: string, field: number, from: number, to: number, push: (from: number, to: number, kind: SyntaxKind) => void): void {
  if (from >= to) return;
  if (field === FieldKey.Allow || field === FieldKey.Disallow) {
    if (!canMatchPath(text.slice(from, to))) return push(from, to, 'invalid');
    let run = from;
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      // `$` is an operator only at the very end of the pattern.
      if (c === 0x2a || (c === 0x24 && i === to - 1)) {
        push(run, i, 'value');
        push(i, i + 1, 'wildcard');
        run = i + 1;
      }
    }
    return push(run, to, 'value');
  }
  if (field === FieldKey.UserAgent) {
    if (isGlobalAgentValue(text.slice(from, to))) {
      push(from, from + 1, 'wildcard');
      return push(from + 1, to, 'ignored');
    }
    const token = extractToken(text.slice(from, to)).length;
    if (token === 0) return push(from, to, 'invalid');
    push(from, from + token, 'agent');
    return push(from + token, to, 'ignored');
  }
  push(from, to, field === FieldKey.Sitemap ? 'link' : 'value');
}

// A value is written in the editor's own text colour: no span of its own, so a rule line is two to
// four elements fewer for the browser to restyle, lay out and read back on every keystroke.
const marks: Record<SyntaxKind, Decoration | null> = {
  'field': Decoration.mark({ class: 'rt-syn-field' }),
  'other-field': Decoration.mark({ class: 'rt-syn-other-field' }),
  'comment': Decoration.mark({ class: 'rt-syn-comment' }),
  'value': null,
  'agent': Decoration.mark({ class: 'rt-syn-agent' }),
  'wildcard': Decoration.mark({ class: 'rt-syn-wildcard' }),
  'link': Decoration.mark({ class: 'rt-syn-link' }),
  'punct': Decoration.mark({ class: 'rt-syn-punct' }),
  'invalid': Decoration.mark({ class: 'rt-syn-invalid' }),
  'ignored': Decoration.mark({ class: 'rt-syn-ignored' }),
};

/** The colours of the lines of `doc` in `[from, to]`, added to `add`. */
function colourLines(doc: Text, from: number, to: number, add: (from: number, to: number, mark: Decoration) => void): void {
  for (let pos = from; pos <= to; ) {
    const line = doc.lineAt(pos);
    for (const t of tokenizeLine(line.text, line.number === 1)) {
      const mark = marks[t.kind];
      if (mark) add(line.from + t.from, line.from + t.to, mark);
    }
    pos = line.to + 1;
  }
}

function build(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const { from, to } of view.visibleRanges) colourLines(view.state.doc, from, to, (f, t, m) => builder.add(f, t, m));
  return builder.finish();
}

/** Whether an edit inserted more than the visible lines could hold (a paste): colour the viewport instead. */
function bigChange(u: ViewUpdate): boolean {
  let inserted = 0;
  u.changes.iterChangedRanges((_fa, _ta, fromB, toB) => {
    inserted += toB - fromB;
  });
  return inserted > 20_000;
}

/** Colours for the lines of `doc` in `[from, to]` (all of it by default). */
export function colours(doc: Text, from = 0, to = doc.length): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  colourLines(doc, from, to, (f, t, m) => builder.add(f, t, m));
  return builder.finish();
}

/** The colours after `changes` made `doc`: the others move with the text, the lines the edit touched are coloured again. */
export function recolour(decorations: DecorationSet, changes: ChangeSet, doc: Text): DecorationSet {
  let out = decorations.map(changes);
  changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
    const from = doc.lineAt(fromB).from;
    const to = doc.lineAt(toB).to;
    const add: Range<Decoration>[] = [];
    colourLines(doc, from, to, (f, t, m) => add.push(m.range(f, t)));
    out = out.update({ filterFrom: from, filterTo: to, filter: (f, t) => t < from || f > to, add });
  });
  return out;
}

const syntaxTheme = EditorView.baseTheme({
  '.rt-syn-field': { color: 'var(--syn-field)', fontWeight: '600' },
  '.rt-syn-other-field': { color: 'var(--syn-other-field)' },
  '.rt-syn-comment': { color: 'var(--syn-comment)', fontStyle: 'italic' },
  '.rt-syn-agent': { color: 'var(--syn-agent)' },
  '.rt-syn-wildcard': { color: 'var(--syn-wildcard)', fontWeight: '700' },
  '.rt-syn-link': { color: 'var(--syn-link)' },
  '.rt-syn-punct': { color: 'var(--syn-punct)' },
  '.rt-syn-invalid': { color: 'var(--syn-invalid)' },
  '.rt-syn-ignored': { color: 'var(--syn-comment)', textDecoration: 'line-through' },
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
          // A keystroke re-reads only its own line; a viewport that moved is coloured afresh. An
          // edit in view changes the viewport too, but only by mapping (viewportMoved is false).
          if (u.viewportMoved) this.decorations = build(u.view);
          else if (u.docChanged) this.decorations = bigChange(u) ? build(u.view) : recolour(this.decorations, u.changes, u.state.doc);
        }
      },
      { decorations: (v) => v.decorations },
    ),
    syntaxTheme,
    EditorState.languageData.of(() => [{ commentTokens: { line: '#' } }]),
  ];
}
