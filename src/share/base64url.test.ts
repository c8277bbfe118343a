import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64url.js';

/** The reference: Node's own base64url. */
const reference = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('RFC 4648 §5 base64url (no padding)', () => {
  it('encodes the RFC 4648 §10 test vectors, without padding', () => {
    const enc = (s: string) => toBase64Url(new TextEncoder().encode(s));
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map(enc)).toEqual(['', 'Zg', 'Zm8', 'Zm9v', 'Zm9vYg', 'Zm9vYmE', 'Zm9vYmFy']);
  });

  it('uses - and _ where base64 has + and /', () => {
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('-_-_');
  });

  it('agrees with Node and round-trips any bytes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toBe(reference(bytes));
        expect(fromBase64Url(text)).toEqual(bytes);
      }),
      { numRuns: 1000 },
    );
  });
});
