import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteLineChunker, chunkLines, decodeChunk, LineSplitter, MAX_LINE, type ByteChunk, type LinePiece } from './lines.js';

/** Every line with its number, from pieces as they come. */
function numbered(pieces: LinePiece[]): [number, string][] {
  return pieces.flatMap((p) => p.lines.map((l, i) => [p.first + i, l] as [number, string]));
}

/** The lines a text holds, as a reader expects them: LF or CRLF breaks, a last line without a break kept. */
function expected(text: string): [number, string][] {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (text === '' || text.endsWith('\n')) lines.pop();
  return lines.map((l, i) => [i + 1, l]);
}

/** A text cut into pieces at the given places. */
function cut(text: string, at: number[]): string[] {
  const points = [...new Set(at.map((a) => a % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    out.push(text.slice(from, p));
    from = p;
  }
  out.push(text.slice(from));
  return out;
}

const text = fc.array(fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', 'é', '"'), { maxLength: 60 }).map((a) => a.join(''));

describe('lines from pieces of text or bytes', () => {
  it('property: LineSplitter gives the lines (LF or CRLF) with their numbers, however the text is cut', () => {
    fc.assert(fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), (t, at) => {
      const s = new LineSplitter();
      const pieces = [...cut(t, at).map((p) => s.push(p)), s.end()];
      expect(numbered(pieces)).toEqual(expected(t));
    }));
  });
  it('property: ByteLineChunker (any chunk size, UTF-8 cut anywhere, Node Buffers in) gives the same lines; each chunk owns its buffer (transferable)', () => {
    fc.assert(fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), fc.integer({ min: 1, max: 20 }), (t, at, size) => {
      const bytes = Buffer.from(t, 'utf8');
      const c = new ByteLineChunker(size);
      const pieces = cut('x'.repeat(bytes.length), at).reduce<Buffer[]>((acc, p) => {
        const from = acc.reduce((k, b) => k + b.length, 0);
        acc.push(bytes.subarray(from, from + p.length));
        return acc;
      }, []);
      const chunks = [...pieces.flatMap((p) => c.push(p)), ...c.end()];
      const decoder = new TextDecoder();
      expect(numbered(chunks.map((ch) => chunkLines(decodeChunk(ch, decoder))))).toEqual(expected(t));
      for (const ch of chunks) expect([ch.bytes.byteOffset, ch.bytes.byteLength]).toEqual([0, ch.bytes.buffer.byteLength]);
    }));
  });
  it('property: ByteLineChunker making views (a reader on the same thread) gives the same lines, copying only a line cut between pushes', () => {
    fc.assert(fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), fc.integer({ min: 1, max: 20 }), (t, at, size) => {
      const bytes = new TextEncoder().encode(t);
      const c = new ByteLineChunker(size, true);
      const pieces = cut('x'.repeat(bytes.length), at).reduce<Uint8Array[]>((acc, p) => {
        const from = acc.reduce((k, b) => k + b.length, 0);
        acc.push(bytes.slice(from, from + p.length));
        return acc;
      }, []);
      const chunks = [...pieces.flatMap((p) => c.push(p)), ...c.end()];
      const decoder = new TextDecoder();
      expect(numbered(chunks.map((ch) => chunkLines(decodeChunk(ch, decoder))))).toEqual(expected(t));
      // One piece alone: every chunk is a view of it.
      const one = new ByteLineChunker(size, true);
      const whole = bytes.slice();
      for (const ch of one.push(whole)) expect(ch.bytes.buffer).toBe(whole.buffer);
    }));
  });
  it('a line longer than MAX_LINE is flagged (cut there when it came in several pieces), whether it came whole or not; the next line keeps its number', () => {
    const long = 'x'.repeat(MAX_LINE + 10);
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    const exact = 'y'.repeat(MAX_LINE);
    expect(new ByteLineChunker().push(encoder.encode(`${exact}\n`))[0]!.overlong).toEqual([]);
    for (const pieces of [[`a\n${long}\nb\n`], ['a\n', long.slice(0, MAX_LINE / 2), long.slice(MAX_LINE / 2), '\nb\n'], [`a\n${long}`, '\nb\n']]) {
      const c = new ByteLineChunker();
      const chunks = [...pieces.flatMap((p) => c.push(encoder.encode(p))), ...c.end()];
      const lines = numbered(chunks.map((ch) => chunkLines(decodeChunk(ch, decoder))));
      expect(lines.map(([n, l]) => [n, l.slice(0, 2), l.length >= MAX_LINE])).toEqual([[1, 'a', false], [2, 'xx', true], [3, 'b', false]]);
      expect(chunks.flatMap((ch) => ch.overlong)).toEqual([2]);
      expect(lines[2]).toEqual([3, 'b']);
      const s = new LineSplitter();
      const out = [...pieces.map((p) => s.push(p)), s.end()];
      expect(numbered(out).map(([n, l]) => [n, l.length])).toEqual([[1, 1], [2, MAX_LINE], [3, 1]]);
      expect(out.flatMap((p) => p.overlong)).toEqual([2]);
    }
  });
  it('property: a chunk notes where its last line that starts with the mark starts, never a line over MAX_LINE', () => {
    const encoder = new TextEncoder();
    // 'long': a directive longer than MAX_LINE (named, so a counterexample stays readable).
    const line = fc.constantFrom('#Fields: a b', '#Fields:', '#Field', '#Date: x', 'x #Fields: a', '', 'long');
    const long = `#Fields: ${'z'.repeat(MAX_LINE)}`;
    fc.assert(fc.property(fc.array(line, { maxLength: 8 }), fc.integer({ min: 1, max: 40 }), (lines, size) => {
      const c = new ByteLineChunker(size, false, encoder.encode('#Fields:'));
      const chunks = [...c.push(encoder.encode(lines.map((l) => (l === 'long' ? long : l)).join('\n'))), ...c.end()];
      for (const ch of chunks) {
        const text = new TextDecoder().decode(ch.bytes).split('\n');
        const last = text.findLastIndex((l, k) => l.startsWith('#Fields:') && !ch.overlong.includes(ch.first + k));
        expect(ch.marked).toBe(last < 0 ? -1 : text.slice(0, last).reduce((n, l) => n + encoder.encode(l).length + 1, 0));
      }
    }), { numRuns: 200 });
  });
  it('text or bytes without any line break never grow past MAX_LINE in memory: they come out as one cut line', () => {
    const s = new LineSplitter();
    const out: LinePiece[] = [];
    for (let i = 0; i < 5; i++) out.push(s.push('y'.repeat(MAX_LINE / 2)));
    out.push(s.end());
    expect(numbered(out).map(([n, l]) => [n, l.length])).toEqual([[1, MAX_LINE]]);
    const c = new ByteLineChunker();
    const chunks: ByteChunk[] = [];
    for (let i = 0; i < 5; i++) chunks.push(...c.push(new Uint8Array(MAX_LINE / 2).fill(0x79)));
    chunks.push(...c.end());
    expect(chunks.map((ch) => [ch.first, ch.bytes.length, ch.overlong])).toEqual([[1, MAX_LINE, [1]]]);
  });
});
