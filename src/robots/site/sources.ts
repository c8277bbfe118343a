/**
 * What the inventory is read from: its sources (a sitemap's URL to open, or a body at hand), what
 * opening a URL gives, and the error a body or an opener throws for a failure it can name.
 */
import type { SourceProblem } from './messages.js';

/** A body's pieces: bytes as read, or text already decoded (a paste). */
export type SourceBody = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** Thrown by a body or an opener for a failure it can name (a network error, a refused read). */
export class SourceReadError extends Error {
  constructor(readonly problem: SourceProblem) {
    super(problem.code);
  }
}

/** What opening a sitemap's URL gave: its body, or why there is none. */
export type OpenedSource =
  | { readonly ok: true; readonly body: AsyncIterable<Uint8Array>; readonly url?: string }
  | { readonly ok: false; readonly problem: SourceProblem };

/** A source of the inventory: a sitemap's URL to open, or a body at hand (a file, a paste). */
export interface InventorySource {
  /** Its name in reports: the URL, or the file's name. */
  readonly name: string;
  /** Opened with `open` when no body is given; a sitemap's rules apply to its entries' hosts. */
  readonly url?: string;
  readonly body?: SourceBody;
  /** How its text is read (see InventoryReaderOptions.role); `sitemap` for a URL by default. */
  readonly role?: 'sitemap' | 'list';
  /** An index's child sitemap taken from an opened file: the file's name. */
  readonly file?: string;
}
