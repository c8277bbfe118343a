/** Gzip told by its first bytes, for every reader of files that may come compressed (sitemaps, server logs). */

/** True when `bytes` start like gzip data (RFC 1952 §2.3.1: ID1 0x1f, ID2 0x8b). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}
