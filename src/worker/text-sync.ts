/**
 * Sending a document to a worker that already holds an earlier version: as the one stretch that
 * changed, known from the editor's edits (nothing compares two versions), not as a copy of the whole.
 */
import { widenSpan, type ChangedSpan, type TextChange, type TextEdit } from '../robots/index.js';

/** A document on its way to a worker: whole, or as one edit of the text that worker holds. */
export type TextPayload =
  | { readonly kind: 'whole'; readonly text: string }
  | { readonly kind: 'edit'; readonly baseLength: number; readonly from: number; readonly to: number; readonly insert: string };

// Below this size a copy costs less than keeping track of the edits.
const WHOLE_BELOW = 16_384;

/**
 * What a worker holds of the document, and what changed since: each change is told as edits (or
 * as a replacement), and the next payload is the stretch they touched.
 */
export class HeldText {
  private holds = false;
  private heldLength = 0;
  private span: ChangedSpan | null = null;

  /** The document changed by `edits` (null: replaced as a whole, or changed in a way not told). */
  changed(edits: readonly TextEdit[] | null): void {
    if (!this.holds) return;
    if (edits === null) this.holds = false;
    else this.span = widenSpan(this.span, edits);
  }

  /** The payload that brings the worker to `text` (the document after every change told); it then holds `text`. */
  payload(text: string): TextPayload {
    let payload: TextPayload;
    if (!this.holds || text.length < WHOLE_BELOW || this.heldLength < WHOLE_BELOW) {
      payload = { kind: 'whole', text };
    } else {
      const from = this.span?.from ?? 0;
      const to = this.span?.to ?? 0;
      payload = { kind: 'edit', baseLength: this.heldLength, from, to: this.heldLength - (text.length - to), insert: text.slice(from, to) };
    }
    this.holds = true;
    this.heldLength = text.length;
    this.span = null;
    return payload;
  }

  /** The worker lost its copy (it was replaced, or fell out of step): the next payload is whole. */
  lost(): void {
    this.holds = false;
    this.span = null;
  }
}

/** Thrown by a mirror asked to apply an edit to a text it does not hold; the sender resends whole. */
export class OutOfSyncError extends Error {
  override readonly name = 'OutOfSync';
}

/** A document as a payload left it, with the edit that made it from the previous one (null: sent whole). */
export interface MirroredText {
  readonly text: string;
  readonly edit: TextChange | null;
}

/** The worker's copy of a document, kept current by payloads. */
export class TextMirror {
  private text: string | null = null;

  /** Applies `payload`. Throws OutOfSyncError when an edit does not fit the text held. */
  apply(payload: TextPayload): MirroredText {
    if (payload.kind === 'whole') return { text: (this.text = payload.text), edit: null };
    const base = this.text;
    if (base === null || base.length !== payload.baseLength || payload.from > payload.to || payload.to > base.length) {
      this.text = null;
      throw new OutOfSyncError('The worker does not hold the text this edit applies to.');
    }
    // Nothing changed (a new URL or crawler): the same string, so the parser knows it at once.
    if (payload.from === payload.to && payload.insert === '') return { text: base, edit: null };
    this.text = base.slice(0, payload.from) + payload.insert + base.slice(payload.to);
    return { text: this.text, edit: { base, from: payload.from, to: payload.to } };
  }
}
