import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainRanges } from './ranges-scan.js';

// What JSON.parse reads of a ranges file, in the scan's terms; null when it is no plain file.
const parsed = (text: string) => {
  const j = JSON.parse(text) as { creationTime?: unknown; prefixes: Record<string, string>[] };
  return { creationTime: typeof j.creationTime === 'string' ? j.creationTime : null, prefixes: j.prefixes.map((p) => ('ipv4Prefix' in p ? [4, p.ipv4Prefix] : [6, p.ipv6Prefix])) };
};
const read = (text: string) => {
  const r = plainRanges(text);
  return r && { creationTime: r.creationTime, prefixes: Array.from(r.kinds.subarray(0, r.count), (k, i) => [k, text.slice(r.spans[2 * i], r.spans[2 * i + 1])]) };
};

describe('plainRanges: the plain form of an operators\' IP ranges file (RFC 8259 JSON, a strict part of it)', () => {
  it('Google\'s googlebot.json as published: its creation time and every prefix, in order', () => {
    const text = '{\n  "creationTime": "2025-10-01T00:00:00.000000",\n  "prefixes": [\n    {\n      "ipv6Prefix": "2001:4860:4801:10::/64"\n    },\n    {\n      "ipv4Prefix": "66.249.64.0/27"\n    }\n  ]\n}\n';
    expect(read(text)).toEqual({ creationTime: '2025-10-01T00:00:00.000000', prefixes: [[6, '2001:4860:4801:10::/64'], [4, '66.249.64.0/27']] });
    expect(read('{"syncToken":"1","prefixes":[]}')).toEqual({ creationTime: null, prefixes: [] });
  });
  it('property: any file JSON.stringify writes of string fields and one-field prefixes is read as JSON.parse reads it', () => {
    const value = fc.string({ unit: fc.constantFrom('a', '1', '.', '/', ':', ' ', '"', '\\', '\n', 'é') });
    const prefix = fc.tuple(fc.boolean(), value).map(([v4, s]) => (v4 ? { ipv4Prefix: s } : { ipv6Prefix: s }));
    const file = fc.record({ creationTime: fc.option(value, { nil: undefined }), syncToken: fc.option(value, { nil: undefined }), prefixes: fc.array(prefix, { maxLength: 8 }) }, { requiredKeys: ['prefixes'] });
    fc.assert(fc.property(file, fc.constantFrom(undefined, 1, '\t'), (f, indent) => {
      const text = JSON.stringify(f, null, indent);
      const r = read(text);
      // Escaped strings are left to JSON.parse; every other file is read here.
      if (!/\\/.test(text)) expect(r).not.toBeNull();
      if (r) expect(r).toEqual(parsed(text));
    }), { numRuns: 1_000 });
  });
  it('property: a text it reads is JSON that JSON.parse reads the same (texts cut, joined and spoiled at random)', () => {
    const piece = fc.constantFrom('{', '}', '[', ']', ',', ':', ' ', '\n', '"prefixes"', '"creationTime"', '"ipv4Prefix"', '"ipv6Prefix"', '"1.2.3.0/24"', '"x"', '1', 'null', '{"ipv4Prefix":"9.9.9.0/24"}', '"a\\"b"', '\u0001');
    fc.assert(fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
      const text = pieces.join('');
      const r = read(text);
      if (r) expect(r).toEqual(parsed(text));
    }), { numRuns: 5_000 });
  });
  it('anything else is left to JSON.parse: a repeated field, a prefix with two fields or another, escapes, a BOM, trailing text', () => {
    for (const text of [
      '{"prefixes":[],"prefixes":[{"ipv4Prefix":"1.2.3.0/24"}]}', '{"prefixes":[{"ipv4Prefix":"1.2.3.0/24","ipv6Prefix":"::/0"}]}', '{"prefixes":[{"service":"x"}]}',
      '{"prefixes":[{"ipv4Prefix":"1.2.3.0\\/24"}]}', '\ufeff{"prefixes":[]}', '{"prefixes":[]} x', '{"creationTime":5,"prefixes":[]}', '{"prefixes":[1]}', '', '{}',
    ]) expect(plainRanges(text), text).toBeNull();
  });
});
