// Test support for the language server's tests: what a client sends, well and badly. Not part of the server.
import fc from 'fast-check';

/** A frame as the base protocol has it: a header part (Content-Length by default), an empty line, the body. */
export const frame = (body: string, header = `Content-Length: ${Buffer.byteLength(body)}\r\n`): string => `${header}\r\n${body}`;

/** A hover request's JSON text, with `id`, at the start of `uri`. */
export const hoverRequest = (id: number | string, uri = 'file:///r.txt'): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 0, character: 0 } } });

/** Bytes a client might send by mistake or on purpose: garbage, cut or garbled headers, bodies of any length, frames holding any JSON. */
export const hostilePiece: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 40 }),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('\r\n', '\r\n\r\n', 'Content-Length: ', 'Content-Length: 12\r\n', 'Content-Type: x\r\n', 'Content-Le', '\r', '{', '}', '"id":3,', '::warning::x'),
  fc.tuple(fc.oneof(fc.nat({ max: 300 }).map(String), fc.string({ maxLength: 8 })), fc.string({ maxLength: 60 })).map(([length, body]) => `Content-Length: ${length}\r\n\r\n${body}`),
  fc.jsonValue({ maxDepth: 3 }).map((v) => frame(JSON.stringify(v))),
);

/** Bytes of `pieces`, each a string (UTF-8) or bytes, one after the other. */
export const bytesOf = (pieces: readonly (string | Uint8Array)[]): Buffer => Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
