#!/usr/bin/env node
// Refreshes the operators' published IP ranges the logs verify crawlers by
// (src/robots/logs/published-ranges.json), unattended (the scheduled workflow runs it), and says
// what changed:
//   node scripts/gen-ip-ranges.mjs [--from <dir>] [--copied YYYY-MM-DD] [--via <name>=<where>]... [--out <file>] [--report <file.md>] [--check]
// Each file of SOURCES is fetched from the operator's URL, or with --from read from <dir>/<name>
// (a copy of it; a file missing there keeps its present copy). A file that cannot be fetched or
// read, or lists no usable prefix, keeps its present copy and is named in the report; entries that
// are no prefix are skipped and named. When every file lists the prefixes the data already holds,
// nothing is written (a new creationTime alone is no change: Google's files get one every day), so
// a scheduled run opens a pull request only when some operator's addresses changed.
// Exit codes: 0 written or unchanged; 1 with --check when the data would change; 2 bad input.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import ipaddr from 'ipaddr.js';

/** The operators' files: their published names (the engine's PUBLISHED_RANGES tells whom each verifies) and where they are published. */
export const SOURCES = [
  { name: 'googlebot.json', operator: 'Google', url: 'https://developers.google.com/static/crawling/ipranges/common-crawlers.json' },
  { name: 'special-crawlers.json', operator: 'Google', url: 'https://developers.google.com/static/crawling/ipranges/special-crawlers.json' },
  { name: 'user-triggered-fetchers.json', operator: 'Google', url: 'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers.json' },
  { name: 'user-triggered-fetchers-google.json', operator: 'Google', url: 'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers-google.json' },
  { name: 'bingbot.json', operator: 'Microsoft', url: 'https://www.bing.com/toolbox/bingbot.json' },
  { name: 'gptbot.json', operator: 'OpenAI', url: 'https://openai.com/gptbot.json' },
  { name: 'searchbot.json', operator: 'OpenAI', url: 'https://openai.com/searchbot.json' },
  { name: 'chatgpt-user.json', operator: 'OpenAI', url: 'https://openai.com/chatgpt-user.json' },
  { name: 'perplexitybot.json', operator: 'Perplexity', url: 'https://www.perplexity.ai/perplexitybot.json' },
  { name: 'perplexity-user.json', operator: 'Perplexity', url: 'https://www.perplexity.ai/perplexity-user.json' },
  { name: 'applebot.json', operator: 'Apple', url: 'https://search.developer.apple.com/applebot.json' },
  { name: 'duckduckbot.json', operator: 'DuckDuckGo', url: 'https://duckduckgo.com/duckduckbot.json' },
];

const OUT = fileURLToPath(new URL('../src/robots/logs/published-ranges.json', import.meta.url));
/** The largest file taken (Google's largest is under 100 KB). */
const MAX_BYTES = 5 << 20;
const TIMEOUT_MS = 30_000;

/** A prefix in one written form (the network address, lower case), or null when it is none. */
export function prefixOf(entry) {
  if (typeof entry !== 'string') return null;
  const s = entry.trim();
  try {
    const [address, bits] = ipaddr.parseCIDR(s);
    const net = address.kind() === 'ipv6' ? ipaddr.IPv6.networkAddressFromCIDR(s).toRFC5952String() : ipaddr.IPv4.networkAddressFromCIDR(s).toString();
    return `${net}/${bits}`;
  } catch {
    return null;
  }
}

/** IPv4 before IPv6, each in address order, then by length. */
function byPrefix(a, b) {
  const [pa, la] = ipaddr.parseCIDR(a);
  const [pb, lb] = ipaddr.parseCIDR(b);
  const ba = pa.toByteArray();
  const bb = pb.toByteArray();
  if (ba.length !== bb.length) return ba.length - bb.length;
  for (let i = 0; i < ba.length; i++) if (ba[i] !== bb[i]) return ba[i] - bb[i];
  return la - lb;
}

/**
 * An operator's file read: its creationTime and prefixes (each once, in order), and the entries
 * that were no prefix. Throws an Error saying why when it is not such a file or lists none.
 */
export function readOperatorFile(text, name) {
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${name} is not JSON`);
  }
  if (!json || !Array.isArray(json.prefixes)) throw new Error(`${name} holds no "prefixes" list`);
  const prefixes = new Set();
  const invalid = [];
  for (const p of json.prefixes) {
    const written = p && typeof p === 'object' ? p.ipv4Prefix ?? p.ipv6Prefix : undefined;
    const prefix = prefixOf(written);
    if (prefix === null) invalid.push(JSON.stringify(p).slice(0, 100));
    else prefixes.add(prefix);
  }
  if (prefixes.size === 0) throw new Error(`${name} lists no usable prefix`);
  return { creationTime: typeof json.creationTime === 'string' ? json.creationTime : null, prefixes: [...prefixes].sort(byPrefix), invalid };
}

/** An operator's file fetched, bounded in time and size. */
async function fetchText(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const reader = res.body.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error(`larger than ${MAX_BYTES} bytes`);
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}

/**
 * The new data from the files' texts (null: not to be had, the present copy stays) over the
 * present data; what changed per file, the files kept and why, the entries skipped.
 */
export function refresh(present, texts, { copied, via = {} }) {
  const before = new Map((present?.files ?? []).map((f) => [f.name, f]));
  const files = [];
  const changes = [];
  const kept = [];
  const skipped = [];
  for (const source of SOURCES) {
    const old = before.get(source.name);
    const got = texts[source.name];
    let read = null;
    if (typeof got === 'string') {
      try {
        read = readOperatorFile(got, source.name);
      } catch (e) {
        kept.push({ name: source.name, why: e.message });
      }
    } else if (got && got.error) kept.push({ name: source.name, why: got.error });
    if (!read) {
      if (old) files.push(old);
      continue;
    }
    if (read.invalid.length > 0) skipped.push({ name: source.name, entries: read.invalid });
    const oldSet = new Set(old?.prefixes ?? []);
    const newSet = new Set(read.prefixes);
    const added = read.prefixes.filter((p) => !oldSet.has(p));
    const removed = (old?.prefixes ?? []).filter((p) => !newSet.has(p));
    if (old && added.length === 0 && removed.length === 0) {
      files.push(old);
      continue;
    }
    changes.push({ name: source.name, operator: source.operator, added, removed, creationTime: read.creationTime, count: read.prefixes.length, new: !old });
    files.push({
      name: source.name, operator: source.operator, url: source.url, creationTime: read.creationTime, copied,
      ...(via[source.name] ? { via: via[source.name] } : {}), prefixes: read.prefixes,
    });
  }
  return { data: { files }, changes, kept, skipped };
}

/** What changed, as the pull request's text (Markdown). */
export function formatReport({ data, changes, kept, skipped }) {
  const lines = ['Regenerated by `scripts/gen-ip-ranges.mjs` from the operators\' published files.', ''];
  if (changes.length === 0) lines.push('No operator\'s prefixes changed.');
  else {
    lines.push('| File | Operator | Prefixes | Added | Removed | Its date |', '|---|---|---:|---:|---:|---|');
    for (const c of changes) lines.push(`| ${c.name}${c.new ? ' (new)' : ''} | ${c.operator} | ${c.count} | ${c.added.length} | ${c.removed.length} | ${c.creationTime ?? '—'} |`);
    const list = (ps) => `${ps.slice(0, 40).map((p) => `\`${p}\``).join(', ')}${ps.length > 40 ? `, … (${ps.length - 40} more)` : ''}`;
    for (const c of changes) {
      if (c.added.length > 0 && !c.new) lines.push('', `**${c.name}** added: ${list(c.added)}`);
      if (c.removed.length > 0) lines.push('', `**${c.name}** removed: ${list(c.removed)}`);
    }
  }
  if (kept.length > 0) lines.push('', 'Kept as they were (not fetched or not usable):', ...kept.map((k) => `- ${k.name}: ${k.why}`));
  if (skipped.length > 0) lines.push('', 'Entries that are no prefix, skipped:', ...skipped.map((s) => `- ${s.name}: ${s.entries.join(', ')}`));
  const missing = SOURCES.filter((s) => !data.files.some((f) => f.name === s.name));
  if (missing.length > 0) lines.push('', `Not shipped yet: ${missing.map((s) => s.name).join(', ')}.`);
  return `${lines.join('\n')}\n`;
}

/** The data as written: one prefix a line, so a change is a line in the diff. */
export const dataText = (data) => `${JSON.stringify(data, null, 2)}\n`;

/** Writes `text` to `path` atomically (a temporary file renamed over it). */
function writeAtomically(path, text) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

async function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: { from: { type: 'string' }, copied: { type: 'string' }, via: { type: 'string', multiple: true }, out: { type: 'string' }, report: { type: 'string' }, check: { type: 'boolean' } },
  });
  const copied = values.copied ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(copied)) {
    process.stderr.write(`--copied takes YYYY-MM-DD, not ${JSON.stringify(copied)}\n`);
    return 2;
  }
  const via = {};
  for (const v of values.via ?? []) {
    const eq = v.indexOf('=');
    if (eq <= 0) {
      process.stderr.write(`--via takes <name>=<where>, not ${JSON.stringify(v)}\n`);
      return 2;
    }
    via[v.slice(0, eq)] = v.slice(eq + 1);
  }
  const out = values.out ?? OUT;
  const present = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
  const texts = {};
  await Promise.all(SOURCES.map(async (s) => {
    if (values.from !== undefined) {
      const path = join(values.from, s.name);
      texts[s.name] = existsSync(path) ? readFileSync(path, 'utf8') : null;
      return;
    }
    try {
      texts[s.name] = await fetchText(s.url);
    } catch (e) {
      texts[s.name] = { error: `${s.url}: ${e.message}` };
    }
  }));
  const result = refresh(present, texts, { copied, via });
  const report = formatReport(result);
  if (values.report) writeFileSync(values.report, report);
  process.stdout.write(report);
  if (result.changes.length === 0) return 0;
  if (values.check) return 1;
  writeAtomically(out, dataText(result.data));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
    process.stderr.write(`${e.message}\n`);
    process.exit(2);
  });
}
