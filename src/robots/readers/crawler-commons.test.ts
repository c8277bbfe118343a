/**
 * crawler-commons' reader against cases from crawler-commons' own test suite
 * (`SimpleRobotRulesParserTest`), restated as data: the file, the robot name, the URL, the verdict
 * its tests assert. Only cases whose answer is the same with exact user-agent matching (the
 * library's default, which the reader reproduces). Authority: crawler-commons.
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
