/**
 * The base protocol's framing (LSP 3.17 "Base Protocol": `Content-Length: <bytes>\r\n`, other
 * fields, `\r\n`, then the body) read from whatever a client sends: every frame it cannot read is
 * reported — with the request's id when the bytes tell it — and the next frame is read.
 */
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameReader, tellId, type UnreadableFrame } from './frame-reader.js';
import { bytesOf, frame, hostilePiece, hoverRequest as request } from './test-helpers.js';

/** A reader fed `pieces` one after the other: the messages it handed on and the frames it could not read. */
function read(pieces: readonly (string | Uint8Array)[]) {
  const reader = new FrameReader(new PassThrough(), (f) => void unreadable.push(f));
  const messages: unknown[] = [];
  const unreadable: UnreadableFrame[] = [];
  reader.listen((m) => void messages.push(m));
  for (const p of pieces) reader.receive(typeof p === 'string' ? Buffer.from(p) : p);
  return { messages, unreadable: unreadable.map((f) => ({ id: f.id, reason: f.reason })) };
}

describe('frames as the protocol has them', () => {
  it('reads frames whole, split anywhere, with a Content-Type field, in UTF-8', () => {
    const bodies = [request(1), request('a'), JSON.stringify({ jsonrpc: '2.0', method: 'initialized', params: { text: 'é 中 😀' } })];
    const stream = bodies.map((b, i) => frame(b, i === 1 ? `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(b)}\r\n` : undefined)).join('');
    const whole = read([stream]);
    expect(whole).toEqual({ messages: bodies.map((b) => JSON.parse(b)), unreadable: [] });
    const bytes = Buffer.from(stream);
    expect(read([...bytes].map((b) => Uint8Array.of(b)))).toEqual(whole);
  });
});

describe('frames it cannot read: reported, with the id when the bytes tell it, and the next frame read', () => {
  const next = frame(request(99));
  it.each([
    ['Content-Length: abc', frame(request(1), 'Content-Length: abc\r\n'), 1, /header that cannot be read \(Content-Length "abc" is not a number of bytes\)/],
    ['Content-Length: -5', frame(request(2), 'Content-Length: -5\r\n'), 2, /not a number of bytes/],
    ['no Content-Length', frame(request(3), 'Content-Type: application/vscode-jsonrpc\r\n'), 3, /no Content-Length/],
    ['a garbage header line', frame(request(4), `Content-Length: ${request(4).length}\r\nthis is no header\r\n`), 4, /"this is no header" is no header field/],
    ['a length shorter than the body', frame(request(5), 'Content-Length: 10\r\n'), 5, /bytes that are no header/],
    ['a length longer than the body', frame(request(6), 'Content-Length: 5000\r\n'), 6, /a body shorter than its Content-Length 5000/],
    ['a body that is no JSON', frame('{"jsonrpc":"2.0","id":7,"method":'), 7, /a body that is no JSON/],
    ['a message without a header', request(8), 8, /a message without a header/],
    ['a length past the limit', frame(request(9), 'Content-Length: 9999999999\r\n'), 9, /past the 64 MiB/],
    ['another charset', frame(request(10), `Content-Type: application/vscode-jsonrpc; charset=utf-16\r\nContent-Length: ${request(10).length}\r\n`), 10, /charset utf-16/],
    ['garbage between frames', 'garbage\r\n::warning::x\u001b[2J\r\n\r\n', null, /bytes that are no header/],
  ])('%s', (_, bad, id, reason) => {
    for (const pieces of [[bad + next], [bad, next]]) {
      const r = read(pieces);
      expect(r.messages).toEqual([JSON.parse(request(99))]);
      expect(r.unreadable.map((f) => f.id)).toContain(id);
      expect(r.unreadable.map((f) => f.reason).join('\n')).toMatch(reason);
    }
  });

  it('a header cut short by the next frame\'s (…Content-Length: 52 inside a line) begins again there', () => {
    const r = read([`Content-Length: 5\r\nX${next}`]);
    expect(r.messages).toEqual([JSON.parse(request(99))]);
  });

  it('blank lines between frames are no message: nothing is said', () => {
    expect(read([`${frame(request(1))}\r\n\r\n${frame(request(2))}`])).toEqual({ messages: [JSON.parse(request(1)), JSON.parse(request(2))], unreadable: [] });
  });
});

describe('tellId: the id of a request in bytes that are no frame', () => {
  it('a whole message\'s own id, else the first "id" of a cut one; none for a notification', () => {
    expect(tellId(request('x'))).toBe('x');
    expect(tellId(':"2.0","id":14,"method":"textDocument/hover"}')).toBe(14);
    expect(tellId('{"jsonrpc":"2.0","method":"initialized"}')).toBeNull();
    expect(tellId('{"id":{"nested":1}}')).toBeNull();
    // A cancellation names another request's id; a client's answer has the server's own.
    expect(tellId('{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3')).toBeNull();
    expect(tellId('{"jsonrpc":"2.0","id":0,"result":null}')).toBeNull();
  });
});

describe('Property: after anything a client sends, the next whole frame is read', () => {
  it('garbage, cut at any byte, then a frame: the frame\'s message is the last one handed on', () => {
    fc.assert(fc.property(fc.array(hostilePiece, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), (pieces, cuts) => {
      const bytes = bytesOf([...pieces, frame(request('last'))]);
      // The same bytes in pieces cut where fast-check says.
      const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
      const chunks = [0, ...at].map((from, i) => bytes.subarray(from, at[i] ?? bytes.length));
      const { messages } = read(chunks);
      expect(messages.at(-1)).toEqual(JSON.parse(request('last')));
    }), { numRuns: 2000 });
  });
});
