#!/usr/bin/env node
// Regenerates src/robots/crawlers/ai-listing.ts from ai-robots-txt/ai.robots.txt's robots.json:
// node scripts/gen-ai-listing.mjs <robots.json> <commit> <checked date>
// Keeps the entries whose operator documents the crawler (a link of the operator's own in the
// listing); the purpose comes from the listing's words, corrected by hand in PURPOSE below.
import { readFileSync, writeFileSync } from 'node:fs';

const [file, commit, checked] = process.argv.slice(2);
if (!file || !commit || !checked) throw new Error('usage: gen-ai-listing.mjs <robots.json> <commit> <YYYY-MM-DD>');
const listing = JSON.parse(readFileSync(file, 'utf8'));

// Links that are not the operator's own documentation.
const NOT_OPERATOR = /knownagents\.com|github\.com\/ai-robots-txt|news\.ycombinator|web\.archive\.org/;
// Where the listing's words mislead: what the operator's documentation says the visits are for.
const PURPOSE = {
  'Applebot-Extended': 'control', 'Google-Extended': 'control', 'Amazonbot': 'search', 'DuckAssistBot': 'search',
  'CCBot': 'training', 'PetalBot': 'search', 'YouBot': 'search', 'iaskspider/2.0': 'search', 'Claude-SearchBot': 'search',
  'OAI-SearchBot': 'search', 'PerplexityBot': 'search', 'Perplexity-User': 'user', 'ChatGPT-User': 'user', 'Claude-User': 'user',
  'meta-externalfetcher': 'user', 'Meta-ExternalFetcher': 'user', 'MistralAI-User/1.0': 'user', 'Google-Agent': 'user',
  'atlassian-bot': 'search', 'KlaviyoAIBot': 'user', 'Crawlspace': 'training', 'FirecrawlAgent': 'user', 'Devin': 'user',
  'ChatGPT Agent': 'user', 'ShapBot': 'search', 'Mozilla-Tabstack': 'user', 'Bravebot': 'search', 'Anomura': 'search',
  'Cloudflare-AutoRAG': 'search', 'amazon-kendra': 'search', 'bedrockbot': 'search', 'SemrushBot-OCOB': 'user', 'SemrushBot-SWA': 'user',
  'Diffbot': 'training', 'omgili': 'training', 'omgilibot': 'training', 'Lightpanda': 'user',
  'meta-externalagent': 'training', 'Meta-ExternalAgent': 'training', 'LAIONDownloader': 'training', 'YandexAdditional': 'training',
  'YandexAdditionalBot': 'training', 'Poseidon Research Crawler': 'training', 'ImagesiftBot': 'training', 'ExaSearchBot': 'search',
  'Brightbot 1.0': 'training', 'AgentTimes': 'search', 'Andibot': 'search', 'TerraCotta': 'training', 'wpbot': 'user',
};
// Operators the listing names only by a link or at length.
const OPERATOR = { 'Bravebot': 'Brave', 'Brightbot 1.0': 'Bright Data', 'Lightpanda': 'Lightpanda (its users)', 'NagetBot': 'Naget',
  'Google-Agent': 'Google', 'Meta-ExternalAgent': 'Meta', 'meta-externalfetcher': 'Meta', 'Meta-ExternalFetcher': 'Meta',
  'DuckAssistBot': 'DuckDuckGo', 'FacebookBot': 'Meta', 'FriendlyCrawler': 'Unknown (one person)' };
// Where the listing links a home page and the operator has a page about its crawlers.
const DOC = { 'GPTBot': 'https://platform.openai.com/docs/bots', 'ChatGPT-User': 'https://platform.openai.com/docs/bots', 'ChatGPT Agent': 'https://platform.openai.com/docs/bots', 'OpenAI': 'https://platform.openai.com/docs/bots' };
// Names the tester already profiles outside the AI section (their section stays).
const NOT_AI = new Set(['applebot', 'googleother', 'googleother-image', 'googleother-video', 'facebookexternalhit', 'google-cloudvertexbot']);

const firstLink = (...texts) => {
  for (const t of texts) for (const m of String(t).matchAll(/https?:\/\/[^\s)\]]+/g)) if (!NOT_OPERATOR.test(m[0])) return m[0];
  return null;
};
const plain = (s) => s.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ').trim();
const guessPurpose = (name, e) => {
  const w = `${name} ${e.function} ${e.description}`.toLowerCase();
  if (/-user\b|assistant|agent|user-initiated|user prompt|on behalf/.test(w)) return 'user';
  if (/search|answer/.test(w)) return 'search';
  return 'training';
};
const obeys = (r) => {
  const s = plain(r).toLowerCase();
  if (s.startsWith('yes')) return 'yes';
  if (s.startsWith('no')) return 'no';
  if (s.includes('discretion')) return 'user-discretion';
  return 'unclear';
};
const rows = [];
for (const [name, e] of Object.entries(listing)) {
  if (NOT_AI.has(name.toLowerCase())) continue;
  const doc = DOC[name] ?? firstLink(e.respect, e.operator, e.function, e.description);
  if (!doc) continue;
  let operator = plain(e.operator).replace(/\.$/, '');
  if (OPERATOR[name]) operator = OPERATOR[name];
  else if (/unclear/i.test(operator)) operator = new URL(doc).hostname.replace(/^www\./, '');
  rows.push([name, operator, PURPOSE[name] ?? guessPurpose(name, e), doc, obeys(e.respect)]);
}
// Every listed name (documented or not) that Google's parser cannot read whole: for the finding.
const unreadable = Object.keys(listing).filter((n) => !/^[A-Za-z_-]+$/.test(n));
const q = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const out = `/**
 * AI crawlers as ai-robots-txt/ai.robots.txt lists them (robots.json at ${commit.slice(0, 7)}), kept
 * where the operator documents the crawler: name, operator, purpose, documentation, robots.txt stance.
 * Generated by scripts/gen-ai-listing.mjs; purposes corrected by hand there.
 */
import type { AiPurpose } from './crawlers.js';

/** Whether the operator says the crawler obeys robots.txt, as the listing records it. */
export type RobotsStance = 'yes' | 'no' | 'unclear' | 'user-discretion';

/** One listed AI crawler. */
export interface ListedAiCrawler {
  /** The name as the operator documents it (what a user-agent line should say). */
  readonly name: string;
  readonly operator: string;
  readonly purpose: AiPurpose;
  /** The operator's page about the crawler. */
  readonly docUrl: string;
  readonly obeys: RobotsStance;
  /** When the entry was last checked against the listing (YYYY-MM-DD). */
  readonly checked: string;
}

/** The listing this data was taken from. */
export const AI_LISTING_SOURCE = 'https://github.com/ai-robots-txt/ai.robots.txt/blob/${commit}/robots.json';

const CHECKED = ${q(checked)};
const row = (name: string, operator: string, purpose: AiPurpose, docUrl: string, obeys: RobotsStance): ListedAiCrawler => ({ name, operator, purpose, docUrl, obeys, checked: CHECKED });

/** Every name of the listing (documented or not) holding a digit, space or other character Google's parser stops at. */
export const UNREADABLE_LISTED_NAMES: readonly string[] = [${unreadable.map(q).join(', ')}];

/** Every documented AI crawler of the listing, in its order. */
export const AI_LISTING: readonly ListedAiCrawler[] = [
${rows.map((r) => `  row(${r.slice(0, 4).map(q).join(', ')}, ${q(r[4])}),`).join('\n')}
];
`;
writeFileSync(new URL('../src/robots/crawlers/ai-listing.ts', import.meta.url), out);
console.log(`${rows.length} crawlers written`);
