/**
 * CPython's `urllib.robotparser` after its RFC 9309 rewrite (gh-138907, CPython's main branch):
 * read from that `Lib/urllib/robotparser.py`, none of it copied. Differences from the older
 * module, which is why this is a reader of its own:
 * - blank lines no longer end a group; a group ends at the next `User-agent` after a rule;
 * - groups naming one agent (case-insensitively) are merged; a group is found by the whole
 *   crawler name first, then by substring (as before), then `*`;
 * - the longest match wins (a tie goes to allow); `*` and `$` are wildcards, and a rule with a
 *   `$` that is not at its end is dropped; the match length is how much of the URL the rule
 *   covers, not the rule's length;
 * - paths are compared after decoding and re-encoding percent escapes (`/` and, in queries,
 *   `=` and `&` keep their meaning); `/robots.txt` itself is always allowed.
 */
import { pyKeyValue, pySplitLines } from './python-str.js';
import { PyValueError, pyRequote, pyUrlSplit, pyUrlUnsplitPath } from './python-url.js';
import { LineNumbers, type Reader, type ReaderVerdict } from './reader.js';

interface Rfc9309Rule {
  readonly allow: boolean;
  readonly line: number;
  /** The pattern without a final `$`, split at `*` (one part when it has none). */
  readonly parts: readonly string[];
  readonly fullMatch: boolean;
}
interface Rfc9309Entry { agents: string[]; rules: Rfc9309Rule[]; firstLines: number[] }

/** The parsed file: the groups by lower-cased agent, in the order agents first appeared. */
export interface PythonRfc9309Parse {
  readonly groups: ReadonlyMap<string, Rfc9309Entry>;
}

function normalizePattern(value: string): string {
  const q = value.indexOf('?');
  const path = q >= 0 ? value.slice(0, q) : value;
  let out = path.replace(/[^*$]+/g, (m) => pyRequote(m));
  if (q >= 0) out += '?' + value.slice(q + 1).replace(/[^=&*$]+/g, (m) => pyRequote(m));
  return out;
}

function ruleLine(raw: string, allowIn: boolean, line: number): Rfc9309Rule | null {
  const allow = raw === '' && !allowIn ? true : allowIn;
  let path = normalizePattern(raw.replace(/\*{2,}/g, '*').replace(/\$[$*]+/g, '$'));
  const fullMatch = path.endsWith('$');
  path = path.replace(/\$+$/, '');
  if (path.includes('$')) return null; // Python raises ValueError here; the parser skips the rule.
  return { allow, line, parts: path.split('*'), fullMatch };
}

/** How much of `url` the rule covers plus one (the module's own measure), 0 when it does not match. */
function matchLength(rule: Rfc9309Rule, url: string): number {
  const { parts, fullMatch } = rule;
  const first = parts[0]!;
  if (parts.length === 1) {
    if (fullMatch) return url === first ? first.length + 1 : 0;
    return url.startsWith(first) ? first.length + 1 : 0;
  }
  if (!url.startsWith(first)) return 0;
  let pos = first.length;
  // Middle parts take their first occurrence (an atomic lazy group: no backtracking).
  for (let i = 1; i < parts.length - 1; i++) {
    const at = url.indexOf(parts[i]!, pos);
    if (at < 0) return 0;
    pos = at + parts[i]!.length;
  }
  const last = parts[parts.length - 1]!;
  if (fullMatch) return url.endsWith(last) && url.length - last.length >= pos ? url.length + 1 : 0;
  // A greedy `.*last`: the last occurrence at or after pos.
  const at = url.lastIndexOf(last);
  return at >= pos ? at + last.length + 1 : 0;
}

function mergeEntries(a: Rfc9309Entry, b: Rfc9309Entry): Rfc9309Entry {
  const inB = new Set(b.agents);
  return { agents: a.agents.filter((x) => inB.has(x)), rules: [...a.rules, ...b.rules], firstLines: [...a.firstLines, ...b.firstLines] };
}

function parse(text: string): PythonRfc9309Parse {
  const numbers = new LineNumbers(text);
  const groups = new Map<string, Rfc9309Entry>();
  const add = (e: Rfc9309Entry): void => {
    for (const agent of e.agents) {
      const key = agent.toLowerCase();
      const had = groups.get(key);
      groups.set(key, had ? mergeEntries(had, e) : e);
    }
  };
  const fresh = (): Rfc9309Entry => ({ agents: [], rules: [], firstLines: [] });
  let state = 0;
  let entry = fresh();
  for (const { text: raw, start } of pySplitLines(text)) {
    const kv = pyKeyValue(raw);
    if (!kv) continue;
    const [key, value] = kv;
    const lineNo = numbers.lineAt(start);
    if (key === 'user-agent') {
      if (state === 2) { add(entry); entry = fresh(); }
      if (entry.agents.length === 0) entry.firstLines.push(lineNo);
      entry.agents.push(value);
      state = 1;
    } else if (key === 'disallow' || key === 'allow') {
      if (state !== 0) {
        state = 2;
        const rule = ruleLine(value, key === 'allow', lineNo);
        if (rule) entry.rules.push(rule);
      }
    } else if (key === 'crawl-delay' || key === 'request-rate') {
      if (state !== 0) state = 2;
    }
  }
  if (state !== 0) add(entry);
  return { groups };
}

function findEntry(p: PythonRfc9309Parse, userAgent: string): Rfc9309Entry | undefined {
  const exact = p.groups.get(userAgent.toLowerCase());
  if (exact) return exact;
  const name = userAgent.split('/')[0]!.toLowerCase();
  for (const e of p.groups.values()) if (e.agents.some((a) => a !== '*' && name.includes(a.toLowerCase()))) return e;
  return p.groups.get('*');
}

/** The path and query as `can_fetch` normalises them (a fragment stays, its `#` encoded), or null when Python's URL split raises. */
export function pythonRfc9309Path(url: string): string | null {
  let joined: string;
  try {
    const s = pyUrlSplit(url);
    joined = pyUrlUnsplitPath(s.path, s.query, s.fragment);
  } catch (e) {
    if (e instanceof PyValueError) return null;
    throw e;
  }
  const q = joined.indexOf('?');
  let out = pyRequote(q >= 0 ? joined.slice(0, q) : joined);
  if (q >= 0) out += '?' + joined.slice(q + 1).replace(/[^=&]+/g, (m) => pyRequote(m));
  return out || '/';
}

function check(parsed: PythonRfc9309Parse, userAgent: string, url: string): ReaderVerdict {
  const reader = 'python-urllib-rfc9309';
  const path = pythonRfc9309Path(url);
  // A URL Python cannot split matches no rule: the module allows it.
  if (path === null) return { reader, allowed: true, line: 0, reason: 'no-match', groupLines: [], path: url, error: null };
  if (path === '/robots.txt') return { reader, allowed: true, line: 0, reason: 'robots-txt', groupLines: [], path, error: null };
  const entry = findEntry(parsed, userAgent);
  if (!entry) return { reader, allowed: true, line: 0, reason: 'no-group', groupLines: [], path, error: null };
  let best = -1;
  let allowed = true;
  let line = 0;
  for (const rule of entry.rules) {
    const m = matchLength(rule, path);
    if (!m) continue;
    if (m > best) {
      best = m;
      allowed = rule.allow;
      line = rule.line;
    } else if (m === best && !allowed && rule.allow) {
      allowed = true;
      line = rule.line;
    }
  }
  const groupLines = entry.firstLines;
  if (line === 0) return { reader, allowed: true, line: 0, reason: 'no-match', groupLines, path, error: null };
  return { reader, allowed, line, reason: 'longest-match', groupLines, path, error: null };
}

/** CPython `urllib.robotparser` after the RFC 9309 rewrite (gh-138907). */
export const pythonUrllibRfc9309: Reader<PythonRfc9309Parse> = { id: 'python-urllib-rfc9309', parse, check };
