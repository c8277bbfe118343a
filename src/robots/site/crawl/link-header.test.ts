import { describe, expect, it } from 'vitest';
import { parseLinkHeader, relHas } from './index.js';

describe('RFC 8288 §3: the Link header field', () => {
  it('reads each link\'s target and parameters, quoted or not, a comma inside quotes kept', () => {
    expect(parseLinkHeader('<https://a.test/x>; rel="canonical", </de/x>; rel=alternate; hreflang=de, <https://a.test/t>; title="a, b"; rel="next"')).toEqual([
      { target: 'https://a.test/x', params: { rel: 'canonical' } },
      { target: '/de/x', params: { rel: 'alternate', hreflang: 'de' } },
      { target: 'https://a.test/t', params: { title: 'a, b', rel: 'next' } },
    ]);
  });

  it('§3.3: the first rel counts; rel is a space-separated list read without regard to case', () => {
    const [link] = parseLinkHeader('<x>; REL="Alternate Canonical"; rel=next');
    expect(link!.params.rel).toBe('Alternate Canonical');
    expect(relHas(link!.params.rel, 'canonical')).toBe(true);
    expect(relHas(link!.params.rel, 'next')).toBe(false);
  });

  it('bad pieces are skipped, never thrown', () => {
    expect(parseLinkHeader('garbage, <ok>; rel=canonical, <unclosed; rel=x')).toEqual([{ target: 'ok', params: { rel: 'canonical' } }]);
    expect(parseLinkHeader('')).toEqual([]);
  });
});
