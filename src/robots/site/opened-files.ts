/**
 * The files opened with a sitemap index, which its child sitemaps are taken from before any fetch:
 * a child's URL names a file when its path ends with the file's name (`…/sitemaps/posts.xml` names
 * `posts.xml` and `sitemaps/posts.xml`; the longest match wins). Each file is read once: as an
 * index's child (under the child's URL, so its host rules apply), or as a source of its own.
 */
import type { InventorySource } from './sources.js';

/** Where an opened file was read as an index's child sitemap. */
export interface ReadAsChild {
  readonly url: string;
  readonly parent: string;
}

interface OpenedFile {
  readonly source: InventorySource;
  readonly segments: readonly string[];
  read: boolean;
  readAs: ReadAsChild | null;
}

const URL_PATH = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i;

/** A path's segments (either slash), without empty ones and `.`. */
function segments(path: string): string[] {
  return path.split(/[/\\]/).filter((s) => s !== '' && s !== '.');
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Segments two paths end with alike. */
function commonEnd(a: readonly string[], b: readonly string[]): number {
  let k = 0;
  while (k < a.length && k < b.length && a[a.length - 1 - k] === b[b.length - 1 - k]) k++;
  return k;
}

/** The files opened for an inventory, each read once. */
export class OpenedFiles {
  private readonly files: OpenedFile[] = [];

  constructor(sources: readonly InventorySource[] = []) {
    for (const s of sources) this.add(s);
  }

  /** Adds a file (a source with a body; others are ignored). */
  add(source: InventorySource): void {
    if (source.body) this.files.push({ source, segments: segments(source.name), read: false, readAs: null });
  }

  /** Takes a file away (the source is no longer in the inventory). */
  remove(source: InventorySource): void {
    const i = this.files.findIndex((x) => x.source === source);
    if (i >= 0) this.files.splice(i, 1);
  }

  /** The opened file an index's child sitemap `url` names (the longest match; a tie goes to the first not read), and whether it was read. */
  match(url: string): { readonly source: InventorySource; readonly read: boolean } | null {
    const path = URL_PATH.exec(url)?.[1];
    if (path === undefined) return null;
    const wanted = segments(path).map(decoded);
    let best: OpenedFile | null = null;
    let bestScore = 0;
    for (const f of this.files) {
      const score = commonEnd(wanted, f.segments);
      if (score > bestScore || (score === bestScore && score > 0 && best!.read && !f.read)) {
        best = f;
        bestScore = score;
      }
    }
    return best && { source: best.source, read: best.read };
  }

  /** A file is read as an index's child sitemap: not as a source of its own. */
  claim(source: InventorySource, readAs: ReadAsChild): void {
    const f = this.files.find((x) => x.source === source);
    if (f) {
      f.read = true;
      f.readAs = readAs;
    }
  }

  /** A file read as a source of its own. */
  markRead(source: InventorySource): void {
    const f = this.files.find((x) => x.source === source);
    if (f) f.read = true;
  }

  /** Where `source` was read as an index's child sitemap, if it was. */
  readAs(source: InventorySource): ReadAsChild | null {
    return this.files.find((x) => x.source === source)?.readAs ?? null;
  }
}
