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
  // Each edit's first line: the context after one edit stops where the next begins (a line the
  // next edit removes is never also shown unchanged above its removal).
  const firsts = edits.map((e) => lineAt(e.from));
  for (const [k, e] of edits.entries()) {
    const first = firsts[k]!;
    // Every line the edit touches, the one its end falls in too (an edit that removes a line break
    // joins that line to the one before); lines the edit leaves as they were are trimmed below.
    const last = lineAt(e.to);
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
    // Inside the span, lines both sides keep are shown unchanged, never as removed and added again.
    for (const op of lineOps(removed.slice(head, removed.length - tail), added.slice(head, added.length - tail))) {
      if (op.kind === 'same') rows.push({ kind: 'same', line: from + op.a, text: op.text });
      else if (op.kind === 'del') rows.push({ kind: 'del', line: from + op.a, text: op.text });
      else rows.push({ kind: 'add', line: from + shift + op.b, text: op.text });
    }
    const after = first + removed.length - tail;
    shown = after - 1;
    shift += added.length - removed.length;
    const ctxTo = Math.min(oldLines.length, shown + context, k + 1 < edits.length ? firsts[k + 1]! - 1 : Infinity);
    for (let l = shown + 1; l <= ctxTo; l++) rows.push({ kind: 'same', line: l, text: oldLines[l - 1] ?? '' });
    shown = Math.max(shown, ctxTo);
  }
  if (shown < oldLines.length) rows.push({ kind: 'gap', line: oldLines.length - shown, text: '' });
  return rows;
}

/** One step of a line diff: a line both sides keep, or one only the old (del) or new (add) side has. */
interface LineOp {
  readonly kind: 'same' | 'del' | 'add';
  /** Index in the old lines (same, del). */
  readonly a: number;
  /** Index in the new lines (same, add). */
  readonly b: number;
  readonly text: string;
}

// Past this many cells the span is shown as all removed, then all added (still exact, less tidy).
const MAX_LCS_CELLS = 1_000_000;

/** A shortest line diff of `a` into `b` (longest common subsequence), removals before additions in each change. */
function lineOps(a: readonly string[], b: readonly string[]): LineOp[] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || n * m > MAX_LCS_CELLS) {
    return [...a.map((text, i): LineOp => ({ kind: 'del', a: i, b: 0, text })), ...b.map((text, j): LineOp => ({ kind: 'add', a: 0, b: j, text }))];
  }
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat array.
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const out: LineOp[] = [];
  const adds: LineOp[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      out.push(...adds.splice(0));
      out.push({ kind: 'same', a: i, b: j, text: a[i]! });
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i * w + j + 1]! >= lcs[(i + 1) * w + j]!)) {
      adds.push({ kind: 'add', a: i, b: j, text: b[j]! });
      j++;
    } else {
      out.push({ kind: 'del', a: i, b: j, text: a[i]! });
      i++;
    }
  }
  out.push(...adds);
  return out;
}
