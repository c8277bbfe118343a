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
  /**
   * What replaced it, when the one who made the change has it: a re-parse then reads the edited
   * lines from `base` and this, without touching the new text (a string V8 has not yet copied
   * into one piece, which any read of it would do).
   */
  readonly insert?: string;
}
