import { describe, expect, it } from 'vitest';
import { tokenizeLine, type SyntaxKind } from './syntax.js';

/** The line's pieces as [text, kind] pairs: easy to read in a failure. */
const pieces = (line: string): [string, SyntaxKind][] => tokenizeLine(line).map((t) => [line.slice(t.from, t.to), t.kind]);

describe('tokenizeLine (syntax colours)', () => {
  it('colours a rule: field, colon, path, wildcard and end anchor', () => {
    expect(pieces('Disallow: /shop/*?sort=$')).toEqual([
      ['Disallow', 'field'], [':', 'punct'], ['/shop/', 'value'], ['*', 'wildcard'], ['?sort=', 'value'], ['$', 'wildcard'],
    ]);
  });

  it('treats a $ inside a value as text, and one before a comment as the end anchor', () => {
    expect(pieces('Allow: /a$b')).toEqual([['Allow', 'field'], [':', 'punct'], ['/a', 'value'], ['$', 'value'], ['b', 'value']]);
    expect(pieces('Allow: /a$  # end')).toEqual([['Allow', 'field'], [':', 'punct'], ['/a', 'value'], ['$', 'wildcard'], ['# end', 'comment']]);
  });

  it('marks the global agent and names agents', () => {
    expect(pieces('User-agent: *')).toEqual([['User-agent', 'field'], [':', 'punct'], ['*', 'wildcard']]);
    expect(pieces('user-agent: *Googlebot')).toEqual([['user-agent', 'field'], [':', 'punct'], ['*Googlebot', 'agent']]);
    expect(pieces('User-agent: Googlebot-News # news')).toEqual([
      ['User-agent', 'field'], [':', 'punct'], ['Googlebot-News ', 'agent'], ['# news', 'comment'],
    ]);
  });

  it('Google-specific: colours the misspellings and key prefixes the engine accepts as fields', () => {
    expect(pieces('Dissallow: /x')[0]).toEqual(['Dissallow', 'field']);
    expect(pieces('useragent: x')[0]).toEqual(['useragent', 'field']);
    expect(pieces('Disallowed: /x')[0]).toEqual(['Disallowed', 'field']);
  });

  it('shows fields Google ignores, sitemaps, comments and a line without a key', () => {
    expect(pieces('Crawl-delay: 10')).toEqual([['Crawl-delay', 'other-field'], [':', 'punct'], ['10', 'value']]);
    expect(pieces('Sitemap: https://example.com/s.xml')).toEqual([['Sitemap', 'field'], [':', 'punct'], ['https://example.com/s.xml', 'link']]);
    expect(pieces('   # just a note')).toEqual([['# just a note', 'comment']]);
    expect(pieces(': /x')).toEqual([[':', 'invalid'], ['/x', 'value']]);
    expect(pieces('')).toEqual([]);
  });

  it('reads a key without a colon up to the white space (the engine accepts two words)', () => {
    expect(pieces('Disallow /x')).toEqual([['Disallow', 'field'], ['/x', 'value']]);
  });
});
