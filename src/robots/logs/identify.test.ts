import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListVerdict } from '../lists/index.js';
import type { LogRequest } from './formats/index.js';
import { BOT_LIST } from './bot-list.js';
import { CrawlerIdentifier, NO_AGENT, PATTERN_BLOCK, listedBotName } from './identify.js';
import { LogJudge } from './judge.js';
import { botName } from './name-token.js';
import { logReport } from './report.js';
import { emptyTally, mergeTally } from './tally.js';
import { UA as AGENTS } from './test-agents.js';

// Real User-Agents as they appear in public access logs and bot lists.
const UA = {
  ...AGENTS,
  slurp: 'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  readAloud: 'Mozilla/5.0 (Linux; Android 7.0; SM-G930V Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/59.0.3071.125 Mobile Safari/537.36 (compatible; Google-Read-Aloud; +https://support.google.com/webmasters/answer/1061943)',
  archive: 'Mozilla/5.0 (compatible; archive.org_bot; +http://archive.org/details/archive.org_bot)',
  teoma: 'Mozilla/2.0 (compatible; Ask Jeeves/Teoma; +http://sp.ask.com/docs/about/tech_crawling.html)',
  ttrss: 'Tiny Tiny RSS/1.11 (http://tt-rss.org/)',
  chef: 'Chef Client/11.6.2 (ruby-1.9.3-p448; ohai-6.18.0; x86_64-linux; +http://opscode.com)',
  liveJournal: 'LiveJournal.com (webmaster@livejournal.com; for http://www.livejournal.com/users/cshpsionic/; 10 readers)',
  jorgee: 'Mozilla/5.0 Jorgee',
  sogou: 'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
  spider360: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/50.0.2661.102 Safari/537.36; 360Spider',
  chromeframe: 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; WOW64; Trident/4.0; chromeframe/24.0.1312.52; SLCC2; .NET CLR 2.0.50727; .NET CLR 3.5.30729; .NET CLR 3.0.30729; Media Center PC 6.0; .NET4.0C; InfoPath.3)',
};

let lineNo = 0;
const request = (userAgent: string, target: string, time = Date.UTC(2025, 0, 1), ip = '1.2.3.4'): LogRequest =>
  ({ line: ++lineNo, time, ip, method: 'GET', target, host: '', status: 200, userAgent });

describe('crawler identification: the tester\'s profiles first', () => {
  const id = new CrawlerIdentifier();
  it('profiles from whole User-Agents, as the picker resolves them', () => {
    expect([UA.googlebot, UA.image, UA.gptbot, UA.bing, UA.chatgpt].map((ua) => id.identify(ua)?.id)).toEqual(['googlebot', 'googlebot-image', 'gptbot', 'bingbot', 'chatgpt-user']);
  });
  it('Google\'s user-triggered fetchers are profiles that ignore robots.txt by design (Google: "user-triggered fetchers ignore robots.txt rules"); Google-Read-Aloud is not named Build', () => {
    const ra = id.identify(UA.readAloud)!;
    expect([ra.id, ra.operator, ra.ignoresRobotsTxt]).toEqual(['google-read-aloud', 'Google', true]);
    expect(['Mozilla/5.0 (compatible; Google-Site-Verification/1.0)', 'GoogleProducer; (+https://developers.google.com/search/docs/crawling-indexing/google-producer)', 'Mozilla/5.0 (compatible; Google-CWS)', 'Google-Pinpoint', 'Google-NotebookLM']
      .map((ua) => id.identify(ua)?.id)).toEqual(['google-site-verification', 'googleproducer', 'google-cws', 'google-pinpoint', 'google-notebooklm']);
  });
  it('fetchers a user triggers whose operators say robots.txt does not apply are marked (ChatGPT-User, Perplexity-User, Google\'s FeedFetcher); crawlers are not', () => {
    expect([UA.chatgpt, 'Mozilla/5.0 (compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)', UA.feed, UA.gptbot, UA.googlebot, 'Claude-User/1.0']
      .map((ua) => id.identify(ua)!.ignoresRobotsTxt)).toEqual([true, true, true, false, false, false]);
    expect(id.identify(UA.feed)!.operator).toBe('Google');
  });
});

describe('crawler identification: other bots by crawler-user-agents\' list, then their own product token', () => {
  const id = new CrawlerIdentifier();
  it('other bots are unnamed, named by the list or their own product; one crawler per name', () => {
    const mj = id.identify(UA.mj12)!;
    expect([mj.id, mj.profile, mj.operator]).toEqual(['MJ12bot', null, '']);
    expect(id.identify('python-requests/2.31.0')?.id).toBe('python-requests');
    expect(id.identify(UA.mj12)).toBe(mj);
  });
  it('real bots the issue found misnamed get their own names (Slurp, not http; archive.org_bot, not org_bot; Jorgee, not Mozilla…)', () => {
    expect([UA.slurp, UA.archive, UA.teoma, UA.ttrss, UA.chef, UA.liveJournal, UA.jorgee, UA.sogou, UA.spider360].map((ua) => id.identify(ua)?.id))
      .toEqual(['Slurp', 'archive.org_bot', 'Teoma', 'Tiny Tiny RSS', 'Chef Client', 'LiveJournal.com', 'Jorgee', 'Sogou', '360Spider']);
  });
  it('a bot named as the list names it judged by that name: a `User-agent: Slurp` group applies to Yahoo! Slurp', () => {
    const j = new LogJudge({ versions: [{ text: 'User-agent: Slurp\nAllow: /\n\nUser-agent: *\nDisallow: /\n' }] });
    expect(j.judge([request(UA.slurp, '/a')], true).map((r) => r.verdict)).toEqual([ListVerdict.Allowed]);
  });
  it('a browser is a browser, with a plug-in token too (chromeframe)', () => {
    expect([id.identify(UA.browser), id.identify(UA.chromeframe)]).toEqual([null, null]);
  });
  it('a request with no User-Agent (`-`, empty) is a row of its own, held to the `*` group', () => {
    const none = id.identify('')!;
    expect([none.id, id.identify('-'), id.identify('   ')]).toEqual([NO_AGENT, none, none]);
    const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /private/\n' }] });
    expect(j.judge([request('', '/private/a'), request('', '/public')], true).map((r) => [r.crawler.id, r.verdict])).toEqual([[NO_AGENT, ListVerdict.Blocked], [NO_AGENT, ListVerdict.Allowed]]);
  });
  it('listedBotName: the list\'s spelling, case-sensitive as the list is; null for what it does not list', () => {
    expect([listedBotName(UA.slurp), listedBotName(UA.spider360), listedBotName(UA.browser), listedBotName(UA.jorgee)]).toEqual(['Slurp', '360Spider', null, null]);
  });
});

describe('listedBotName: the first of crawler-user-agents\' patterns that matches, its blocks passed over at once', () => {
  // The list's own instances (thousands of real User-Agents) and a browser's, against a test of every pattern in turn.
  const listed = JSON.parse(readFileSync(join(process.cwd(), 'node_modules/crawler-user-agents/crawler-user-agents.json'), 'utf8')) as { instances?: string[] }[];
  const agents = [...listed.flatMap((e) => e.instances ?? []), UA.browser, UA.chromeframe, ''];
  const inTurn = (ua: string) => BOT_LIST.find(([p]) => new RegExp(p).test(ua))?.[1] ?? null;
  it('names every instance of the list as testing each pattern in the list\'s order does', () => {
    expect(agents.length).toBeGreaterThan(2 * PATTERN_BLOCK);
    expect(agents.map(listedBotName)).toEqual(agents.map(inTurn));
  });
});

describe('botName: the product token a bot names itself by', () => {
  it('the product saying bot/crawler/spider/slurp, else the first product with a version, else the first other', () => {
    expect(['Mozilla/5.0 (compatible; SemanticScholarBot; +https://www.semanticscholar.org/crawler)', 'curl/8.4.0', 'Go-http-client/1.1', 'Mozilla/5.0 (compatible; Yeti/1.1; +http://naver.me/spd)']
      .map(botName)).toEqual(['SemanticScholarBot', 'curl', 'Go-http-client', 'Yeti']);
  });
  it('never a URL part, Build, Mozilla, compatible, a device or an OS', () => {
    expect([UA.slurp, UA.readAloud, UA.archive, UA.teoma, UA.ttrss, UA.chef, UA.liveJournal, UA.jorgee, UA.sogou, UA.spider360].map(botName))
      .toEqual(['Yahoo! Slurp', 'Google-Read-Aloud', 'archive.org_bot', 'Ask Jeeves', 'Tiny Tiny RSS', 'Chef Client', 'LiveJournal.com', 'Jorgee', 'Sogou web spider', '360Spider']);
    expect(['BlackBerry9000/4.6.0.167 Profile/MIDP-2.0 Configuration/CLDC-1.1 VendorID/102', 'Mozilla/5.0 (X11; Fedora; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Mozilla/5.0'].map(botName))
      .toEqual(['unnamed bot', 'unnamed bot', 'unnamed bot']);
  });
});

describe('one name whatever its spelling: totals the same for every --jobs', () => {
  const spellings = [
    'Mozilla/5.0 (compatible; FooBot/1.0; +http://foo.example/bot)', 'foobot/2.0', 'FOOBOT/3.1 (+https://foo.example)',
    UA.mj12, 'mj12bot/1.0', 'Mozilla/5.0 (compatible; mj12BOT/v1.4.8)', UA.googlebot, UA.browser, '-',
  ];
  const text = 'User-agent: foobot\nDisallow: /f/\n\nUser-agent: *\nDisallow: /x/\n';
  // An earlier version, replaced in the middle of the log: some requests fall in the 24 hours a
  // crawler may keep the file it had (RFC 9309 §2.4), and every crawler meets the change.
  const before = 'User-agent: *\nDisallow: /c\n';
  const change = Date.UTC(2025, 0, 1) + 500_000 * 1000;
  const tallyInPieces = (requests: readonly LogRequest[], jobs: number) => {
    const merged = emptyTally(2);
    const size = Math.ceil(requests.length / jobs);
    for (let k = 0; k < jobs; k++) {
      const judge = new LogJudge({ versions: [{ text, since: change }, { text: before, since: 0 }] });
      judge.judge(requests.slice(k * size, (k + 1) * size));
      mergeTally(merged, judge.tally);
    }
    return logReport(merged, 'combined');
  };
  const identifier = new CrawlerIdentifier();
  const crawlerOf = (ua: string) => identifier.identify(ua)?.id.toLowerCase();
  it('property: a log whose bots\' names come in several spellings, split for 1, 2 and 4 threads and merged, gives the same report (cache-window counts, reactions to a change and the User-Agents shown included)', () => {
    const line = fc.tuple(fc.constantFrom(...spellings), fc.constantFrom('/f/a', '/x/b', '/c', '/robots.txt'), fc.oneof(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 500_000, max: 500_000 + 86_400 })));
    fc.assert(fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
      const requests = lines.map(([ua, target, t]) => request(ua, target, Date.UTC(2025, 0, 1) + t * 1000));
      const one = tallyInPieces(requests, 1);
      expect(tallyInPieces(requests, 2)).toEqual(one);
      expect(tallyInPieces(requests, 4)).toEqual(one);
      // The agent shown is the commonest of the crawler's (of as many, the first in code-unit order), whatever the split.
      for (const c of one.crawlers) {
        const counts = new Map<string, number>();
        for (const [ua] of lines) if (crawlerOf(ua) === c.crawler.toLowerCase()) counts.set(ua, (counts.get(ua) ?? 0) + 1);
        const most = Math.max(...counts.values());
        expect(c.userAgent).toBe([...counts].filter(([, n]) => n === most).map(([ua]) => ua).sort()[0]);
      }
      const ids = one.crawlers.map((c) => c.crawler);
      expect(ids.filter((c) => c.toLowerCase() === 'foobot').length).toBeLessThanOrEqual(1);
      expect(ids.filter((c) => c.toLowerCase() === 'mj12bot').length).toBeLessThanOrEqual(1);
    }), { numRuns: 200 });
  });
  it('the spelling shown is the first in code-unit order of those seen (capitals first)', () => {
    const report = tallyInPieces(spellings.map((ua) => request(ua, '/c')), 1);
    expect(report.crawlers.map((c) => c.crawler).sort()).toEqual([NO_AGENT, 'FOOBOT', 'MJ12bot', 'googlebot']);
  });
});
