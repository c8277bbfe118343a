import { describe, expect, it } from 'vitest';
import { directivesFor, directiveSource, headerStatements, metaStatement } from './index.js';

const googlebot = ['googlebot'];
const flags = (d: ReturnType<typeof directivesFor>) => ({ noindex: d.noindex && directiveSource(d.noindex), nofollow: d.nofollow && directiveSource(d.nofollow) });

describe('Google Search Central: the robots meta tag', () => {
  it('noindex and nofollow, read without regard to case or spaces; none is both; all and index say nothing', () => {
    expect(flags(directivesFor([metaStatement('robots', 'NoIndex , nofollow')], googlebot))).toEqual({ noindex: 'meta robots', nofollow: 'meta robots' });
    expect(flags(directivesFor([metaStatement('ROBOTS', 'none')], googlebot))).toEqual({ noindex: 'meta robots', nofollow: 'meta robots' });
    expect(flags(directivesFor([metaStatement('robots', 'all, index, follow, max-snippet:-1')], googlebot))).toEqual({ noindex: null, nofollow: null });
  });

  it('a crawler\'s name limits the tag to it: googlebot for Googlebot, not Bingbot', () => {
    const tags = [metaStatement('googlebot', 'noindex'), metaStatement('bingbot', 'nofollow')];
    expect(flags(directivesFor(tags, googlebot))).toEqual({ noindex: 'meta googlebot', nofollow: null });
    expect(flags(directivesFor(tags, ['bingbot']))).toEqual({ noindex: null, nofollow: 'meta bingbot' });
    expect(flags(directivesFor(tags, ['gptbot']))).toEqual({ noindex: null, nofollow: null });
  });

  it('several tags combine, the most restrictive winning (index beside noindex is noindex)', () => {
    expect(flags(directivesFor([metaStatement('robots', 'index'), metaStatement('googlebot', 'noindex')], googlebot)).noindex).toBe('meta googlebot');
  });
});

describe('Google Search Central: the X-Robots-Tag HTTP header', () => {
  it('directives without a name are for every crawler; a name: prefix limits those after it', () => {
    expect(headerStatements('noindex, nofollow')).toEqual([{ via: 'header', agent: '', directives: ['noindex', 'nofollow'] }]);
    expect(headerStatements('googlebot: nofollow')).toEqual([{ via: 'header', agent: 'googlebot', directives: ['nofollow'] }]);
    // Two headers as Node's fetch joins them.
    expect(headerStatements('noarchive, otherbot: noindex, nofollow')).toEqual([
      { via: 'header', agent: '', directives: ['noarchive'] },
      { via: 'header', agent: 'otherbot', directives: ['noindex', 'nofollow'] },
    ]);
  });

  it('unavailable_after and max-snippet take a value after a colon: no crawler\'s name', () => {
    expect(headerStatements('unavailable_after: 25 Jun 2010 15:00:00 PST, max-snippet: 20')).toEqual([
      { via: 'header', agent: '', directives: ['unavailable_after:25 jun 2010 15:00:00 pst', 'max-snippet:20'] },
    ]);
    expect(headerStatements('googlebot: max-snippet: 5')[0]!.directives).toEqual(['max-snippet:5']);
  });

  it('applies per crawler as the meta tag does, and says where it came from', () => {
    const header = headerStatements('googlebot: noindex');
    expect(flags(directivesFor(header, googlebot))).toEqual({ noindex: 'X-Robots-Tag googlebot:', nofollow: null });
    expect(flags(directivesFor(header, ['bingbot']))).toEqual({ noindex: null, nofollow: null });
    expect(flags(directivesFor(headerStatements('none'), ['bingbot']))).toEqual({ noindex: 'X-Robots-Tag', nofollow: 'X-Robots-Tag' });
  });
});
