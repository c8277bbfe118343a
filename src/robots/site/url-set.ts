/**
 * A set of URLs that holds two 32-bit hashes per URL instead of the URL: the inventory drops a URL
 * listed twice without keeping millions of strings. When the caller keeps the URLs anyway (the
 * app's worker), it passes `same` and the set is exact; otherwise two different URLs are taken
 * for one with a chance of about n² / 2⁶⁴ (one in ten million for two million URLs).
 */

/**
 * Two independent 32-bit hashes of `s`'s first `end` characters in one pass, from the seeds `a` and
 * `b`, into `out` (unmixed): two characters (16 bits each) a step, each hash a multiply and an
 * xor-shift per step (half the steps of one character at a time). The folder tree hashes with it too.
 */
export function hashPair(s: string, end: number, a: number, b: number, out: Int32Array): void {
  let i = 0;
  for (; i + 1 < end; i += 2) {
    const w = s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16);
    a = Math.imul(a ^ w, 0xcc9e2d51);
    a ^= a >>> 15;
    b = Math.imul(b ^ w, 0x5bd1e995);
    b ^= b >>> 13;
  }
  if (i < end) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0xcc9e2d51);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  out[0] = a;
  out[1] = b;
}

/** The set's two hashes of `s`, mixed, into `out`. */
function hashes(s: string, raw: Int32Array, out: Uint32Array): void {
  hashPair(s, s.length, 0x811c9dc5 ^ s.length, 0x9747b28c ^ s.length, raw);
  out[0] = mix(raw[0]!);
  out[1] = mix(raw[1]!);
}

/** MurmurHash3's finaliser: every input bit reaches every output bit. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** URLs seen so far, each once. */
export class UrlSet {
  /**
   * The open-addressed table: per slot its two hashes side by side (one cache line per probe:
   * at millions of URLs the table is far larger than the cache), the second 0 when empty.
   */
  private slots = new Uint32Array(2 * 1024);
  /** Per slot, the index its URL was added as: only an exact set needs it. */
  private at: Int32Array | null;
  private count = 0;
  private readonly h = new Uint32Array(2);
  private readonly raw = new Int32Array(2);

  /** `same(index, url)`: whether the URL added as the index-th is `url` (an exact set); hashes alone when absent. */
  constructor(private readonly same: ((index: number, url: string) => boolean) | null = null) {
    this.at = same ? new Int32Array(1024) : null;
  }

  /** How many URLs the set holds. */
  get size(): number {
    return this.count;
  }

  /** Adds `url` as the `index`-th URL; false when it was there already. */
  add(url: string, index = this.count): boolean {
    if ((this.count + 1) * 4 > this.slots.length) this.grow();
    hashes(url, this.raw, this.h);
    const ha = this.h[0]!;
    // The second hash is never 0: 0 marks an empty slot.
    const hb = (this.h[1]! | 1) >>> 0;
    const slots = this.slots;
    const mask = (slots.length >>> 1) - 1;
    for (let i = ha & mask; ; i = (i + 1) & mask) {
      const slot = slots[2 * i + 1]!;
      if (slot === 0) {
        slots[2 * i] = ha;
        slots[2 * i + 1] = hb;
        if (this.at) this.at[i] = index;
        this.count++;
        return true;
      }
      if (slot === hb && slots[2 * i] === ha && (this.same === null || this.same(this.at![i]!, url))) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    const oldAt = this.at;
    const size = old.length; // slots after growing: twice as many
    this.slots = new Uint32Array(2 * size);
    this.at = oldAt ? new Int32Array(size) : null;
    const mask = size - 1;
    for (let j = 0; j < old.length >>> 1; j++) {
      const hb = old[2 * j + 1]!;
      if (hb === 0) continue;
      const ha = old[2 * j]!;
      let i = ha & mask;
      while (this.slots[2 * i + 1] !== 0) i = (i + 1) & mask;
      this.slots[2 * i] = ha;
      this.slots[2 * i + 1] = hb;
      if (this.at) this.at[i] = oldAt![j]!;
    }
  }
}
