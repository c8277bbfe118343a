/**
 * A line diff of an edit, for a preview: the changed lines with a few lines of context around
 * each change, and gaps where unchanged lines are left out.
 */
import type { TextEdit } from '../text/index.js';

/** One row of the preview: an unchanged, removed or added line, or a gap of unchanged lines. */
export interface DiffRow {
  readonly kind: 'same' | 'del' | 'add' | 'gap';
  /** Line number in the old text (same, del) or the new text (add); lines left out for a gap. */
  readonly line: number;
  readonly text: string;
}

const splitLines = (s: string) => s.split(/\r\n|\r|\n/);

/** The preview of `edits` on `text`: whole lines removed and added, `context` unchanged lines around each change. */
export function diffRows(text: string, edits: readonly TextEdit[], context = 2): DiffRow[] {
  if (edits.length === 0) return [];
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) continue;
    if (c === 0x0a || c === 0x0d) starts.push(i + 1);
  }
  const lineAt = (pos: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const oldLines = splitLines(text);
  // The empty "line" after a final line break is not shown.
  if (oldLines.length > 1 && oldLines[oldLines.length - 1] === '') oldLines.pop();
  const rows: DiffRow[] = [];
  let shown = 0; // last old line already shown
  let shift = 0; // new line number - old line number, before the current edit
  for (const e of edits) {
    const first = lineAt(e.from);
    const last = lineAt(Math.max(e.from, e.to - (e.to > e.from && /[\r\n]/.test(text[e.to - 1]!) ? 1 : 0)));
    const lineStart = starts[first - 1]!;
    const lineEnd = last < starts.length ? starts[last]! : text.length;
    // Both sides as whole lines, each with its break: a line removed with its break is no line at all.
    const asLines = (s: string) => (s === '' ? [] : splitLines(s.replace(/(\r\n|\r|\n)$/, '')));
    const removed = asLines(text.slice(lineStart, lineEnd));
    const added = asLines(text.slice(lineStart, e.from) + e.insert + text.slice(e.to, lineEnd));
    // Unchanged edges of the span (a pure insertion keeps its line) are context, not change.
    let head = 0;
    while (head < removed.length && head < added.length && removed[head] === added[head]) head++;
    let tail = 0;
    while (tail < removed.length - head && tail < added.length - head && removed[removed.length - 1 - tail] === added[added.length - 1 - tail]) tail++;
    const from = first + head;
    const ctxFrom = Math.max(shown + 1, from - context);
    if (ctxFrom > shown + 1) rows.push({ kind: 'gap', line: ctxFrom - shown - 1, text: '' });
    for (let l = ctxFrom; l < from; l++) rows.push({ kind: 'same', line: l, text: oldLines[l - 1] ?? '' });
    removed.slice(head, removed.length - tail).forEach((t, i) => rows.push({ kind: 'del', line: from + i, text: t }));
    added.slice(head, added.length - tail).forEach((t, i) => rows.push({ kind: 'add', line: from + shift + i, text: t }));
    const after = first + removed.length - tail;
    shown = after - 1;
    shift += added.length - removed.length;
    const ctxTo = Math.min(oldLines.length, shown + context);
    for (let l = shown + 1; l <= ctxTo; l++) rows.push({ kind: 'same', line: l, text: oldLines[l - 1] ?? '' });
    shown = Math.max(shown, ctxTo);
  }
  if (shown < oldLines.length) rows.push({ kind: 'gap', line: oldLines.length - shown, text: '' });
  return rows;
}
