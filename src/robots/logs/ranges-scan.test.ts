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
  it('property: a text it reads is JSON that JSON.parse reads the same (published files spoiled by one edit)', () => {
    const file = fc.array(fc.tuple(fc.boolean(), fc.constantFrom('1.2.3.0/24', '2001:db8::/32', '9.9.9.9/32')), { minLength: 1, maxLength: 5 })
      .map((ps) => JSON.stringify({ creationTime: '2025-10-01T00:00:00', prefixes: ps.map(([v4, p]) => (v4 ? { ipv4Prefix: p } : { ipv6Prefix: p })) }, null, 1));
    const edit = fc.tuple(fc.nat(), fc.nat(3), fc.constantFrom('', ' ', ',', '"', '{', '}', '[', ']', ':', '\\', 'x', '1', '\u0001'));
    let accepted = 0;
    fc.assert(fc.property(file, edit, (text, [at, cut, put]) => {
      const p = at % (text.length + 1);
      const spoiled = text.slice(0, p) + put + text.slice(p + cut);
      const r = read(spoiled);
      if (r) {
        accepted++;
        expect(r).toEqual(parsed(spoiled));
      }
    }), { numRuns: 5_000 });
    // Edits inside a prefix's string, or of white space, leave a plain file: many runs are read, so the check above is made.
    expect(accepted).toBeGreaterThan(500);
  });
  it('anything else is left to JSON.parse: a repeated field, a prefix with two fields or another, escapes, a BOM, trailing text', () => {
    for (const text of [
      '{"prefixes":[],"prefixes":[{"ipv4Prefix":"1.2.3.0/24"}]}', '{"prefixes":[{"ipv4Prefix":"1.2.3.0/24","ipv6Prefix":"::/0"}]}', '{"prefixes":[{"service":"x"}]}',
      '{"prefixes":[{"ipv4Prefix":"1.2.3.0\\/24"}]}', '\ufeff{"prefixes":[]}', '{"prefixes":[]} x', '{"creationTime":5,"prefixes":[]}', '{"prefixes":[1]}', '', '{}',
    ]) expect(plainRanges(text), text).toBeNull();
  });
});
