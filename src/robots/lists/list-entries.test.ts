import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listEntries } from './list-entries.js';

// The plain reading: every line break of the three kinds, each line trimmed, blank lines dropped.
const byExpression = (text: string) => text.split(/\r\n|\r|\n/).map((l) => l.trim()).filter((l) => l !== '');

describe('listEntries', () => {
  it('one entry per line, for LF, CRLF and a lone CR', () => {
    expect(listEntries('/a\n/b\r\n/c\r/d')).toEqual(['/a', '/b', '/c', '/d']);
  });

  it('drops blank lines and the white space around an entry', () => {
    expect(listEntries('\n  /a \t\n\r\n   \n/b\n\n')).toEqual(['/a', '/b']);
    expect(listEntries('')).toEqual([]);
  });

  it('a lone CR ending a long LF list ends its last line', () => {
    const text = `${Array.from({ length: 50_000 }, (_, i) => `/p${i}`).join('\n')}\r`;
    expect(listEntries(text)).toHaveLength(50_000);
  });

  it('equals the plain split of the same text (property)', () => {
    const piece = fc.constantFrom('\n', '\r', '\r\n', ' ', '\t', '/a', 'https://x.test/é', '\u00a0', '\ufeff', 'x y');
    fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
      const text = parts.join('');
      expect(listEntries(text)).toEqual(byExpression(text));
    }), { numRuns: 2000 });
  });
});
