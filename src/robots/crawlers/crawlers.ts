/**
 * Crawler profiles for the picker and the crawler matrix (spec §8): the tokens each crawler
 * obeys in order, and whether it ignores the `*` group.
 */

import { AI_LISTING, type RobotsStance } from './ai-listing.js';
import { ai, google, googleFetcher, other } from './profile-builders.js';
import { extractToken } from './token.js';

/** Picker sections, in order. */
export type CrawlerSection = 'google' | 'ai' | 'search' | 'other';

/**
 * What an AI crawler's visits are for: training models, search and answers, or fetches a user
 * asked for. Training includes the training-control tokens (Google-Extended, Applebot-Extended):
 * they never fetch, their verdict says whether what the operator's other crawlers fetch may train
 * its models, so "no AI training" means them too.
 */
export type AiPurpose = 'training' | 'search' | 'user';

/** Every purpose an operator names: the AI policy's three, or another (ads review, verification). */
export type CrawlerPurpose = AiPurpose | 'other';

/** Where the facts about a crawler come from: its operator's own page, or a directory's listing only (Known Agents). */
export type CrawlerSource = 'operator' | 'directory';

/**
 * How an agent that no robots.txt line can name identifies its requests: a browser's User-Agent
 * (or one holding `product`), and a `Signature-Agent` header where it signs them (Web Bot Auth).
 */
export interface AgentIdentity {
  /** The product its User-Agent holds; absent: it sends a browser's. */
  readonly product?: string;
  /** Its `Signature-Agent` (HTTP Message Signatures, RFC 9421), where it signs its requests. */
  readonly signatureAgent?: string;
  /** What Google's parser reads from the name lists give it (`ChatGPT Agent` → `ChatGPT`). */
  readonly googleReads?: string;
}

/** A crawler as the tester offers it. */
export interface CrawlerProfile {
  /** Stable id, used in share links. */
  readonly id: string;
  readonly name: string;
  /** robots.txt tokens in fallback order: a group for the first is used, else the next, else `*`. */
  readonly tokens: readonly string[];
  /** Google-specific special-case crawlers ignore the `*` group entirely. */
  readonly ignoresGlobal: boolean;
  /** True for a crawler that does not obey robots.txt at all (Google-Safety). */
  readonly ignoresRobotsTxt: boolean;
  /** Who runs it (Google, OpenAI, Anthropic…). */
  readonly operator: string;
  /** The picker section it belongs to. */
  readonly section: CrawlerSection;
  /** For AI crawlers and tokens: what its visits (or its verdict) are for. */
  readonly purpose?: AiPurpose;
  /** What its operator says about obeying robots.txt, where it does not simply obey it. */
  readonly caveat?: string;
  /** A typical HTTP user-agent string, when it has one. */
  readonly userAgent?: string;
  /** A caveat shown in every explanation for this crawler. */
  readonly notice?: string;
  /** How its robots.txt reading works, for the picker. */
  readonly note?: string;
  /** AI profiles: whether the operator says it obeys robots.txt (their pages: crawlerPage). */
  readonly obeys?: RobotsStance;
  /** A training-control token: it never fetches; its verdict is a permission for AI training. */
  readonly controlToken?: boolean;
  /** A fetcher a user's request starts; its operator says such fetches generally ignore robots.txt. */
  readonly userTriggered?: boolean;
  /** Every purpose its operator names, where it names more than `purpose` (or none the policy sets). */
  readonly purposes?: readonly CrawlerPurpose[];
  /** AI profiles: where the facts come from (absent: its operator's page). */
  readonly source?: CrawlerSource;
  /** An agent robots.txt cannot address (its `tokens` are empty): how it identifies itself instead. */
  readonly tokenless?: AgentIdentity;
}

/** The tokens of Google's special-case crawlers, which ignore the `*` group (Google-specific). */
export const GLOBAL_IGNORING_TOKENS: readonly string[] = [
  'AdsBot-Google', 'AdsBot-Google-Mobile', 'Mediapartners-Google', 'APIs-Google',
];

// The tester's own profiles; the AI listing's other documented crawlers are added after them.
const CURATED: readonly CrawlerProfile[] = [
  google('googlebot', 'Googlebot (smartphone & desktop)', ['Googlebot'], {
    userAgent: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  }),
  google('googlebot-image', 'Googlebot Image', ['Googlebot-Image'], { userAgent: 'Googlebot-Image/1.0', note: 'No fallback to Googlebot under the current spec: without its own group it follows *.' }),
  google('googlebot-video', 'Googlebot Video', ['Googlebot-Video'], { userAgent: 'Googlebot-Video/1.0' }),
  google('googlebot-news', 'Googlebot News', ['Googlebot-News']),
  google('storebot-google', 'Google StoreBot', ['Storebot-Google'], {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  }),
  google('google-inspectiontool', 'Google-InspectionTool', ['Google-InspectionTool', 'Googlebot'], {
    userAgent: 'Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)',
    note: 'Obeys a Google-InspectionTool group, else a Googlebot group, else *.',
  }),
  google('googleother', 'GoogleOther', ['GoogleOther'], { userAgent: 'GoogleOther' }),
  google('googleother-image', 'GoogleOther-Image', ['GoogleOther-Image', 'GoogleOther'], { userAgent: 'GoogleOther-Image/1.0' }),
  google('googleother-video', 'GoogleOther-Video', ['GoogleOther-Video', 'GoogleOther'], { userAgent: 'GoogleOther-Video/1.0' }),
  google('google-cloudvertexbot', 'Google-CloudVertexBot', ['Google-CloudVertexBot']),
  google('google-extended', 'Google-Extended', ['Google-Extended'], {
    purpose: 'training', controlToken: true,
    note: 'A control token, not a crawler: it never fetches; its verdict says whether content may be used for Gemini.',
    notice: 'Google-Extended is a control token, not a crawler: it never fetches pages. Its verdict says whether Google may use the content for Gemini models and grounding; it changes nothing for Search.',
  }),
  google('apis-google', 'APIs-Google', ['APIs-Google'], { ignoresGlobal: true, userAgent: 'APIs-Google (+https://developers.google.com/webmasters/APIs-Google.html)' }),
  google('adsbot-google', 'AdsBot-Google', ['AdsBot-Google'], { ignoresGlobal: true, userAgent: 'AdsBot-Google (+http://www.google.com/adsbot.html)' }),
  google('adsbot-google-mobile', 'AdsBot-Google-Mobile', ['AdsBot-Google-Mobile'], {
    ignoresGlobal: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
  }),
  google('mediapartners-google', 'Mediapartners-Google', ['Mediapartners-Google'], { ignoresGlobal: true, userAgent: 'Mediapartners-Google' }),
  google('google-safety', 'Google-Safety', [], {
    ignoresRobotsTxt: true, note: 'Ignores robots.txt entirely (abuse and malware checks).',
    notice: 'Google-Safety checks for abuse and malware and ignores robots.txt by design.',
  }),
  // Google's user-triggered fetchers (their list, checked 2026-11): they "generally ignore robots.txt rules"
  // Google-Agent has no robots.txt token: its User-Agent holds "Google-Agent", and Google signs some
  // of its requests (Web Bot Auth, Signature-Agent https://agent.bot.goog).
  { ...googleFetcher('google-agent', 'Google-Agent', 'Google-Agent', { purpose: 'user', tokenless: { product: 'Google-Agent', signatureAgent: 'https://agent.bot.goog' } }), tokens: [] },
  googleFetcher('google-gemininotebook', 'Google-GeminiNotebook', 'Google-GeminiNotebook', { purpose: 'user' }),
  googleFetcher('feedfetcher-google', 'Feedfetcher', 'FeedFetcher-Google'),
  googleFetcher('google-read-aloud', 'Google Read Aloud', 'Google-Read-Aloud'),
  googleFetcher('google-site-verification', 'Google Site Verifier', 'Google-Site-Verification'),
  googleFetcher('googleproducer', 'Google Publisher Center', 'GoogleProducer'),
  googleFetcher('google-cws', 'Chrome Web Store', 'Google-CWS'),
  googleFetcher('google-pinpoint', 'Google Pinpoint', 'Google-Pinpoint'),
  // Gemini Notebook was NotebookLM, whose old token still turns up in logs.
  googleFetcher('google-notebooklm', 'Google-NotebookLM (Gemini Notebook’s old name)', 'Google-NotebookLM', { purpose: 'user' }),
  other('bingbot', 'Bingbot', 'Bingbot', 'Microsoft', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'),
  other('applebot', 'Applebot', 'Applebot', 'Apple', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)'),
  other('duckduckbot', 'DuckDuckBot', 'DuckDuckBot', 'DuckDuckGo', 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)'),
  other('yandexbot', 'YandexBot', 'YandexBot', 'Yandex', 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)'),
  other('baiduspider', 'Baiduspider', 'Baiduspider', 'Baidu', 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)'),
  // AI crawlers: each operator's documented token and what its visits are for.
  ai('gptbot', 'GPTBot (OpenAI)', 'GPTBot', 'OpenAI', 'training', { userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)' }),
  ai('oai-searchbot', 'OAI-SearchBot (OpenAI)', 'OAI-SearchBot', 'OpenAI', 'search', { userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)' }),
  ai('chatgpt-user', 'ChatGPT-User (OpenAI)', 'ChatGPT-User', 'OpenAI', 'user', {
    userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    caveat: 'OpenAI says robots.txt rules may not apply to fetches a ChatGPT user asks for.',
  }),
  ai('claudebot', 'ClaudeBot (Anthropic)', 'ClaudeBot', 'Anthropic', 'training'),
  ai('claude-searchbot', 'Claude-SearchBot (Anthropic)', 'Claude-SearchBot', 'Anthropic', 'search'),
  ai('claude-user', 'Claude-User (Anthropic)', 'Claude-User', 'Anthropic', 'user'),
  ai('perplexitybot', 'PerplexityBot', 'PerplexityBot', 'Perplexity', 'search'),
  ai('perplexity-user', 'Perplexity-User', 'Perplexity-User', 'Perplexity', 'user', {
    caveat: 'Perplexity says user-requested fetches generally ignore robots.txt.',
  }),
  ai('applebot-extended', 'Applebot-Extended (Apple)', 'Applebot-Extended', 'Apple', 'training', {
    controlToken: true,
    note: 'A control token: it never fetches; it says whether Apple may use what Applebot crawled to train its models.',
    notice: 'Applebot-Extended is a control token, not a crawler: it never fetches pages. Its verdict says whether Apple may use pages Applebot crawled to train its AI models.',
  }),
  ai('ccbot', 'CCBot (Common Crawl)', 'CCBot', 'Common Crawl', 'training', { userAgent: 'CCBot/2.0 (https://commoncrawl.org/faq/)' }),
  ai('bytespider', 'Bytespider (ByteDance)', 'Bytespider', 'ByteDance', 'training', {
    caveat: 'ByteDance publishes no documentation that Bytespider obeys robots.txt.',
  }),
  ai('meta-externalagent', 'meta-externalagent (Meta)', 'meta-externalagent', 'Meta', 'training'),
  ai('meta-externalfetcher', 'meta-externalfetcher (Meta)', 'meta-externalfetcher', 'Meta', 'user', {
    caveat: 'Meta says fetches a user asks for may bypass robots.txt.',
  }),
  // Amazon: Amazonbot improves its products and may train its AI models; search is Amzn-SearchBot's.
  ai('amazonbot', 'Amazonbot (Amazon)', 'Amazonbot', 'Amazon', 'training', { purposes: ['training', 'other'] }),
  ai('duckassistbot', 'DuckAssistBot (DuckDuckGo)', 'DuckAssistBot', 'DuckDuckGo', 'search'),
  ai('mistralai-user', 'MistralAI-User (Mistral)', 'MistralAI-User', 'Mistral', 'user'),
  other('facebookexternalhit', 'facebookexternalhit', 'facebookexternalhit', 'Meta', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'other'),
  other('twitterbot', 'Twitterbot', 'Twitterbot', 'X', undefined, 'other'),
  other('ahrefsbot', 'AhrefsBot', 'AhrefsBot', 'Ahrefs', 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 'other'),
  other('semrushbot', 'SemrushBot', 'SemrushBot', 'Semrush', 'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', 'other'),
];

/** A listed name as a profile id: lower case, anything but letters and digits as `-`. */
export const listedId = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * The curated profiles, AI ones completed from the listing (their robots.txt stance), then every other
 * documented crawler of the listing. A listed name Google reads as another listed name's token
 * (`panscient.com` → `panscient`) is that crawler, not a profile of its own.
 */
function withListing(curated: readonly CrawlerProfile[]): CrawlerProfile[] {
  const byName = new Map(AI_LISTING.map((l) => [l.name.toLowerCase(), l]));
  const taken = new Set(curated.flatMap((c) => c.tokens.map((t) => t.toLowerCase())));
  const ids = new Set(curated.map((c) => c.id));
  const out = curated.map((c): CrawlerProfile => {
    if (c.purpose === undefined) return c;
    const listed = byName.get((c.tokens[0] ?? c.name).toLowerCase());
    return { ...c, obeys: c.obeys ?? listed?.obeys ?? (c.caveat ? 'no' : 'yes') };
  });
  for (const l of AI_LISTING) {
    const lower = l.name.toLowerCase();
    const read = extractToken(l.name);
    if (taken.has(lower) || ids.has(listedId(l.name)) || (read !== l.name && taken.has(read.toLowerCase()))) continue;
    taken.add(lower);
    const mayIgnore = l.obeys === 'no' || l.obeys === 'user-discretion';
    out.push({
      id: listedId(l.name), name: `${l.name} (${l.operator})`, tokens: l.tokenless ? [] : [l.name], ignoresGlobal: false, ignoresRobotsTxt: false,
      operator: l.operator, section: 'ai', purpose: l.purpose, obeys: l.obeys, ...(l.controlToken ? { controlToken: true } : {}),
      ...(l.purposes.length > 1 ? { purposes: l.purposes } : {}), ...(l.tokenless ? { tokenless: l.tokenless } : {}),
      ...(mayIgnore ? { caveat: `${l.operator} may not obey robots.txt.` } : {}),
    });
  }
  return out;
}

/** Google's crawlers (spec §8), other common crawlers and the AI crawlers, in picker order. */
export const CRAWLERS: readonly CrawlerProfile[] = withListing(CURATED);

/** The profile with this id, if any. */
export function crawlerById(id: string): CrawlerProfile | undefined {
  return CRAWLERS.find((c) => c.id === id);
}

/** A profile id as messages name the crawler: the name its user-agent line says (the id itself when unknown). */
export function crawlerName(id: string): string {
  const p = crawlerById(id);
  return p ? p.tokens[0] ?? p.name : id;
}

/** Google's crawlers that read robots.txt, for the one-click matrix (not the fetchers a user starts). */
export const GOOGLE_CRAWLERS: readonly CrawlerProfile[] = CRAWLERS.filter((c) => c.section === 'google' && !c.userTriggered);

/** AI crawlers and training-control tokens (Google-Extended included) a robots.txt can name, for the AI matrix. */
export const AI_CRAWLERS: readonly CrawlerProfile[] = CRAWLERS.filter((c) => c.purpose !== undefined && c.tokenless === undefined);

/** Every purpose a profile's operator names. */
export function crawlerPurposes(c: CrawlerProfile): readonly CrawlerPurpose[] {
  return c.purposes ?? (c.purpose ? [c.purpose] : []);
}

/** The `why.profile-caveat` select key of a profile with a caveat: Google's user-triggered fetchers share one. */
export function caveatKey(p: CrawlerProfile): string {
  return p.userTriggered && p.operator === 'Google' ? 'user_triggered' : selectKey(p.id);
}

/** An id as an ICU select key (`-` is not allowed there). */
export function selectKey(id: string): string {
  return id.replace(/-/g, '_');
}
