/**
 * Gzip inflated as it streams (fflate), fed in small slices: a slice of deflate data inflates to
 * at most about a thousand times its size, so a gzip bomb never lands in memory at once and the
 * reader can stop at its limit after any slice.
 */
import { Gunzip } from 'fflate';

// 8 KiB of deflate data inflates to at most ~8.3 MB.
const SLICE = 8192;

/** Inflates gzip data pushed piece by piece; hands each inflated piece on as it comes. */
export class GunzipStream {
  private readonly gunzip: Gunzip;
  private out: Uint8Array[] = [];

  constructor() {
    this.gunzip = new Gunzip((data) => {
      if (data.length > 0) this.out.push(data);
    });
  }

  /**
   * Inflates `chunk` a slice at a time, calling `take` with what each slice gave; stops when
   * `take` returns false. Throws fflate's error on broken data.
   */
  push(chunk: Uint8Array, final: boolean, take: (inflated: Uint8Array) => boolean): void {
    if (chunk.length === 0 && final) {
      this.gunzip.push(chunk, true);
      this.drain(take);
      return;
    }
    for (let at = 0; at < chunk.length; at += SLICE) {
      const end = Math.min(chunk.length, at + SLICE);
      this.gunzip.push(chunk.subarray(at, end), final && end === chunk.length);
      if (!this.drain(take)) return;
    }
  }

  private drain(take: (inflated: Uint8Array) => boolean): boolean {
    const pieces = this.out;
    this.out = [];
    for (const p of pieces) if (!take(p)) return false;
    return true;
  }
}
