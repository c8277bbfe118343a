/**
 * Edits of a text as the editor makes them: what crosses from the editor to the workers instead
 * of the document, so nobody has to compare two versions to find what changed.
 */

/** One replacement: the old text's `[from, to)` becomes `insert`. */
export interface TextEdit {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
}

/** `text` with `edits` applied; the edits are ascending, non-overlapping, in `text`'s positions. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  if (edits.length === 1) {
    const e = edits[0]!;
    return text.slice(0, e.from) + e.insert + text.slice(e.to);
  }
  let out = '';
  let pos = 0;
  for (const e of edits) {
    out += text.slice(pos, e.from) + e.insert;
    pos = e.to;
  }
  return out + text.slice(pos);
}

/** Whether `edits` can apply to a text of `length` (ascending, non-overlapping, in range). */
export function editsFit(edits: readonly TextEdit[], length: number): boolean {
  let pos = 0;
  for (const e of edits) {
    if (!(e.from >= pos && e.to >= e.from && e.to <= length)) return false;
    pos = e.to;
  }
  return true;
}

/** How a text came from `base` (the text before): `base`'s `[from, to)` was replaced. */
export interface TextChange {
  readonly base: string;
  readonly from: number;
  readonly to: number;
}

/** A changed stretch of a text: `[from, to)` of the new text replaced `[from, baseLength - (newLength - to))` of the old. */
export interface ChangedSpan {
  readonly from: number;
  /** End of the changed stretch in the new text. */
  readonly to: number;
}

/**
 * The stretch of the new text that differs from the text `span` was relative to, after `edits`
 * (in the positions of the text `span` ends in): changes since a copy was taken, from edits alone.
 */
export function widenSpan(span: ChangedSpan | null, edits: readonly TextEdit[]): ChangedSpan | null {
  if (edits.length === 0) return span;
  // Where a position of the old text lands in the new one (inside a replaced stretch: its end).
  const map = (pos: number, side: -1 | 1): number => {
    let shift = 0;
    for (const e of edits) {
      if (e.to < pos || (e.to === pos && side > 0 && e.from < pos)) shift += e.insert.length - (e.to - e.from);
      else if (e.from < pos || (e.from === pos && side > 0)) return e.from + shift + (side > 0 ? e.insert.length : 0);
      else break;
    }
    return pos + shift;
  };
  const first = edits[0]!;
  const last = edits[edits.length - 1]!;
  let shiftBeforeLast = 0;
  for (let i = 0; i < edits.length - 1; i++) shiftBeforeLast += edits[i]!.insert.length - (edits[i]!.to - edits[i]!.from);
  const from = Math.min(first.from, span ? map(span.from, -1) : Infinity);
  const to = Math.max(last.from + shiftBeforeLast + last.insert.length, span ? map(span.to, 1) : -Infinity);
  return { from, to };
}
