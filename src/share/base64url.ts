/** base64url without padding (RFC 4648 §5), for bytes in a URL fragment. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DIGITS = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const ascii = new TextDecoder();

/** Encodes bytes as base64url without `=` padding. */
export function toBase64Url(bytes: Uint8Array): string {
  // Written straight into a byte buffer: a big case's link is ~100 KB, and building it through
  // a binary string, btoa and two replaces took tens of milliseconds of the page's time.
  const n = bytes.length;
  const out = new Uint8Array(Math.ceil((n * 4) / 3));
  let o = 0;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = DIGITS[v >> 18]!;
    out[o++] = DIGITS[(v >> 12) & 63]!;
    out[o++] = DIGITS[(v >> 6) & 63]!;
    out[o++] = DIGITS[v & 63]!;
  }
  if (i < n) {
    const v = (bytes[i]! << 16) | (i + 1 < n ? bytes[i + 1]! << 8 : 0);
    out[o++] = DIGITS[v >> 18]!;
    out[o++] = DIGITS[(v >> 12) & 63]!;
    if (i + 1 < n) out[o++] = DIGITS[(v >> 6) & 63]!;
  }
  return ascii.decode(out.subarray(0, o));
}

/** Decodes base64url (padding optional); null when the text is not base64url. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  let bin: string;
  try {
    bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  } catch {
    return null;
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
