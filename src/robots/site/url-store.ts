/**
 * An inventory's URLs packed as UTF-8 in pages of bytes, each URL found by its index: a million
 * URLs cost their bytes and two numbers each — no string per URL, and no sitemap text kept alive
 * by a string sliced out of it (a URL read from XML is a slice of the decoded chunk).
 */

/** Bytes per page; a longer URL gets a page of its own. */
const PAGE = 1 << 20;

/** URLs held in order, as bytes. */
export class UrlStore {
  private pages: Uint8Array[] = [];
  /** Bytes used on the last page. */
  private used = PAGE;
  /** Per URL: its page, and where it starts and how long it is on that page. */
  private page = new Int32Array(1024);
  private start = new Int32Array(1024);
  private length = new Int32Array(1024);
  private count = 0;
  /** Every URL held is ASCII (one byte per character): ranges decode in one go. */
  private ascii = true;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();

  /** How many URLs the store holds. */
  get size(): number {
    return this.count;
  }

  /** Adds `url` as the next index; returns that index. */
  add(url: string): number {
    const n = url.length;
    let ascii = true;
    for (let i = 0; i < n; i++) {
      if (url.charCodeAt(i) > 0x7f) {
        ascii = false;
        break;
      }
    }
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    const room = ascii ? n : n * 3;
    if (this.used + room > PAGE) {
      this.pages.push(new Uint8Array(Math.max(PAGE, room)));
      this.used = 0;
    }
    const bytes = this.pages[this.pages.length - 1]!;
    const at = this.used;
    let written = n;
    if (ascii) for (let i = 0; i < n; i++) bytes[at + i] = url.charCodeAt(i);
    else {
      written = this.encoder.encodeInto(url, bytes.subarray(at)).written;
      this.ascii = false;
    }
    this.used = at + written;
    if (this.count === this.page.length) this.grow();
    const k = this.count++;
    this.page[k] = this.pages.length - 1;
    this.start[k] = at;
    this.length[k] = written;
    return k;
  }

  /** Keeps the first `size` URLs and drops the others (their bytes are written over by the next ones added). */
  truncate(size: number): void {
    if (size >= this.count) return;
    this.count = Math.max(0, Math.floor(size));
    if (this.count === 0) {
      this.pages = [];
      this.used = PAGE;
      return;
    }
    const last = this.count - 1;
    this.pages.length = this.page[last]! + 1;
    this.used = this.start[last]! + this.length[last]!;
  }

  /** The `index`-th URL. */
  get(index: number): string {
    const s = this.start[index]!;
    return this.decoder.decode(this.pages[this.page[index]!]!.subarray(s, s + this.length[index]!));
  }

  /** The URLs from `from` up to `to` (excluded). */
  slice(from: number, to: number): string[] {
    const out = new Array<string>(Math.max(0, to - from));
    if (!this.ascii) {
      for (let i = from; i < to; i++) out[i - from] = this.get(i);
      return out;
    }
    // ASCII: each page's run decodes once, and its URLs are slices of that text.
    let i = from;
    while (i < to) {
      const p = this.page[i]!;
      let j = i;
      while (j < to && this.page[j] === p) j++;
      const base = this.start[i]!;
      const text = this.decoder.decode(this.pages[p]!.subarray(base, this.start[j - 1]! + this.length[j - 1]!));
      for (let k = i; k < j; k++) out[k - from] = text.slice(this.start[k]! - base, this.start[k]! - base + this.length[k]!);
      i = j;
    }
    return out;
  }

  private grow(): void {
    const widen = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.page = widen(this.page);
    this.start = widen(this.start);
    this.length = widen(this.length);
  }
}
