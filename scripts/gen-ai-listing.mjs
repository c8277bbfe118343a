#!/usr/bin/env node
// Regenerates the AI crawler data in src/robots/crawlers/ from ai-robots-txt/ai.robots.txt's
// robots.json, unattended (the scheduled workflow runs it), and says what changed:
//   node scripts/gen-ai-listing.mjs --json <robots.json> --commit <sha> [--checked YYYY-MM-DD] [--out <dir>] [--report <file.md>] [--check]
//   node scripts/gen-ai-listing.mjs --fetch [<ref>] [--checked YYYY-MM-DD] [--out <dir>] [--report <file.md>] [--check]
// Every name of the listing is kept. A name whose operator documents it (a link of the operator's
// own in the listing, or a page named in DOC below) is a profile (ai-listing.ts, its page in
// ai-pages.ts); any other is a name a directory lists (Known Agents), kept apart (ai-directory.ts,
// loaded only where the whole list is shown). The purposes come from the listing's words,
// corrected by hand in PURPOSES below from the operators' pages. When the crawlers are what the
// files already say, nothing is written (a new commit alone is no change), so a scheduled run opens
// a pull request only when the listing really changed; --report writes what changed (Markdown).
// Exit codes: 0 written or unchanged; 1 with --check when the files would change; 2 bad input.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO = 'ai-robots-txt/ai.robots.txt';

// Links that are not the operator's own documentation.
const NOT_OPERATOR = /knownagents\.com|github\.com\/ai-robots-txt|news\.ycombinator|web\.archive\.org/;
// A directory's page about a name (what a name without an operator page is listed by).
const DIRECTORY_PAGE = /https?:\/\/knownagents\.com\/[^\s)\]]+/;
// Where the listing's words mislead: what the operator's documentation says the visits are for
// (more than one where it names more; `other`: neither training, search nor a user's fetch).
const PURPOSES = {
  'Applebot-Extended': 'training', 'Google-Extended': 'training', 'DuckAssistBot': 'search',
  'CCBot': 'training', 'PetalBot': 'search', 'YouBot': 'search', 'iaskspider/2.0': 'search', 'Claude-SearchBot': 'search',
  'OAI-SearchBot': 'search', 'PerplexityBot': 'search', 'Perplexity-User': 'user', 'ChatGPT-User': 'user', 'Claude-User': 'user',
  'meta-externalfetcher': 'user', 'Meta-ExternalFetcher': 'user', 'MistralAI-User/1.0': 'user', 'Google-Agent': 'user',
  'atlassian-bot': 'search', 'KlaviyoAIBot': 'user', 'Crawlspace': 'training', 'FirecrawlAgent': 'user', 'Devin': 'user',
  'ChatGPT Agent': 'user', 'Operator': 'user', 'NovaAct': 'user', 'ShapBot': 'search', 'Mozilla-Tabstack': 'user', 'Bravebot': 'search', 'Anomura': 'search',
  'Cloudflare-AutoRAG': 'search', 'bedrockbot': 'search', 'SemrushBot-OCOB': 'user', 'SemrushBot-SWA': 'user',
  'omgili': 'training', 'omgilibot': 'training', 'Lightpanda': 'user',
  'meta-externalagent': 'training', 'Meta-ExternalAgent': 'training', 'LAIONDownloader': 'training',
  'Poseidon Research Crawler': 'training', 'ImagesiftBot': 'training', 'ExaSearchBot': 'search',
  'Brightbot 1.0': 'training', 'AgentTimes': 'search', 'Andibot': 'search', 'TerraCotta': 'training', 'wpbot': 'user',
  // developer.amazon.com/amazonbot: Amazonbot improves Amazon's products and may train its AI models;
  // search is Amzn-SearchBot's (Alexa, Rufus), fetches a user asks for Amzn-User's.
  'Amazonbot': 'training other', 'Amzn-SearchBot': 'search', 'Amzn-User': 'user',
  // docs.aws.amazon.com/kendra: the Kendra web crawler indexes sites for Kendra's search.
  'amazon-kendra': 'search',
  // developers.facebook.com/docs/sharing/webmasters/web-crawlers: Meta-WebIndexer improves Meta AI search.
  'meta-webindexer': 'search',
  // yandex.ru/support/webmaster/…/fast.html: YandexAdditional is for YandexGPT's quick answers in search.
  'YandexAdditional': 'search', 'YandexAdditionalBot': 'search',
  // docs.diffbot.com: Diffbot crawls for its search and Knowledge Graph, "not used for AI training".
  'Diffbot': 'search',
  // kimi.com/policies/kimi-crawlers: Kimi-User handles user-initiated actions.
  'Kimi-User': 'user',
};
// Where the operator's page says otherwise than the listing about obeying robots.txt.
const OBEYS = {
  'Amzn-SearchBot': 'yes', 'Amzn-User': 'yes', 'amazon-kendra': 'yes', 'Diffbot': 'yes',
  // "because actions are user-triggered, robots.txt rules may not directly apply"
  'Kimi-User': 'no',
};
// Agents no robots.txt line can name: they send a browser's User-Agent (or one no group can use)
// and identify themselves otherwise. `googleReads`: what Google's parser reads from the listed name.
const TOKENLESS = {
  // help.openai.com/en/articles/11845367: signs every request, Signature-Agent "https://chatgpt.com".
  'ChatGPT Agent': { signatureAgent: 'https://chatgpt.com', googleReads: 'ChatGPT' },
  'Operator': { signatureAgent: 'https://chatgpt.com' },
  'NovaAct': {},
  // developers.google.com/crawling/docs/crawlers-fetchers/allow-google-agent
  'Google-Agent': { product: 'Google-Agent', signatureAgent: 'https://agent.bot.goog' },
};
// Training-control tokens: they never fetch; their operators document them as the switch for
// using what their other crawlers fetch in AI training (so "training" includes them). A listed
// name ending in "-Extended" whose operator documents it is taken for one too.
const CONTROL = new Set(['Applebot-Extended', 'Google-Extended']);
// Operators the listing names only by a link, at length or not at all.
const OPERATOR = { 'Bravebot': 'Brave', 'Brightbot 1.0': 'Bright Data', 'Lightpanda': 'Lightpanda (its users)', 'NagetBot': 'Naget',
  'Google-Agent': 'Google', 'Meta-ExternalAgent': 'Meta', 'meta-externalfetcher': 'Meta', 'Meta-ExternalFetcher': 'Meta',
  'DuckAssistBot': 'DuckDuckGo', 'FacebookBot': 'Meta', 'FriendlyCrawler': 'Unknown (one person)',
  'Amzn-SearchBot': 'Amazon', 'Amzn-User': 'Amazon', 'Kimi-User': 'Moonshot AI', 'Operator': 'OpenAI', 'NovaAct': 'Amazon',
  'PanguBot': 'Huawei', 'Claude-Code': 'Anthropic', 'Google-Gemini-CLI': 'Google', 'Gemini-Deep-Research': 'Google',
  'Google-NotebookLM': 'Google', 'NotebookLM': 'Google', 'CloudVertexBot': 'Google' };
// Where the listing links a home page or a directory, and the operator has a page about its crawlers.
const DOC = {
  'GPTBot': 'https://platform.openai.com/docs/bots', 'ChatGPT-User': 'https://platform.openai.com/docs/bots', 'OpenAI': 'https://platform.openai.com/docs/bots',
  'ChatGPT Agent': 'https://help.openai.com/en/articles/11845367-chatgpt-agent-allowlisting',
  'Amazonbot': 'https://developer.amazon.com/amazonbot', 'Amzn-SearchBot': 'https://developer.amazon.com/amazonbot', 'Amzn-User': 'https://developer.amazon.com/amazonbot',
  'amazon-kendra': 'https://docs.aws.amazon.com/kendra/latest/dg/data-source-web-crawler.html',
  'Kimi-User': 'https://www.kimi.com/policies/kimi-crawlers',
  'Diffbot': 'https://docs.diffbot.com/docs/does-crawl-respect-robotstxt',
};
// Names the tester already profiles outside the AI section (their section stays), Google's fetchers among them.
const NOT_AI = new Set(['applebot', 'googleother', 'googleother-image', 'googleother-video', 'facebookexternalhit', 'google-cloudvertexbot', 'google-notebooklm']);

const firstLink = (...texts) => {
  for (const t of texts) for (const m of String(t ?? '').matchAll(/https?:\/\/[^\s)\]]+/g)) if (!NOT_OPERATOR.test(m[0])) return m[0];
  return null;
};
const plain = (s) => String(s ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ').trim();
/** What the listing's words say the visits are for: its directory's categories first, then its words. */
const guessPurposes = (name, e) => {
  const f = plain(e.function);
  if (/^AI Search Crawlers$/i.test(f)) return 'search';
  if (/^AI (Assistants|Agents|Coding Agents)$/i.test(f)) return 'user';
  if (/^AI Data (Scrapers|Providers)$|^AI data scraper$/i.test(f)) return 'training';
  if (/^Undocumented AI Agents$/i.test(f)) return 'other';
  const w = `${name} ${e.function} ${e.description}`.replace(/https?:\/\/\S+/g, '').toLowerCase();
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
/** The operator a directory's words name ("Kagi that fetches…", "Ai2, a non-profit…"); '' when unclear. */
const directoryOperator = (name, e) => {
  if (OPERATOR[name]) return OPERATOR[name];
  const s = plain(e.operator).replace(/\.$/, '');
  if (/unclear/i.test(s) || s === '') return '';
  return s.split(/,| that | to | used /)[0].trim();
};
const q = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const identityTs = (t) => `{ ${Object.entries(t).map(([k, v]) => `${k}: ${q(v)}`).join(', ')} }`;

/** The listing's names as the tester keeps them: the documented ones, the directory's, the names Google cuts. */
export function readListing(listing) {
  if (listing === null || typeof listing !== 'object' || Array.isArray(listing)) throw new TypeError('robots.json is not an object of crawlers');
  const documented = [];
  const directory = [];
  for (const [name, e] of Object.entries(listing)) {
    if (e === null || typeof e !== 'object' || NOT_AI.has(name.toLowerCase())) continue;
    const doc = DOC[name] ?? firstLink(e.respect, e.operator, e.function, e.description);
    const purposes = PURPOSES[name] ?? guessPurposes(name, e);
    const tokenless = TOKENLESS[name] ?? null;
    if (!doc) {
      const page = [e.description, e.operator, e.respect, e.function].map((t) => DIRECTORY_PAGE.exec(String(t ?? ''))?.[0]).find(Boolean) ?? '';
      directory.push({ name, operator: directoryOperator(name, e), purposes, page, tokenless });
      continue;
    }
    let operator = plain(e.operator).replace(/\.$/, '');
    if (OPERATOR[name]) operator = OPERATOR[name];
    else if (/unclear/i.test(operator) || operator === '') operator = new URL(doc).hostname.replace(/^www\./, '');
    const control = CONTROL.has(name) || /-Extended$/.test(name);
    // A documented crawler is set by an AI purpose: `other` alone is not one the policy can set.
    const said = control ? 'training' : purposes === 'other' ? 'training' : purposes;
    documented.push({ name, operator, purposes: said, doc, obeys: OBEYS[name] ?? obeys(e.respect), control, tokenless });
  }
  // Every listed name (documented or not) that Google's parser cannot read whole: for the finding.
  const unreadable = Object.keys(listing).filter((n) => !/^[A-Za-z_-]+$/.test(n));
  return { documented, directory, unreadable };
}

/**
 * The generated files for a listing (robots.json's object), taken at `commit`, its pages checked on
 * `checked`. Pure: throws only on a listing that is not an object of entries.
 */
export function generateListing(listing, { commit, checked }) {
  const { documented, directory, unreadable } = readListing(listing);
  const header = (what) => `/**
 * AI crawlers as ai-robots-txt/ai.robots.txt lists them (robots.json at ${commit.slice(0, 7)}):
 * ${what}.
 * Generated by scripts/gen-ai-listing.mjs; purposes corrected by hand there from the operators' pages.
 */`;
  const listingTs = `${header('those whose operator documents them, with operator, purposes and robots.txt stance\n * (their pages: ai-pages.ts)')}
import type { AgentIdentity, AiPurpose, CrawlerPurpose } from './crawlers.js';

/** Whether the operator says the crawler obeys robots.txt, as the listing records it. */
export type RobotsStance = 'yes' | 'no' | 'unclear' | 'user-discretion';

/** One listed AI crawler. */
export interface ListedAiCrawler {
  /** The name as the operator documents it (what a user-agent line should say). */
  readonly name: string;
  readonly operator: string;
  /** The AI purpose the policy sets it by: the first of \`purposes\`. */
  readonly purpose: AiPurpose;
  /** Every purpose its operator names. */
  readonly purposes: readonly CrawlerPurpose[];
  readonly obeys: RobotsStance;
  /** A training-control token: it never fetches (its purpose is training). */
  readonly controlToken: boolean;
  /** An agent no robots.txt line can name: how it identifies itself. */
  readonly tokenless?: AgentIdentity;
}

const row = (name: string, operator: string, said: string, obeys: RobotsStance, controlToken = false, tokenless?: AgentIdentity): ListedAiCrawler => {
  const purposes = said.split(' ') as CrawlerPurpose[];
  return { name, operator, purpose: purposes[0] as AiPurpose, purposes, obeys, controlToken, ...(tokenless ? { tokenless } : {}) };
};

/** Every documented AI crawler of the listing, in its order. */
export const AI_LISTING: readonly ListedAiCrawler[] = [
${documented.map((r) => `  row(${[r.name, r.operator, r.purposes, r.obeys].map(q).join(', ')}${r.control || r.tokenless ? `, ${r.control}` : ''}${r.tokenless ? `, ${identityTs(r.tokenless)}` : ''}),`).join('\n')}
];
`;
  const directoryTs = `${header('the names no operator page documents, listed by a directory only (Known Agents)')}
import type { AgentIdentity, CrawlerPurpose } from './crawlers.js';

/** A name the listing has from a directory, not from its operator. */
export interface DirectoryName {
  readonly name: string;
  /** Who the directory says runs it ('' when it does not say). */
  readonly operator: string;
  /** What the directory says its visits are for. */
  readonly purposes: readonly CrawlerPurpose[];
  /** The directory's page about it ('' when the listing links none). */
  readonly page: string;
  /** An agent no robots.txt line can name: how it identifies itself. */
  readonly tokenless?: AgentIdentity;
}

const dir = (name: string, operator: string, said: string, page: string, tokenless?: AgentIdentity): DirectoryName =>
  ({ name, operator, purposes: said.split(' ') as CrawlerPurpose[], page, ...(tokenless ? { tokenless } : {}) });

/** Every name of the listing that only a directory documents, in its order. */
export const DIRECTORY_LISTING: readonly DirectoryName[] = [
${directory.map((r) => `  dir(${[r.name, r.operator, r.purposes, r.page].map(q).join(', ')}${r.tokenless ? `, ${identityTs(r.tokenless)}` : ''}),`).join('\n')}
];
`;
  const unreadableTs = `${header('every name, documented or not, that Google\'s parser cannot read whole')}

/** Every name of the listing holding a digit, space or other character Google's parser stops at. */
export const UNREADABLE_LISTED_NAMES: readonly string[] = [${unreadable.map(q).join(', ')}];
`;
  const pagesTs = `${header('the operator\'s page about each documented crawler, and when it was checked')}

/** The listing this data was taken from. */
export const AI_LISTING_SOURCE = 'https://github.com/${REPO}/blob/${commit}/robots.json';

/** When the pages were last checked against the listing (YYYY-MM-DD). */
export const AI_PAGES_CHECKED = ${q(checked)};

/** Listed name, lower case → the operator's page about the crawler. */
export const AI_PAGES: Readonly<Record<string, string>> = {
${[...new Map(documented.map((r) => [r.name.toLowerCase(), r.doc]).reverse()).entries()].reverse().map(([k, v]) => `  ${q(k)}: ${q(v)},`).join('\n')}
};
`;
  return { files: { 'ai-listing.ts': listingTs, 'ai-directory.ts': directoryTs, 'ai-unreadable.ts': unreadableTs, 'ai-pages.ts': pagesTs }, count: documented.length, directory: directory.length };
}

/** A generated file without the lines that name the commit and the date: what a change is judged by. */
export function substance(ts) {
  return ts.replace(/\(robots\.json at [0-9a-f]+\)/, '').replace(/^export const AI_LISTING_SOURCE = .*$/m, '').replace(/^export const AI_PAGES_CHECKED = .*$/m, '');
}

/** The quoted arguments of a generated line, unescaped. */
const strings = (line) => [...line.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));

/**
 * What generated files say of each name (purposes, robots.txt stance, source: the operator's page
 * or the directory's): read back from the files themselves, so a run compares with what is committed.
 */
export function namesOf(files) {
  const out = new Map();
  const pages = new Map();
  for (const line of (files['ai-pages.ts'] ?? '').split('\n')) {
    const s = strings(line);
    if (/^ {2}'/.test(line) && s.length === 2) pages.set(s[0], s[1]);
  }
  for (const line of (files['ai-listing.ts'] ?? '').split('\n')) {
    if (!line.startsWith('  row(')) continue;
    const [name, operator, purposes, stance] = strings(line);
    out.set(name, { operator, purposes, stance, source: pages.get(name.toLowerCase()) ?? '' });
  }
  for (const line of (files['ai-directory.ts'] ?? '').split('\n')) {
    if (!line.startsWith('  dir(')) continue;
    const [name, operator, purposes, page] = strings(line);
    out.set(name, { operator, purposes, stance: '', source: `directory${page ? ` ${page}` : ''}` });
  }
  return out;
}

/** What changed between two sets of generated files: names added and removed, purposes, stances and sources changed. */
export function listingChanges(before, after) {
  const a = namesOf(before);
  const b = namesOf(after);
  const changed = (field) => [...b].filter(([n, v]) => a.has(n) && a.get(n)[field] !== v[field]).map(([n, v]) => ({ name: n, from: a.get(n)[field], to: v[field] }));
  // A directory's name has no stance: a name that gains or loses its operator's page changes source.
  const stances = changed('stance').filter((c) => c.from !== '' && c.to !== '');
  return {
    added: [...b].filter(([n]) => !a.has(n)).map(([name, v]) => ({ name, ...v })),
    removed: [...a].filter(([n]) => !b.has(n)).map(([name, v]) => ({ name, ...v })),
    purposes: changed('purposes'),
    stances,
    sources: changed('source'),
  };
}

const sourceWords = (s) => (s.startsWith('directory') ? `listed by a directory only${s.length > 9 ? ` (${s.slice(10)})` : ''}` : s ? `operator's page ${s}` : 'no page');

/** The changes in Markdown, for the pull request that brings them; what to check before merging. */
export function formatChanges(changes, commit) {
  const out = [`Regenerated by \`scripts/gen-ai-listing.mjs\` from https://github.com/${REPO}/blob/${commit}/robots.json.`, ''];
  const section = (title, items) => {
    if (items.length === 0) return;
    out.push(`### ${title}`, '', ...items.map((i) => `- ${i}`), '');
  };
  section('Added', changes.added.map((c) => `\`${c.name}\`${c.operator ? ` (${c.operator})` : ''}: ${c.purposes}; ${sourceWords(c.source)}`));
  section('Removed', changes.removed.map((c) => `\`${c.name}\`${c.operator ? ` (${c.operator})` : ''}`));
  section('Purposes changed', changes.purposes.map((c) => `\`${c.name}\`: ${c.from} → ${c.to}`));
  section('Robots.txt stance changed', changes.stances.map((c) => `\`${c.name}\`: ${c.from || 'none'} → ${c.to || 'none'}`));
  section('Source changed', changes.sources.map((c) => `\`${c.name}\`: ${sourceWords(c.from)} → ${sourceWords(c.to)}`));
  if (out.length === 2) out.push('No crawler changed.', '');
  out.push('Before merging, check each added or changed crawler against its operator\'s page: its purposes (training, search',
    'and answers, fetches a user asked for, other) and whether it is a training-control token or an agent no robots.txt',
    'line can name; correct the generator\'s `PURPOSES`, `OBEYS`, `DOC` or `TOKENLESS` tables where the listing\'s words mislead.');
  return out.join('\n') + '\n';
}

/** Writes `text` to `path` atomically (a temporary file renamed over it). */
function writeAtomically(path, text) {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/**
 * Regenerates the files in `out` from `listing`: returns 'unchanged' (nothing written) or 'changed'
 * (written, unless `check`), with what changed.
 */
export function regenerate(listing, { commit, checked, out, check = false }) {
  const next = generateListing(listing, { commit, checked });
  const paths = Object.fromEntries(Object.keys(next.files).map((k) => [k, join(out, k)]));
  const current = Object.fromEntries(Object.entries(paths).map(([k, p]) => [k, existsSync(p) ? readFileSync(p, 'utf8') : '']));
  const changes = listingChanges(current, next.files);
  const base = { count: next.count, directory: next.directory, changes };
  if (Object.keys(paths).every((k) => substance(current[k]) === substance(next.files[k]))) return { state: 'unchanged', ...base };
  if (!check) for (const [k, p] of Object.entries(paths)) writeAtomically(p, next.files[k]);
  return { state: 'changed', ...base };
}

/** The listing and its commit from GitHub (`ref`: a branch, tag or commit). */
async function fetchListing(ref) {
  const headers = { 'user-agent': 'robots-txt-tester gen-ai-listing', accept: 'application/vnd.github+json', ...(process.env.GITHUB_TOKEN ? { authorization: `Bearer ${process.env.GITHUB_TOKEN}` } : {}) };
  const meta = await fetch(`https://api.github.com/repos/${REPO}/commits/${encodeURIComponent(ref)}`, { headers, signal: AbortSignal.timeout(30_000) });
  if (!meta.ok) throw new Error(`GitHub answered ${meta.status} for ${REPO}@${ref}`);
  const { sha } = await meta.json();
  const body = await fetch(`https://raw.githubusercontent.com/${REPO}/${sha}/robots.json`, { headers: { 'user-agent': headers['user-agent'] }, signal: AbortSignal.timeout(30_000) });
  if (!body.ok) throw new Error(`robots.json at ${sha}: HTTP ${body.status}`);
  return { listing: await body.json(), commit: sha };
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: { json: { type: 'string' }, fetch: { type: 'boolean' }, commit: { type: 'string' }, checked: { type: 'string' }, out: { type: 'string' }, report: { type: 'string' }, check: { type: 'boolean' } },
  });
  const checked = values.checked ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(checked)) throw new UsageError(`--checked takes YYYY-MM-DD, not ${checked}`);
  const out = values.out ?? fileURLToPath(new URL('../src/robots/crawlers/', import.meta.url));
  let listing;
  let commit;
  if (values.fetch) {
    ({ listing, commit } = await fetchListing(positionals[0] ?? 'main'));
  } else {
    if (!values.json || !values.commit) throw new UsageError('usage: gen-ai-listing.mjs --json <robots.json> --commit <sha> | --fetch [<ref>]  [--checked YYYY-MM-DD] [--out <dir>] [--report <file.md>] [--check]');
    if (!/^[0-9a-f]{7,40}$/.test(values.commit)) throw new UsageError(`--commit takes a commit hash, not ${values.commit}`);
    try {
      listing = JSON.parse(readFileSync(values.json, 'utf8'));
    } catch (e) {
      throw new UsageError(`${values.json}: ${e.message}`);
    }
    commit = values.commit;
  }
  const r = regenerate(listing, { commit, checked, out, check: values.check });
  if (values.report) writeAtomically(values.report, formatChanges(r.changes, commit));
  const c = r.changes;
  console.log(`${r.count} documented crawlers, ${r.directory} names listed by a directory only; ${r.state === 'unchanged' ? 'the listing is unchanged' : values.check ? 'the files would change' : 'files written'} (${REPO}@${commit.slice(0, 7)})`);
  if (r.state === 'changed') console.log(`${c.added.length} added, ${c.removed.length} removed, ${c.purposes.length} purposes, ${c.stances.length} stances and ${c.sources.length} sources changed`);
  return r.state === 'changed' && values.check ? 1 : 0;
}

class UsageError extends Error {}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
    console.error(`gen-ai-listing: ${e.message}`);
    process.exit(e instanceof UsageError || e instanceof TypeError ? 2 : 1);
  });
}
