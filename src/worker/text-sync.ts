/**
 * Sending a document to a worker that already holds its previous version: as the one edit
 * between the two (found by a native compare of the unchanged ends), not as a copy of the whole.
 */
import { commonPrefix, commonSuffix } from '../robots/index.js';

/** A document on its way to a worker: whole, or as one edit of the text that worker holds. */
export type TextPayload =
  | { readonly kind: 'whole'; readonly text: string }
  | { readonly kind: 'edit'; readonly baseLength: number; readonly from: number; readonly to: number; readonly insert: string };

// Below this size a copy costs less than looking for the edit.
const WHOLE_BELOW = 16_384;

/** The payload that turns `held` (the worker's text, or null when unknown) into `text`. */
export function encodeText(held: string | null, text: string): TextPayload {
  if (held === null || text.length < WHOLE_BELOW || held.length < WHOLE_BELOW) return { kind: 'whole', text };
  const p = commonPrefix(held, text);
  const s = commonSuffix(held, text, Math.min(held.length, text.length) - p);
  return { kind: 'edit', baseLength: held.length, from: p, to: held.length - s, insert: text.slice(p, text.length - s) };
}

/** Thrown by a mirror asked to apply an edit to a text it does not hold; the sender resends whole. */
export class OutOfSyncError extends Error {
  override readonly name = 'OutOfSync';
}

/** The worker's copy of a document, kept current by payloads. */
export class TextMirror {
  private text: string | null = null;

  /** Applies `payload` and returns the document. Throws OutOfSyncError when an edit does not fit. */
  apply(payload: TextPayload): string {
    if (payload.kind === 'whole') return (this.text = payload.text);
    const base = this.text;
    if (base === null || base.length !== payload.baseLength || payload.from > payload.to || payload.to > base.length) {
      this.text = null;
      throw new OutOfSyncError('The worker does not hold the text this edit applies to.');
    }
    return (this.text = base.slice(0, payload.from) + payload.insert + base.slice(payload.to));
  }
}
