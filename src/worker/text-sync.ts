/**
 * Sending a document to a worker that already holds an earlier version: as one edit of the copy it
 * holds, known from the editor's edits (nothing compares two versions), not as a copy of the whole.
 */
import type { TextChange, TextEdit } from '../robots/index.js';

/** A document on its way to a worker: whole, or as one edit of the text of `baseLength` that worker holds. */
export type TextPayload =
  | { readonly kind: 'whole'; readonly text: string }
  | (TextEdit & { readonly kind: 'edit'; readonly baseLength: number });

// Below this size a copy costs less than keeping track of the edits.
const WHOLE_BELOW = 16_384;

/**
 * What a worker holds of the document, and what changed since: each change is told as edits (or
 * as a replacement), and the next payload replaces the one stretch they touched.
 */
export class HeldText {
  /** The text the worker holds (null: none, or not known). */
  private sent: string | null = null;
  /** The document after every change told since `sent`; null: a change was not told as edits. */
  private current: string | null = null;
  // What is unchanged from `sent` to `current`: its first `prefix` and last `suffix` characters.
  private prefix = 0;
  private suffix = 0;
  /** The one edit told since `sent`, while it is the only one (a keystroke): sent as told. */
  private only: TextEdit | null = null;
  /** How many edits were told since `sent` (the one in `only` is alone while this is 1). */
  private told = 0;

  /** The document changed into `text` by `edits` (null: replaced as a whole, or changed in a way not told). */
  changed(edits: readonly TextEdit[] | null, text: string): void {
    if (this.current === null) return;
    if (edits === null) {
      this.current = null;
      return;
    }
    if (edits.length > 0) {
      this.told += edits.length;
      this.only = this.told === 1 ? edits[0]! : null;
      // The edits are ascending in the text they apply to: before the first and after the last, nothing moved.
      this.prefix = Math.min(this.prefix, edits[0]!.from);
      this.suffix = Math.min(this.suffix, this.current.length - edits[edits.length - 1]!.to);
    }
    this.current = text;
  }

  /** The payload that brings the worker to `text`; it then holds `text`. */
  payload(text: string): TextPayload {
    const sent = this.sent;
    let payload: TextPayload;
    const small = text.length < WHOLE_BELOW || sent === null || sent.length < WHOLE_BELOW;
    if (this.only && text === this.current && !small) {
      // A keystroke: the edit as told. The new text is not read, since reading a text just built
      // by an edit has V8 copy all of it first.
      const { from, to, insert } = this.only;
      payload = { kind: 'edit', baseLength: sent!.length, from, to, insert };
    } else if (sent !== null && text === sent) {
      // The text the worker holds (a new URL or crawler): an empty edit.
      payload = { kind: 'edit', baseLength: sent.length, from: sent.length, to: sent.length, insert: '' };
    } else if (sent === null || text !== this.current || small) {
      // Not the document the edits told lead to (a request for an older text), or small: whole.
      payload = { kind: 'whole', text };
    } else {
      const suffix = Math.min(this.suffix, sent.length - this.prefix, text.length - this.prefix);
      payload = { kind: 'edit', baseLength: sent.length, from: this.prefix, to: sent.length - suffix, insert: text.slice(this.prefix, text.length - suffix) };
    }
    // Edits told from now on apply to the newest text: after an older one was sent (a request
    // re-sent after an error), the next payload goes whole.
    this.current = this.current !== null && text !== this.current ? null : text;
    this.sent = text;
    this.prefix = this.suffix = text.length;
    this.only = null;
    this.told = 0;
    return payload;
  }

  /** The worker lost its copy (it was replaced, or fell out of step): the next payload is whole. */
  lost(): void {
    // `current` stays: it is still the newest text, which tells an older one sent next from it.
    this.sent = null;
  }
}

/** Thrown by a mirror asked to apply an edit to a text it does not hold; the sender resends whole. */
export class OutOfSyncError extends Error {
  override readonly name = 'OutOfSync';
}

/** A document as a payload left it, with the change that made it from the previous one (null: sent whole). */
export interface MirroredText {
  readonly text: string;
  readonly edit: TextChange | null;
}

/** The worker's copy of a document, kept current by payloads. */
export class TextMirror {
  private text: string | null = null;

  /** The text held now (null before the first payload). */
  get current(): string | null {
    return this.text;
  }

  /**
   * Has the engine copy the text held into one piece now, while nothing waits: an edit makes the
   * new text of the old one's pieces, and the first read of it (the next edit's, at the latest)
   * copies it whole, a megabyte for a 500 KB text beyond ASCII. Call it once the answer is sent.
   */
  settle(): void {
    // Any read of a character joins the pieces (V8).
    this.text?.charCodeAt(0);
  }

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
    return { text: this.text, edit: { base, from: payload.from, to: payload.to, insert: payload.insert } };
  }
}
