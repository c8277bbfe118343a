import { describe, expect, it } from 'vitest';
import { AI_CRAWLERS, crawlerPurposes, type CrawlerProfile } from './crawlers.js';
import { knownCrawlerById, POLICY_CRAWLERS } from './known.js';
import { crawlerPage } from './pages.js';
import { extractToken } from './token.js';

// Each block is one operator's page; each test, a fact the tester takes from it (checked 2026-11).
const profile = (id: string): CrawlerProfile => {
  const c = knownCrawlerById(id);
  if (!c) throw new Error(`no crawler ${id}`);
  return c;
};
/** What the tester says of a crawler, in plain data: its purposes, its page, what a policy may do with it. */
const facts = (id: string) => {
  const c = profile(id);
  return { id, purposes: crawlerPurposes(c), page: crawlerPage(c)?.url ?? null, tokens: c.tokens, policy: POLICY_CRAWLERS.includes(c), mayIgnore: c.caveat !== undefined };
};

const GOOGLE_FETCHERS = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers';
describe(`Google, “List of Google user-triggered fetchers” (${GOOGLE_FETCHERS})`, () => {
  it('Chrome Web Store, Feedfetcher, Google Publisher Center, Read Aloud, Site Verifier, Pinpoint: fetchers a user starts, which “generally ignore robots.txt rules”', () => {
    for (const id of ['google-cws', 'feedfetcher-google', 'googleproducer', 'google-read-aloud', 'google-site-verification', 'google-pinpoint']) {
      const c = profile(id);
      expect([id, c.operator, c.section, c.userTriggered, c.obeys, crawlerPage(c)?.url]).toEqual([id, 'Google', 'google', true, 'no', GOOGLE_FETCHERS]);
    }
    expect(profile('google-cws').tokens).toEqual(['Google-CWS']);
    expect(profile('googleproducer').tokens).toEqual(['GoogleProducer']);
  });

  it('Gemini Notebook fetches what a user adds to a notebook; Google-NotebookLM, its old token, still turns up in logs', () => {
    expect(facts('google-gemininotebook')).toMatchObject({ purposes: ['user'], tokens: ['Google-GeminiNotebook'] });
    expect(facts('google-notebooklm')).toMatchObject({ purposes: ['user'], tokens: ['Google-NotebookLM'], page: GOOGLE_FETCHERS });
  });
});

const GOOGLE_AGENT = 'https://developers.google.com/crawling/docs/crawlers-fetchers/allow-google-agent';
describe(`Google, “Allow Google-Agent traffic” (${GOOGLE_AGENT})`, () => {
  it('Google-Agent has no robots.txt token: its User-Agent holds “Google-Agent”, and Google signs requests as https://agent.bot.goog (Web Bot Auth)', () => {
    expect(facts('google-agent')).toMatchObject({ tokens: [], policy: false, page: GOOGLE_AGENT });
    expect(profile('google-agent').tokenless).toEqual({ product: 'Google-Agent', signatureAgent: 'https://agent.bot.goog' });
  });
});

const GOOGLE_SPECIAL = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers';
describe(`Google, “List of Google's special-case crawlers” (${GOOGLE_SPECIAL}) and its changelog of 2026-09-17`, () => {
  it('Mediapartners-Google is named as Google names it now (crawl preferences for it reach several ad products, not AdSense alone) and ignores *', () => {
    const c = profile('mediapartners-google');
    expect([c.name, c.tokens, c.ignoresGlobal]).toEqual(['Mediapartners-Google', ['Mediapartners-Google'], true]);
    expect(c.name).not.toMatch(/AdSense/);
  });
});

const AMAZON = 'https://developer.amazon.com/amazonbot';
describe(`Amazon, “Amazonbot” and Amazon's other crawlers (${AMAZON})`, () => {
  it('Amazonbot improves Amazon’s products and services and may be used to train Amazon AI models: training, not search', () => {
    expect(facts('amazonbot')).toMatchObject({ purposes: ['training', 'other'], page: AMAZON });
    expect(profile('amazonbot').purpose).toBe('training');
  });

  it('Amzn-SearchBot improves search in Amazon’s products (Alexa, Rufus); Amzn-User fetches what a user’s question needs', () => {
    expect(facts('amzn-searchbot')).toMatchObject({ purposes: ['search'], page: AMAZON, tokens: ['Amzn-SearchBot'], policy: true });
    expect(facts('amzn-user')).toMatchObject({ purposes: ['user'], page: AMAZON, tokens: ['Amzn-User'], policy: true });
  });
});

const KENDRA = 'https://docs.aws.amazon.com/kendra/latest/dg/data-source-web-crawler.html';
describe(`AWS, “Amazon Kendra Web Crawler” (${KENDRA})`, () => {
  it('amazon-kendra crawls sites to index them for Kendra’s search', () => {
    expect(facts('amazon-kendra')).toMatchObject({ purposes: ['search'], page: KENDRA, tokens: ['amazon-kendra'] });
  });
});

const OPENAI = 'https://platform.openai.com/docs/bots';
describe(`OpenAI, “Overview of OpenAI Crawlers” (${OPENAI})`, () => {
  it('GPTBot collects training data, OAI-SearchBot surfaces sites in ChatGPT search, ChatGPT-User fetches for a user (robots.txt may not apply)', () => {
    expect(facts('gptbot')).toMatchObject({ purposes: ['training'], page: OPENAI });
    expect(facts('oai-searchbot')).toMatchObject({ purposes: ['search'], page: OPENAI });
    expect(facts('chatgpt-user')).toMatchObject({ purposes: ['user'], page: OPENAI, mayIgnore: true });
  });

  it('OAI-AdsBot checks landing pages submitted as ChatGPT ads, its data not used for training: no AI purpose, so a policy leaves it alone', () => {
    expect(facts('oai-adsbot')).toMatchObject({ purposes: ['other'], page: OPENAI, tokens: ['OAI-AdsBot'], policy: false });
  });
});

const CHATGPT_AGENT = 'https://help.openai.com/en/articles/11845367-chatgpt-agent-allowlisting';
describe(`OpenAI, “ChatGPT agent allowlisting” (${CHATGPT_AGENT})`, () => {
  it('ChatGPT Agent sends a browser’s User-Agent and signs every request (Signature-Agent “https://chatgpt.com”): no robots.txt token', () => {
    expect(facts('chatgpt-agent')).toMatchObject({ tokens: [], policy: false, page: CHATGPT_AGENT });
    expect(profile('chatgpt-agent').tokenless).toEqual({ signatureAgent: 'https://chatgpt.com', googleReads: 'ChatGPT' });
    // Google-specific: a line “User-agent: ChatGPT Agent” is read as “ChatGPT”.
    expect(extractToken('ChatGPT Agent')).toBe('ChatGPT');
  });
});

const MISTRAL = 'https://docs.mistral.ai/robots/';
describe(`Mistral, “Mistral crawlers” (${MISTRAL})`, () => {
  it('MistralAI-User acts for a user, MistralAI-Index indexes for Mistral search (never training), MistralAI-Training builds training datasets', () => {
    expect(facts('mistralai-user')).toMatchObject({ purposes: ['user'], page: MISTRAL });
    expect(facts('mistralai-index')).toMatchObject({ purposes: ['search'], page: MISTRAL, policy: true });
    expect(facts('mistralai-training')).toMatchObject({ purposes: ['training'], page: MISTRAL, policy: true });
  });
});

const KIMI = 'https://www.kimi.com/policies/kimi-crawlers';
describe(`Moonshot AI, “Kimi Crawlers” (${KIMI})`, () => {
  it('KimiBot crawls for training, Kimi-SearchBot builds Kimi’s search index, Kimi-User acts for a user and “robots.txt rules may not directly apply”', () => {
    expect(facts('kimibot')).toMatchObject({ purposes: ['training'], page: KIMI, policy: true });
    expect(facts('kimi-searchbot')).toMatchObject({ purposes: ['search'], page: KIMI, policy: true });
    expect(facts('kimi-user')).toMatchObject({ purposes: ['user'], page: KIMI, mayIgnore: true });
  });
});

const DIFFBOT = 'https://docs.diffbot.com/docs/does-crawl-respect-robotstxt';
describe(`Diffbot, “Does Diffbot respect robots.txt?” (${DIFFBOT})`, () => {
  it('Diffbot crawls for its search and Knowledge Graph and “is not used for AI training”; Diffbot-User fetches for a human user', () => {
    expect(facts('diffbot')).toMatchObject({ purposes: ['search'], page: DIFFBOT });
    expect(facts('diffbot-user')).toMatchObject({ purposes: ['user'], page: DIFFBOT, tokens: ['Diffbot-User'] });
  });
});

const META = 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/';
describe(`Meta, “Meta Web Crawlers” (${META})`, () => {
  it('meta-externalagent trains, meta-externalfetcher fetches for a user (may bypass robots.txt), meta-webindexer improves Meta AI search', () => {
    expect(facts('meta-externalagent').purposes).toEqual(['training']);
    expect(facts('meta-externalfetcher')).toMatchObject({ purposes: ['user'], mayIgnore: true });
    expect(facts('meta-webindexer')).toMatchObject({ purposes: ['search'], page: META });
  });

  it('meta-externalads crawls for advertising products: no AI purpose, so a policy leaves it alone', () => {
    expect(facts('meta-externalads')).toMatchObject({ purposes: ['other'], page: META, policy: false });
  });
});

const YANDEX = 'https://yandex.ru/support/webmaster/en/search-appearance/fast.html?lang=en';
describe(`Yandex, “Quick answers” (${YANDEX})`, () => {
  it('YandexAdditional and YandexAdditionalBot fetch for YandexGPT’s quick answers in search, not for training', () => {
    for (const id of ['yandexadditional', 'yandexadditionalbot']) expect(facts(id)).toMatchObject({ purposes: ['search'], page: YANDEX });
  });
});

describe('every AI profile a policy sets by purpose names its operator’s page, unless its operator publishes none', () => {
  it('the page is the operator’s own (a directory never stands for one)', () => {
    for (const c of AI_CRAWLERS) {
      const page = crawlerPage(c)!;
      expect([c.id, page.source, page.url === null || !page.url.includes('knownagents.com')]).toEqual([c.id, 'operator', true]);
    }
  });
});
