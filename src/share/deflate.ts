/** Raw deflate through the platform's CompressionStream, with a cap on the inflated size. */

async function readAll(stream: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array | 'too-large'> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    // A decompression bomb stops here, long before it fills memory.
    if (total > cap) {
      await reader.cancel().catch(() => {});
      return 'too-large';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): ReadableStream<Uint8Array> {
  const source = new Blob([bytes as BlobPart]).stream();
  return source.pipeThrough(transform as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
}

/** Compresses bytes with raw deflate. */
export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const out = await readAll(through(bytes, new CompressionStream('deflate-raw')), Number.POSITIVE_INFINITY);
  return out as Uint8Array;
}

/** Inflates raw deflate; 'too-large' past `cap` bytes, 'corrupt' for a broken stream. Never rejects. */
export async function inflateRaw(bytes: Uint8Array, cap: number): Promise<Uint8Array | 'too-large' | 'corrupt'> {
  try {
    return await readAll(through(bytes, new DecompressionStream('deflate-raw')), cap);
  } catch {
    return 'corrupt';
  }
}
