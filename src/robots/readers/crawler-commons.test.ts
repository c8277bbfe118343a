/**
 * crawler-commons' reader against cases from crawler-commons' own test suite
 * (`SimpleRobotRulesParserTest` at 8e14e27), restated as data: the file, the robot name, the URL,
 * the verdict its tests assert. The suite answers 449 `isAllowed` calls; the reader gives the
 * suite's answer to 424 of them. The 25 others are the ones crawler-commons.ts names: the
 * deprecated String API's prefix matching of words in a `User-agent` line, several robot names in
 * one call, and a subclass with its own matcher. Authority: crawler-commons.
 */
import { describe, expect, it } from 'vitest';
import { checkWithReader } from './index.js';

const CRLF = '\r\n';
const lines = (...l: string[]) => l.join(CRLF);
type Row = readonly [allowed: boolean, url: string];
const verdicts = (robots: string, name: string, rows: readonly Row[]) =>
  rows.map(([, url]) => [checkWithReader('crawler-commons', robots, name, url).allowed, url]);

describe('crawler-commons SimpleRobotRulesParserTest', () => {
  it.each<[string, string, Row[]]>([
    ['testGooglePatternMatching1 (/fish)', lines('User-agent: *', 'Disallow: /fish', ''), [
      [false, 'http://www.fict.com/fish'], [false, 'http://www.fict.com/fish.html'], [false, 'http://www.fict.com/fish/salmon.html'],
      [false, 'http://www.fict.com/fishheads'], [false, 'http://www.fict.com/fish.php?id=anything'], [true, 'http://www.fict.com/Fish.asp'],
      [true, 'http://www.fict.com/catfish'], [true, 'http://www.fict.com/?id=fish'], [true, 'http://www.fict.com/fis']]],
    ['testGooglePatternMatching3 (/*.php)', lines('User-agent: *', 'Disallow: /*.php', ''), [
      [false, 'http://www.fict.com/filename.php'], [false, 'http://www.fict.com/folder/any.php.file.html'], [false, 'http://www.fict.com/filename.php/'],
      [true, 'http://www.fict.com/'], [true, 'http://www.fict.com/windows.PHP']]],
    ['testGooglePatternMatching4 (/*.php$)', lines('User-agent: *', 'Disallow: /*.php$', ''), [
      [false, 'http://www.fict.com/filename.php'], [false, 'http://www.fict.com/folder/filename.php'], [true, 'http://www.fict.com/filename.php?parameters'],
      [true, 'http://www.fict.com/filename.php/'], [true, 'http://www.fict.com/filename.php5']]],
    ['testGooglePatternMatching6 (/*fish*.php)', lines('User-agent: *', 'Disallow: /*fish*.php', ''), [
      [false, 'http://www.fict.com/fish.php'], [false, 'http://www.fict.com/superfishheads/catfish.php?parameters'], [true, 'http://www.fict.com/fishheads/catfish.htm']]],
    ['testQueryParamInDisallow', lines('User-agent: *', 'Disallow: /index.cfm?fuseaction=sitesearch.results*'), [
      [false, 'http://searchservice.domain.com/index.cfm?fuseaction=sitesearch.results&type=People&qry=california&pg=2']]],
    ['testRobotsTxtAlwaysAllowed', lines('User-agent: *', 'Disallow: /'), [[true, 'http://www.domain.com/robots.txt']]],
    ['testCaseSensitivePaths', lines('User-agent: *', 'Allow: /AnyPage.html', 'Allow: /somepage.html', 'Disallow: /'), [
      [true, 'http://www.domain.com/AnyPage.html'], [false, 'http://www.domain.com/anypage.html'], [true, 'http://www.domain.com/somepage.html'], [false, 'http://www.domain.com/SomePage.html']]],
    ['testEmptyDisallowLowestPrecedence', lines('User-agent: *', 'Disallow: /disallowed/', 'Allow: /allowed/', 'User-agent: *', 'Disallow: '), [
      [true, 'http://www.example.com/'], [false, 'http://www.example.com/disallowed/index.html'], [true, 'http://www.example.com/allowed/index.html']]],
    ['testMultiWildcard', lines('User-agent: *', 'Disallow: /index.html', 'Allow: /', '', 'User-agent: *', 'Disallow: /'), [
      [false, 'http://www.domain.com/index.html'], [true, 'http://www.domain.com/anypage.html']]],
    ['testBigCrawlDelay', ['User-agent: *', 'Crawl-delay: 3600', 'Disallow:', ''].join('\r'), [[false, 'http://www.domain.com/']]],
    ['testMatchedWildcard (foobot)', lines('User-agent: *', 'Allow: /', 'User-agent: anybot', 'Disallow: /search'), [
      [true, 'https://www.example.com/search'], [true, 'https://www.example.com/home']]],
  ])('%s', (_name, robots, rows) => {
    expect(verdicts(robots, 'foobot', rows)).toEqual(rows.map(([a, u]) => [a, u]));
  });

  it('testMatchedWildcard (anybot), testMultiMatches: a group naming the robot replaces *', () => {
    expect(checkWithReader('crawler-commons', lines('User-agent: *', 'Allow: /', 'User-agent: anybot', 'Disallow: /search'), 'anybot', 'https://www.example.com/search').allowed).toBe(false);
    const multi = lines('User-agent: crawlerbot', 'Disallow: /index.html', 'Allow: /', '', 'User-agent: crawler', 'Disallow: /');
    expect(verdicts(multi, 'crawlerbot', [[false, 'http://www.domain.com/index.html'], [true, 'http://www.domain.com/anypage.html']]))
      .toEqual([[false, 'http://www.domain.com/index.html'], [true, 'http://www.domain.com/anypage.html']]);
  });

  it('testHtmlMarkupInRobotsTxt and testIgnoreOfHtml: tags are removed; a page naming no user-agent allows all', () => {
    const html = ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN"><HTML>', '<HEAD>', '<TITLE>/robots.txt</TITLE>', '</HEAD>', '<BODY>',
      'User-agent: mybot<BR>', 'Disallow: <BR>', 'Crawl-Delay: 10<BR>', '', 'User-agent: *<BR>', 'Disallow: /<BR>', 'Crawl-Delay: 30<BR>', '', '</BODY>', '</HTML>', ''].join('\n');
    expect(checkWithReader('crawler-commons', html, 'mybot', 'http://www.domain.com/index.html').allowed).toBe(true);
    expect(checkWithReader('crawler-commons', html, 'bogusbot', 'http://www.domain.com/index.html').allowed).toBe(false);
    expect(checkWithReader('crawler-commons', '<HTML><HEAD><TITLE>Site under Maintenance</TITLE></HTML>', 'anybot', 'http://www.domain.com/').allowed).toBe(true);
  });

  it('testBrokenKrugleRobotsTxtFile: Crawl-delay lines do not end a run of user-agent lines', () => {
    const krugle = ['User-agent: *', 'Disallow: /maintenance.html', 'Disallow: /perl/', 'Disallow: /cgi-bin/', 'Disallow: /examples/', 'Crawl-delay: 3', '',
      'User-agent: googlebot', 'Crawl-delay: 1', '', 'User-agent: qihoobot', 'Disallow: /'].join('\r');
    const at = (name: string, url: string) => checkWithReader('crawler-commons', krugle, name, url).allowed;
    expect([at('googlebot', 'http://www.krugle.com/'), at('qihoobot', 'http://www.krugle.com/'), at('anybot', 'http://www.krugle.com/'), at('anybot', 'http://www.krugle.com/examples/index.html')])
      .toEqual([false, false, true, false]);
  });

  it('testSelectCrawlDelayGroup: the * rules bind groups that only set Crawl-delay', () => {
    const txt = lines('User-Agent: bingbot', 'Crawl-delay: 1', '', 'User-Agent: msnbot', 'Crawl-delay: 2', '', 'User-Agent: pinterestbot', 'Crawl-delay: 0.2', '',
      'User-agent: *', 'Disallow: /login', 'Sitemap: http://www.example.com/sitemap.xml', 'Disallow: /assets/');
    for (const name of ['bingbot', 'msnbot', 'anybot']) {
      expect([checkWithReader('crawler-commons', txt, name, 'http://www.example.com/login').allowed, checkWithReader('crawler-commons', txt, name, 'http://www.example.com/').allowed]).toEqual([false, true]);
    }
  });
});

// Each of these was answered otherwise while the reader cut the crawler's name at its first
// character outside [a-z_-] (crawler3 → crawler, so "User-agent: crawler1" applied to it).
describe('crawler-commons SimpleRobotRulesParserTest: the crawler’s name compared whole, digits included', () => {
  const NUTCH = ['User-Agent: Agent1 #foo', 'Disallow: /a', 'Disallow: /b/a', '#Disallow: /c', '', '', 'User-Agent: Agent2 Agent3#foo', 'User-Agent: Agent4',
    'Disallow: /d', 'Disallow: /e/d/', '', 'User-Agent: *', 'Disallow: /foo/bar/', ''].join('\r');
  const at = (robots: string, name: string, url: string) => checkWithReader('crawler-commons', robots, name, url).allowed;
  const host = (p: string) => `http://www.domain.com${p}`;

  it('testAgentNotListed: crawler3 gets no group (the one for crawler1 is not its own)', () => {
    expect(at(lines('User-agent: crawler1', 'Disallow: /index.html', 'Allow: /', '', 'User-agent: crawler2', 'Disallow: /'), 'crawler3', host('/index.html'))).toBe(true);
  });
  it('testUnsupportedFields: crawler2 gets its own group after an unknown field', () => {
    expect(at(lines('User-agent: crawler1', 'Disallow: /index.html', 'Allow: /', 'newfield: 234', 'User-agent: crawler2', 'Disallow: /'), 'crawler2', host('/anypage.html'))).toBe(false);
  });
  it('testFormatErrors: bot3 gets the group named bot3, with its white space before the colon', () => {
    const robots = ['User-agent: bot1', 'disallow : /whitespace-before-colon/', 'disallow /no-colon/', '', 'user-agent bot2', 'disallow: /no-colon-useragent/', '',
      'user-agent: bot3', 'allow : /whitespace-before-colon', 'disallow: /', 'sitemap : /sitemap.xml', ''].join('\n');
    expect(at(robots, 'bot3', 'http://domain.com/whitespace-before-colon/')).toBe(true);
  });
  it('testNutchCases: agent1 is not ruled by Agent4’s group', () => {
    expect(['/d', '/d/a', '/e/d/foo.html'].map((p) => at(NUTCH, 'agent1', host(p)))).toEqual([true, true, true]);
  });
  it('testNutchCases2: agent2, agent3 and agent4 are not ruled by Agent1’s group', () => {
    const paths = ['/a', '/a/', '/a/bloh/foo.html', '/b/a', '/b/a/index.html'];
    for (const name of ['agent2', 'agent3', 'agent4']) expect([name, paths.map((p) => at(NUTCH, name, host(p)))]).toEqual([name, paths.map(() => true)]);
  });
  it('testNutchCases3: agent5 gets the * group only', () => {
    const paths = ['/a', '/a/', '/a/bloh/foo.html', '/b/a', '/b/a/index.html', '/d', '/d/a', '/e/d/foo.html', '/foo/bar/baz.html'];
    expect(paths.map((p) => at(NUTCH, 'agent5', host(p)))).toEqual([true, true, true, true, true, true, true, true, false]);
  });
  it('a crawler’s /version is not part of its name (testRfpCases: webcrawler/3.0 is webcrawler)', () => {
    const robots = lines('User-agent: unhipbot', 'Disallow: /', '', 'User-agent: webcrawler', 'User-agent: excite', 'Disallow: ', '', 'User-agent: *', 'Disallow: /');
    expect([at(robots, 'webcrawler/3.0', 'http://www.fict.org/'), at(robots, 'unhipbot/0.1', 'http://www.fict.org/'), at(robots, 'other/1.0', 'http://www.fict.org/')])
      .toEqual([true, false, false]);
  });
});

// The reader reads as the current API does (a collection of names, exact matching), so where the
// suite's deprecated String API matches a word of a User-agent line by prefix, it answers as
// parseContent(url, content, type, List.of(name)) does (checked against crawler-commons' build).
describe('crawler-commons exact matching where the suite’s String API matches by prefix', () => {
  it('testMultiAgentNames, testSpacesInMultipleUserAgentNames, testNutchCases2: a line of several names is one token, cut at its first non-letter', () => {
    expect(checkWithReader('crawler-commons', lines('User-agent: crawler1 crawler2', 'Disallow: /index.html', 'Allow: /'), 'crawler2', 'http://www.domain.com/index.html').allowed).toBe(true);
    expect(checkWithReader('crawler-commons', lines('User-agent: One, Two, Three', 'Disallow: /', '', 'User-agent: *', 'Allow: /', ''), 'two', 'http://www.fict.com/fish').allowed).toBe(true);
    const nutch = ['User-Agent: Agent1 #foo', 'Disallow: /a', '', 'User-Agent: Agent2 Agent3#foo', 'User-Agent: Agent4', 'Disallow: /d', '', 'User-Agent: *', 'Disallow: /foo/bar/'].join('\r');
    expect([checkWithReader('crawler-commons', nutch, 'agent2', 'http://www.domain.com/d').allowed, checkWithReader('crawler-commons', nutch, 'agent2', 'http://www.domain.com/foo/bar/baz.html').allowed])
      .toEqual([true, false]);
  });
});

describe('crawler-commons Crawl-delay as Java parses it', () => {
  const delayed = (value: string) => checkWithReader('crawler-commons', lines('User-agent: *', `Crawl-delay: ${value}`), 'foobot', 'http://x.test/').allowed;
  it('Integer.parseInt without a dot, Double.parseDouble with one (suffixes, exponents, hexadecimal); over 300 seconds blocks all', () => {
    // 300.4 s is 300,400 ms: over the limit. Unreadable values (1_000, 3.01e, x.1) set no delay.
    expect(['301', '+301', '300', '301.0', '3.01e2', '3.01E2d', '0x1.3p8', '0x1.2Cp8f', '0X1.8P1', '300.4', '1_000', '301.', '.5', '-1.5', '3.01e', 'x.1'].map(delayed))
      .toEqual([false, false, true, false, false, false, false, true, true, false, true, false, true, true, true, true]);
  });
});
