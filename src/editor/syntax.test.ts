import { EditorState } from '@codemirror/state';
import type { DecorationSet } from '@codemirror/view';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colours, recolour, tokenizeLine, type SyntaxKind } from './syntax.js';

/** The line's pieces as [text, kind] pairs: easy to read in a failure. */
const pieces = (line: string, first = false): [string, SyntaxKind][] =>
  tokenizeLine(line, first).map((t) => [line.slice(t.from, t.to), t.kind]);

describe('tokenizeLine: colours follow the engine’s reading (RFC 9309 §2.2)', () => {
  it('colours a rule: field, colon, path, wildcard and end anchor', () => {
    expect(pieces('Disallow: /shop/*?sort=$')).toEqual([
      ['Disallow', 'field'], [':', 'punct'], ['/shop/', 'value'], ['*', 'wildcard'], ['?sort=', 'value'], ['$', 'wildcard'],
    ]);
  });

  it('treats a $ inside a value as text, and one before a comment as the end anchor', () => {
    expect(pieces('Allow: /a$b')).toEqual([['Allow', 'field'], [':', 'punct'], ['/a$b', 'value']]);
    expect(pieces('Allow: /a$  # end')).toEqual([['Allow', 'field'], [':', 'punct'], ['/a', 'value'], ['$', 'wildcard'], ['# end', 'comment']]);
  });

  it('shows fields Google ignores, sitemaps, comments', () => {
    expect(pieces('Crawl-delay: 10')).toEqual([['Crawl-delay', 'other-field'], [':', 'punct'], ['10', 'value']]);
    expect(pieces('Sitemap: https://example.com/s.xml')).toEqual([['Sitemap', 'field'], [':', 'punct'], ['https://example.com/s.xml', 'link']]);
    expect(pieces('   # just a note')).toEqual([['# just a note', 'comment']]);
    expect(pieces('')).toEqual([]);
  });
});

describe('tokenizeLine: Google-specific readings', () => {
  it('the global agent, and a user-agent value as the token Google reads from it', () => {
    expect(pieces('User-agent: *')).toEqual([['User-agent', 'field'], [':', 'punct'], ['*', 'wildcard']]);
    expect(pieces('User-agent: Googlebot/2.1 # ua')).toEqual([
      ['User-agent', 'field'], [':', 'punct'], ['Googlebot', 'agent'], ['/2.1', 'ignored'], ['# ua', 'comment'],
    ]);
    expect(pieces('user-agent: *Googlebot')).toEqual([['user-agent', 'field'], [':', 'punct'], ['*Googlebot', 'invalid']]);
  });

  it('a no-break space before the agent: Google reads no crawler name', () => {
    expect(pieces('User-agent:\u00a0Googlebot')).toEqual([['User-agent', 'field'], [':', 'punct'], ['\u00a0Googlebot', 'invalid']]);
  });

  it('colours the misspellings and key prefixes the engine accepts as fields', () => {
    expect(pieces('Dissallow: /x')[0]).toEqual(['Dissallow', 'field']);
    expect(pieces('useragent: x')[0]).toEqual(['useragent', 'field']);
    expect(pieces('Disallowed: /x')[0]).toEqual(['Disallowed', 'field']);
  });

  it('a missing colon is read between exactly two words; three words cannot be read', () => {
    expect(pieces('Disallow /x')).toEqual([['Disallow', 'field'], ['/x', 'value']]);
    expect(pieces('Disallow /a /b')).toEqual([['Disallow /a /b', 'invalid']]);
    expect(pieces(': /x')).toEqual([[': /x', 'invalid']]);
  });

  it('a path that starts with neither / nor * never matches', () => {
    expect(pieces('Allow: no-slash')).toEqual([['Allow', 'field'], [':', 'punct'], ['no-slash', 'invalid']]);
  });

  it('text after a NUL is never read; a BOM on the first line is skipped', () => {
    expect(pieces('Disallow: /a\0b # c')).toEqual([['Disallow', 'field'], [':', 'punct'], ['/a', 'value'], ['\0b # c', 'ignored']]);
    expect(pieces('\uFEFFUser-agent: *', true)).toEqual([['User-agent', 'field'], [':', 'punct'], ['*', 'wildcard']]);
  });
});

describe('colours after an edit', () => {
  it('re-reading only the edited lines gives the colours of reading every line again (property)', () => {
    const fragment = fc.constantFrom('User-agent: *', 'Disallow: /a*', 'Allow: /$', '# c', 'Sitemap: https://x.test/s', 'junk', ':', '\n', ' ', 'x', '\uFEFF');
    const text = fc.array(fragment, { maxLength: 20 }).map((p) => p.join(''));
    fc.assert(
      fc.property(text, fc.nat(300), fc.nat(20), text, (start, at, remove, insert) => {
        const state = EditorState.create({ doc: start });
        const from = Math.min(at, start.length);
        const tr = state.update({ changes: { from, to: Math.min(start.length, from + remove), insert } });
        const list = (set: DecorationSet) => {
          const out: [number, number, string][] = [];
          set.between(0, tr.state.doc.length, (f, t, d) => {
            out.push([f, t, String(d.spec.class)]);
          });
          return out;
        };
        expect(list(recolour(colours(state.doc), tr.changes, tr.state.doc))).toEqual(list(colours(tr.state.doc)));
      }),
      { numRuns: 500 },
    );
  });
});
