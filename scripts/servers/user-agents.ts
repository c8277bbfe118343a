/**
 * The User-Agent strings the agreement test sends: AI crawlers' real strings as their operators
 * publish them or as logs recorded them, real browsers' strings, and look-alikes that must not be
 * taken for a crawler. Test data only; each string names where it was taken from.
 */

/** One User-Agent string and where it comes from. */
export interface UserAgentSample {
  readonly ua: string;
  readonly source: string;
}

/** A crawler's string, with the crawler it belongs to (its token as the profiles write it). */
export interface CrawlerUserAgent extends UserAgentSample {
  readonly crawler: string;
}

// monperrus/crawler-user-agents: strings recorded in logs, each entry with its operator's page.
const CUA = 'https://github.com/monperrus/crawler-user-agents/blob/7c7f9f254f16fcbc7d0fcb60d0a188897c00b050/crawler-user-agents.json';
const cua = (page: string) => `${CUA} (entry's page: ${page})`;
const GOOGLE_FETCHERS = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers';

/** AI crawlers' real User-Agent strings. */
export const CRAWLER_USER_AGENTS: readonly CrawlerUserAgent[] = [
  { crawler: 'GPTBot', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)', source: 'https://platform.openai.com/docs/bots' },
  { crawler: 'GPTBot', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)', source: cua('https://platform.openai.com/docs/gptbot') },
  { crawler: 'OAI-SearchBot', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot', source: cua('https://platform.openai.com/docs/bots') },
  { crawler: 'ChatGPT-User', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', source: cua('https://openai.com/bot') },
  { crawler: 'ClaudeBot', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', source: cua('https://www.anthropic.com/') },
  { crawler: 'ClaudeBot', ua: 'claudebot', source: cua('https://www.anthropic.com/') },
  { crawler: 'Claude-SearchBot', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)', source: cua('https://useragents.io/') },
  { crawler: 'Claude-User', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)', source: cua('https://useragents.io/') },
  { crawler: 'Claude-User', ua: 'Claude-User (claude-code/2.1.86; +https://support.anthropic.com/)', source: cua('https://useragents.io/') },
  { crawler: 'anthropic-ai', ua: 'anthropic-ai', source: cua('https://anthropic.com') },
  { crawler: 'PerplexityBot', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', source: cua('https://docs.perplexity.ai/docs/perplexitybot') },
  { crawler: 'Perplexity-User', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)', source: cua('https://docs.perplexity.ai/guides/bots') },
  { crawler: 'CCBot', ua: 'CCBot/2.0 (https://commoncrawl.org/faq/)', source: cua('https://commoncrawl.org/ccbot') },
  { crawler: 'CCBot', ua: 'CCBot/2.0 (http://commoncrawl.org/faq/)', source: cua('http://www.commoncrawl.org/bot.html') },
  { crawler: 'Bytespider', ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/43.0.7597.1164 Mobile Safari/537.36; Bytespider;bytespider@bytedance.com', source: cua('https://stackoverflow.com/questions/57908900/what-is-the-bytespider-user-agent') },
  { crawler: 'meta-externalagent', ua: 'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', source: cua('https://developers.facebook.com/docs/sharing/webmasters/web-crawlers') },
  { crawler: 'meta-externalfetcher', ua: 'meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', source: cua('https://developers.facebook.com/docs/sharing/webmasters/web-crawlers') },
  { crawler: 'meta-webindexer', ua: 'meta-webindexer/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', source: cua('https://developers.facebook.com/docs/sharing/webmasters/web-crawlers#meta-webindexer') },
  { crawler: 'FacebookBot', ua: 'Mozilla/5.0 (compatible; FacebookBot/1.0; +https://developers.facebook.com/docs/sharing/webmasters/facebookbot/)', source: cua('https://developers.facebook.com/docs/sharing/bot/') },
  { crawler: 'Amazonbot', ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)', source: cua('https://developer.amazon.com/support/amazonbot') },
  { crawler: 'AmazonBuyForMe', ua: 'Mozilla/5.0 (compatible; AmazonBuyForMe; +https://www.amazon.com/)', source: cua('https://buyforme.amazon/') },
  { crawler: 'DuckAssistBot', ua: 'DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)', source: cua('https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot') },
  { crawler: 'MistralAI-User', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)', source: cua('https://docs.mistral.ai/robots') },
  { crawler: 'Google-Agent', ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent)', source: cua(GOOGLE_FETCHERS) },
  { crawler: 'Google-GeminiNotebook', ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 (compatible; Google-GeminiNotebook; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-gemininotebook)', source: GOOGLE_FETCHERS },
  { crawler: 'AI2Bot', ua: 'AI2Bot', source: cua('https://datadome.co/bots/ai2bot/') },
  { crawler: 'aiHitBot', ua: 'Mozilla/5.0 (compatible; aiHitBot/2.9; +https://www.aihitdata.com/about)', source: cua('https://www.aihitdata.com/about') },
  { crawler: 'Anomura', ua: 'Anomura/1.2 (+https://www.direqt.ai)', source: cua('https://docs.direqt-search.com/direqt-bots/direqt-crawlers-and-user-agents') },
  { crawler: 'atlassian-bot', ua: 'Mozilla/5.0 (compatible; atlassian-bot; +https://www.atlassian.com/)', source: cua('https://support.atlassian.com/organization-administration/docs/connect-custom-website-to-rovo/') },
  { crawler: 'Bravebot', ua: 'BraveBot / Mozilla/5.0 (compatible; BraveBot/1.0)', source: cua('https://search.brave.com/help/web-discovery-project') },
  { crawler: 'Brightbot 1.0', ua: 'Brightbot 1.0', source: cua('https://brightdata.com/brightbot') },
  { crawler: 'BuddyBot', ua: 'BuddyBot', source: cua('https://knownagents.com/agents/buddybot') },
  { crawler: 'Cloudflare-AutoRAG', ua: 'Cloudflare-AutoRAG (https://developers.cloudflare.com/autorag; autorag@cloudflare.com)', source: cua('https://developers.cloudflare.com/autorag') },
  { crawler: 'cohere-ai', ua: 'cohere-ai', source: cua('https://cohere.com') },
  { crawler: 'Cotoyogi', ua: 'Mozilla/5.0 (compatible; Cotoyogi/4.0; +https://ds.rois.ac.jp/center8/crawler/)', source: cua('https://ds.rois.ac.jp/center8/crawler/') },
  { crawler: 'Diffbot', ua: 'Mozilla/5.0 (Windows; U; Windows NT 5.1; en-US; rv:1.9.1.2) Gecko/20090729 Firefox/3.5.2 (.NET CLR 3.5.30729; Diffbot/0.1; +http://www.diffbot.com)', source: cua('http://www.diffbot.com') },
  { crawler: 'EchoboxBot', ua: 'Mozilla/5.0 (compatible; EchoboxBot/1.0; hash/w4mwnpbXf3MFAbxOkJRw; +http://www.echobox.com)', source: cua('https://www.echobox.com/') },
  { crawler: 'Factset_spyderbot', ua: 'Mozilla/5.0(windows NT 10.0; Win64; x64) AppleWebkit/537.36(KHTML, like Gecko)  Chrome/90.0.4430.72  Safari/537.36 factset_spyderbot', source: cua('https://www.factset.com/') },
  { crawler: 'FriendlyCrawler', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/605.1.15 (KHTML, like Gecko; compatible; FriendlyCrawler/1.0) Chrome/120.0.6099.216 Safari/605.1.15', source: cua('https://datadome.co/bots/friendlycrawler/') },
  { crawler: 'ICC-Crawler', ua: 'ICC-Crawler/2.0 (Mozilla-compatible; ; http://ucri.nict.go.jp/en/icccrawler.html)', source: cua('http://ucri.nict.go.jp/en/icccrawler.html') },
  { crawler: 'ImagesiftBot', ua: 'Mozilla/5.0 (compatible; ImagesiftBot; +imagesift.com)', source: cua('https://imagesift.com/about') },
  { crawler: 'img2dataset', ua: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:72.0) Gecko/20100101 Firefox/72.0 (compatible; img2dataset; +https://github.com/rom1504/img2dataset)', source: cua('https://github.com/rom1504/img2dataset') },
  { crawler: 'ISSCyberRiskCrawler', ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 13_0_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/107.0.0.0 Safari/537.36 ISSCyberRiskCrawler/1.1.4', source: cua('https://datadome.co/bots/isscyberriskcrawler/') },
  { crawler: 'Linguee Bot', ua: 'Linguee Bot (http://www.linguee.com/bot; bot@linguee.com)', source: cua('http://www.linguee.com/bot') },
  { crawler: 'omgili', ua: 'omgili/0.5 +http://omgili.com', source: cua('http://omgili.com') },
  { crawler: 'Panscient', ua: 'panscient.com', source: CUA },
  { crawler: 'PetalBot', ua: 'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)', source: cua('https://webmaster.petalsearch.com/site/petalbot') },
  { crawler: 'PhindBot', ua: 'Mozilla/5.0 (compatible; PhindBot; +https://www.phind.com/)', source: cua('https://knownagents.com/agents/phindbot') },
  { crawler: 'QualifiedBot', ua: 'Mozilla/5.0 (compatible; QualifiedBot/1.0; +https://www.qualified.com/legal/qualified-crawler-user-agent)', source: cua('https://www.qualified.com/legal/qualified-crawler-user-agent') },
  { crawler: 'SBIntuitionsBot', ua: 'Mozilla/5.0 (compatible; SBIntuitionsBot/0.1; +https://www.sbintuitions.co.jp/bot/)', source: cua('https://www.sbintuitions.co.jp/bot/') },
  { crawler: 'Scrapy', ua: 'Scrapy/1.0.3 (+http://scrapy.org)', source: cua('http://scrapy.org/') },
  { crawler: 'ShapBot', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ShapBot/0.1.0', source: cua('https://docs.parallel.ai/resources/crawler') },
  { crawler: 'Sidetrade indexer bot', ua: 'Sidetrade indexer bot', source: cua('https://datadome.co/bots/sidetrade-crawler/') },
  { crawler: 'TerraCotta', ua: 'TerraCotta https://github.com/CeramicTeam/CeramicTerracotta', source: cua('https://github.com/CeramicTeam/CeramicTerracotta') },
  { crawler: 'Thinkbot', ua: 'Mozilla/5.0 (compatible; Thinkbot/0.5.8; +In_the_test_phase,_if_the_Thinkbot_brings_you_trouble,_please_block_its_IP_address._Thank_you.)', source: cua('https://boston.conman.org/2025/08/21.1') },
  { crawler: 'Timpibot', ua: 'Mozilla/5.0 (compatible; Timpibot/0.9; +http://www.timpi.io)', source: cua('https://timpi.io') },
  { crawler: 'VelenPublicWebCrawler', ua: 'VelenPublicWebCrawler (velen.io)', source: cua('https://velen.io/') },
  { crawler: 'wpbot', ua: 'Mozilla/5.0 (compatible; wpbot/1.1; +https://forms.gle/ajBaxygz9jSR8p8G9)', source: cua('https://datadome.co/bots/wpbot/') },
  { crawler: 'YaK', ua: 'Mozilla/5.0 (compatible; YaK/1.0; http://linkfluence.com/; bot@linkfluence.com)', source: cua('http://linkfluence.com') },
  { crawler: 'YouBot', ua: 'YouBot (+http://www.you.com)', source: cua('https://you.com/') },
  { crawler: 'YandexAdditional', ua: 'Mozilla/5.0 (compatible; YandexAdditional/1.0; +http://yandex.com/bots)', source: 'https://botcrawl.com/bots/yandexadditional/' },
];

const MDN = 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/User-Agent';
const UPDATED = 'https://raw.githubusercontent.com/tmxkn1/UpdatedUserAgents/master/useragents.json';

/** Real browsers' User-Agent strings: a server must never refuse these. */
export const BROWSER_USER_AGENTS: readonly UserAgentSample[] = [
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Safari/537.36', source: UPDATED },
  { ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/143.0.0.0 Mobile Safari/537.36', source: MDN },
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Safari/537.36 Edg/127.0.2651.98', source: UPDATED },
  { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/127.2651.102 Mobile/15E148 Safari/605.1.15', source: UPDATED },
  { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/127.0.6533.107 Mobile/15E148 Safari/604.1', source: UPDATED },
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:129.0) Gecko/20100101 Firefox/129.0', source: UPDATED },
  { ua: 'Mozilla/5.0 (Android 14; Mobile; rv:129.0) Gecko/129.0 Firefox/129.0', source: UPDATED },
  { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X x.y; rv:42.0) Gecko/20100101 Firefox/42.0', source: MDN },
  { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15', source: 'https://gist.github.com/kshyju/82bdb1484752f482484bab22d003a9f0' },
  { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/76.0.3809.100 Safari/537.36 OPR/63.0.3368.35', source: 'https://gist.github.com/kshyju/82bdb1484752f482484bab22d003a9f0' },
];

/**
 * Strings that hold a crawler's name only as part of a longer word, or `bot` alone: a rule that
 * matches a bare substring would refuse them (the tester reads none of them as a policy's crawler).
 */
export const LOOKALIKE_USER_AGENTS: readonly UserAgentSample[] = [
  { ua: 'Mozilla/5.0 (compatible; XGPTBot/1.0)', source: 'made for this test: GPTBot inside a longer name' },
  { ua: 'Mozilla/5.0 (compatible; GPTBot-Clone/2.0)', source: 'made for this test: GPTBot followed by a hyphen' },
  { ua: 'Mozilla/5.0 (compatible; MyClaudeBotFan/1.0)', source: 'made for this test: ClaudeBot inside a longer name' },
  { ua: 'Mozilla/5.0 (compatible; bot)', source: 'made for this test: bot alone' },
];
