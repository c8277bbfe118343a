#!/usr/bin/env node
// Regenerates src/robots/crawlers/ai-listing.ts and ai-pages.ts from ai-robots-txt/ai.robots.txt's
// robots.json, unattended (the scheduled workflow runs it):
//   node scripts/gen-ai-listing.mjs --json <robots.json> --commit <sha> [--checked YYYY-MM-DD] [--out <dir>] [--check]
//   node scripts/gen-ai-listing.mjs --fetch [<ref>] [--checked YYYY-MM-DD] [--out <dir>] [--check]
// Keeps the entries whose operator documents the crawler (a link of the operator's own in the
// listing); the purpose comes from the listing's words, corrected by hand in PURPOSE below. When
// the crawlers are what the files already say, nothing is written (a new commit alone is no
// change), so a scheduled run opens a pull request only when the listing really changed.
// Exit codes: 0 written or unchanged; 1 with --check when the files would change; 2 bad input.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO = 'ai-robots-txt/ai.robots.txt';

// Links that are not the operator's own documentation.
const NOT_OPERATOR = /knownagents\.com|github\.com\/ai-robots-txt|news\.ycombinator|web\.archive\.org/;
// Where the listing's words mislead: what the operator's documentation says the visits are for.
const PURPOSE = {
  'Applebot-Extended': 'training', 'Google-Extended': 'training', 'Amazonbot': 'search', 'DuckAssistBot': 'search',
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
// Training-control tokens: they never fetch; their operators document them as the switch for
// using what their other crawlers fetch in AI training (so "training" includes them). A listed
// name ending in "-Extended" whose operator documents it is taken for one too.
const CONTROL = new Set(['Applebot-Extended', 'Google-Extended']);
// Operators the listing names only by a link or at length.
const OPERATOR = { 'Bravebot': 'Brave', 'Brightbot 1.0': 'Bright Data', 'Lightpanda': 'Lightpanda (its users)', 'NagetBot': 'Naget',
  'Google-Agent': 'Google', 'Meta-ExternalAgent': 'Meta', 'meta-externalfetcher': 'Meta', 'Meta-ExternalFetcher': 'Meta',
  'DuckAssistBot': 'DuckDuckGo', 'FacebookBot': 'Meta', 'FriendlyCrawler': 'Unknown (one person)' };
// Where the listing links a home page and the operator has a page about its crawlers.
const DOC = { 'GPTBot': 'https://platform.openai.com/docs/bots', 'ChatGPT-User': 'https://platform.openai.com/docs/bots', 'ChatGPT Agent': 'https://platform.openai.com/docs/bots', 'OpenAI': 'https://platform.openai.com/docs/bots' };
// Names the tester already profiles outside the AI section (their section stays).
const NOT_AI = new Set(['applebot', 'googleother', 'googleother-image', 'googleother-video', 'facebookexternalhit', 'google-cloudvertexbot']);

const firstLink = (...texts) => {
  for (const t of texts) for (const m of String(t ?? '').matchAll(/https?:\/\/[^\s)\]]+/g)) if (!NOT_OPERATOR.test(m[0])) return m[0];
  return null;
};
const plain = (s) => String(s ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ').trim();
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
const q = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The two files for a listing (robots.json's object), taken at `commit`, its pages checked on
 * `checked`. Pure: throws only on a listing that is not an object of entries.
 */
export function generateListing(listing, { commit, checked }) {
  if (listing === null || typeof listing !== 'object' || Array.isArray(listing)) throw new TypeError('robots.json is not an object of crawlers');
  const rows = [];
  for (const [name, e] of Object.entries(listing)) {
    if (e === null || typeof e !== 'object' || NOT_AI.has(name.toLowerCase())) continue;
    const doc = DOC[name] ?? firstLink(e.respect, e.operator, e.function, e.description);
    if (!doc) continue;
    let operator = plain(e.operator).replace(/\.$/, '');
    if (OPERATOR[name]) operator = OPERATOR[name];
    else if (/unclear/i.test(operator) || operator === '') operator = new URL(doc).hostname.replace(/^www\./, '');
    const control = CONTROL.has(name) || /-Extended$/.test(name);
    rows.push({ name, operator, purpose: control ? 'training' : PURPOSE[name] ?? guessPurpose(name, e), doc, obeys: obeys(e.respect), control });
  }
  // Every listed name (documented or not) that Google's parser cannot read whole: for the finding.
  const unreadable = Object.keys(listing).filter((n) => !/^[A-Za-z_-]+$/.test(n));
  const header = (what) => `/**
 * AI crawlers as ai-robots-txt/ai.robots.txt lists them (robots.json at ${commit.slice(0, 7)}), kept
 * where the operator documents the crawler: ${what}.
 * Generated by scripts/gen-ai-listing.mjs; purposes corrected by hand there.
 */`;
  const listingTs = `${header('name, operator, purpose and robots.txt stance (their pages: ai-pages.ts)')}
import type { AiPurpose } from './crawlers.js';

/** Whether the operator says the crawler obeys robots.txt, as the listing records it. */
export type RobotsStance = 'yes' | 'no' | 'unclear' | 'user-discretion';

/** One listed AI crawler. */
export interface ListedAiCrawler {
  /** The name as the operator documents it (what a user-agent line should say). */
  readonly name: string;
  readonly operator: string;
  readonly purpose: AiPurpose;
  readonly obeys: RobotsStance;
  /** A training-control token: it never fetches (its purpose is training). */
  readonly controlToken: boolean;
}

const row = (name: string, operator: string, purpose: AiPurpose, obeys: RobotsStance, controlToken = false): ListedAiCrawler => ({ name, operator, purpose, obeys, controlToken });

/** Every name of the listing (documented or not) holding a digit, space or other character Google's parser stops at. */
export const UNREADABLE_LISTED_NAMES: readonly string[] = [${unreadable.map(q).join(', ')}];

/** Every documented AI crawler of the listing, in its order. */
export const AI_LISTING: readonly ListedAiCrawler[] = [
${rows.map((r) => `  row(${[r.name, r.operator, r.purpose, r.obeys].map(q).join(', ')}${r.control ? ', true' : ''}),`).join('\n')}
];
`;
  const pagesTs = `${header('the operator\'s page about each crawler, and when it was checked')}

/** The listing this data was taken from. */
export const AI_LISTING_SOURCE = 'https://github.com/${REPO}/blob/${commit}/robots.json';

/** When the pages were last checked against the listing (YYYY-MM-DD). */
export const AI_PAGES_CHECKED = ${q(checked)};

/** Listed name, lower case → the operator's page about the crawler. */
export const AI_PAGES: Readonly<Record<string, string>> = {
${[...new Map(rows.map((r) => [r.name.toLowerCase(), r.doc]).reverse()).entries()].reverse().map(([k, v]) => `  ${q(k)}: ${q(v)},`).join('\n')}
};
`;
  return { listingTs, pagesTs, count: rows.length };
}

/** A generated file without the lines that name the commit and the date: what a change is judged by. */
export function substance(ts) {
  return ts.replace(/\(robots\.json at [0-9a-f]+\)/, '').replace(/^export const AI_LISTING_SOURCE = .*$/m, '').replace(/^export const AI_PAGES_CHECKED = .*$/m, '');
}

/** Writes `text` to `path` atomically (a temporary file renamed over it). */
function writeAtomically(path, text) {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/**
 * Regenerates the files in `out` from `listing`: returns 'unchanged' (nothing written) or 'changed'
 * (written, unless `check`).
 */
export function regenerate(listing, { commit, checked, out, check = false }) {
  const next = generateListing(listing, { commit, checked });
  const paths = { listingTs: join(out, 'ai-listing.ts'), pagesTs: join(out, 'ai-pages.ts') };
  const current = Object.fromEntries(Object.entries(paths).map(([k, p]) => [k, existsSync(p) ? readFileSync(p, 'utf8') : '']));
  if (substance(current.listingTs) === substance(next.listingTs) && substance(current.pagesTs) === substance(next.pagesTs)) return { state: 'unchanged', count: next.count };
  if (!check) for (const [k, p] of Object.entries(paths)) writeAtomically(p, next[k]);
  return { state: 'changed', count: next.count };
}

/** The listing and its commit from GitHub (`ref`: a branch, tag or commit). */
async function fetchListing(ref) {
  const headers = { 'user-agent': 'robots-txt-tester gen-ai-listing', accept: 'application/vnd.github+json', ...(process.env.GITHUB_TOKEN ? { authorization: `Bearer ${process.env.GITHUB_TOKEN}` } : {}) };
  const meta = await fetch(`https://api.github.com/repos/${REPO}/commits/${encodeURIComponent(ref)}`, { headers });
  if (!meta.ok) throw new Error(`GitHub answered ${meta.status} for ${REPO}@${ref}`);
  const { sha } = await meta.json();
  const body = await fetch(`https://raw.githubusercontent.com/${REPO}/${sha}/robots.json`, { headers: { 'user-agent': headers['user-agent'] } });
  if (!body.ok) throw new Error(`robots.json at ${sha}: HTTP ${body.status}`);
  return { listing: await body.json(), commit: sha };
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: { json: { type: 'string' }, fetch: { type: 'boolean' }, commit: { type: 'string' }, checked: { type: 'string' }, out: { type: 'string' }, check: { type: 'boolean' } },
  });
  const checked = values.checked ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(checked)) throw new UsageError(`--checked takes YYYY-MM-DD, not ${checked}`);
  const out = values.out ?? fileURLToPath(new URL('../src/robots/crawlers/', import.meta.url));
  let listing;
  let commit;
  if (values.fetch) {
    ({ listing, commit } = await fetchListing(positionals[0] ?? 'main'));
  } else {
    if (!values.json || !values.commit) throw new UsageError('usage: gen-ai-listing.mjs --json <robots.json> --commit <sha> | --fetch [<ref>]  [--checked YYYY-MM-DD] [--out <dir>] [--check]');
    if (!/^[0-9a-f]{7,40}$/.test(values.commit)) throw new UsageError(`--commit takes a commit hash, not ${values.commit}`);
    try {
      listing = JSON.parse(readFileSync(values.json, 'utf8'));
    } catch (e) {
      throw new UsageError(`${values.json}: ${e.message}`);
    }
    commit = values.commit;
  }
  const r = regenerate(listing, { commit, checked, out, check: values.check });
  console.log(`${r.count} crawlers; ${r.state === 'unchanged' ? 'the listing is unchanged' : values.check ? 'the files would change' : 'files written'} (${REPO}@${commit.slice(0, 7)})`);
  return r.state === 'changed' && values.check ? 1 : 0;
}

class UsageError extends Error {}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
    console.error(`gen-ai-listing: ${e.message}`);
    process.exit(e instanceof UsageError || e instanceof TypeError ? 2 : 1);
  });
}
