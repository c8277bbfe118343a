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
import { LineNumbers, unparsable, type Reader, type ReaderVerdict } from './reader.js';

interface Rfc9309Rule {
  readonly allow: boolean;
  readonly line: number;
  /** The pattern without a final `$`, split at `*` (one part when it has none). */
  readonly parts: readonly string[];
  readonly fullMatch: boolean;
}

/** One group as the module adds it: its agents as written, its rules, its first line. */
interface Rfc9309Group {
  readonly agents: readonly string[];
  readonly agentSet: ReadonlySet<string>;
  readonly rules: readonly Rfc9309Rule[];
  readonly firstLine: number;
}

/**
 * The parsed file. The module keeps one merged entry per lower-cased agent (`groups`, in the
 * order agents first appear); here each such key holds the groups merged into it, so merging
 * costs nothing per agent and a lookup walks only the groups that can answer.
 */
export interface PythonRfc9309Parse {
  readonly groups: readonly Rfc9309Group[];
  /** Lower-cased agent → the groups naming it, in file order (a group twice when it names the agent twice). */
  readonly keys: ReadonlyMap<string, readonly number[]>;
  /** Lower-cased agent → its position among the keys (the module's dict order). */
  readonly keyOrder: ReadonlyMap<string, number>;
  /** Each agent as written → the groups naming it. */
  readonly byAgent: ReadonlyMap<string, readonly number[]>;
  /** The entry found per crawler name, computed on first use. */
  readonly found: Map<string, string | null>;
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
  let path: string;
  try {
    path = normalizePattern(raw.replace(/\*{2,}/g, '*').replace(/\$[$*]+/g, '$'));
  } catch (e) {
    // UnicodeEncodeError (a lone surrogate that stands for no byte) is a ValueError: the rule is skipped.
    if (e instanceof PyValueError) return null;
    throw e;
  }
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x24) end--;
  const fullMatch = end < path.length;
  path = path.slice(0, end);
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

function parse(text: string): PythonRfc9309Parse {
  const numbers = new LineNumbers(text);
  const groups: Rfc9309Group[] = [];
  const keys = new Map<string, number[]>();
  const keyOrder = new Map<string, number>();
  const byAgent = new Map<string, number[]>();
  let agents: string[] = [];
  let rules: Rfc9309Rule[] = [];
  let firstLine = 0;
  // The module's _add_entry: each agent (lower-cased) gets this group merged into its entry.
  const add = (): void => {
    const id = groups.length;
    groups.push({ agents, agentSet: new Set(agents), rules, firstLine });
    for (const agent of agents) {
      const key = agent.toLowerCase();
      const had = keys.get(key);
      if (had) had.push(id);
      else {
        keys.set(key, [id]);
        keyOrder.set(key, keyOrder.size);
      }
      const named = byAgent.get(agent);
      if (!named) byAgent.set(agent, [id]);
      else if (named[named.length - 1] !== id) named.push(id);
    }
    agents = [];
    rules = [];
  };
  let state = 0;
  for (const { text: raw, start } of pySplitLines(text)) {
    const kv = pyKeyValue(raw);
    if (!kv) continue;
    const [key, value] = kv;
    if (key === 'user-agent') {
      if (state === 2) add();
      if (agents.length === 0) firstLine = numbers.lineAt(start);
      agents.push(value);
      state = 1;
    } else if (key === 'disallow' || key === 'allow') {
      if (state !== 0) {
        state = 2;
        const rule = ruleLine(value, key === 'allow', numbers.lineAt(start));
        if (rule) rules.push(rule);
      }
    } else if (key === 'crawl-delay' || key === 'request-rate') {
      if (state !== 0) state = 2;
    }
  }
  if (state !== 0) add();
  return { groups, keys, keyOrder, byAgent, found: new Map() };
}

/**
 * The module's `_find_entry`: the entry of the crawler's whole name (lower-cased); else the first
 * entry, in key order, with an agent (not `*`) inside the name before any `/`; else `*`'s. A merged
 * entry keeps only the agents every merged group names, so an agent reaches a key only when each
 * group merged into that key names it. Returns the key whose entry applies.
 */
function findKey(p: PythonRfc9309Parse, userAgent: string): string | null {
  const cached = p.found.get(userAgent);
  if (cached !== undefined) return cached;
  let found: string | null = null;
  const exact = userAgent.toLowerCase();
  if (p.keys.has(exact)) found = exact;
  else {
    const name = userAgent.split('/')[0]!.toLowerCase();
    // The agents (not `*`) inside the name, and the groups that name any of them.
    const inside: string[] = [];
    const reached = new Set<number>();
    for (const [agent, named] of p.byAgent) {
      if (agent === '*' || !name.includes(agent.toLowerCase())) continue;
      inside.push(agent);
      for (const id of named) reached.add(id);
    }
    let best = Infinity;
    for (const id of reached) {
      for (const other of p.groups[id]!.agents) {
        const key = other.toLowerCase();
        const order = p.keyOrder.get(key)!;
        if (order >= best) continue;
        const merged = p.keys.get(key)!;
        if (merged.length === 1 || inside.some((a) => merged.every((g) => p.groups[g]!.agentSet.has(a)))) {
          best = order;
          found = key;
        }
      }
    }
    if (found === null && p.keys.has('*')) found = '*';
  }
  p.found.set(userAgent, found);
  return found;
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
  let path: string | null;
  try {
    path = pythonRfc9309Path(url);
  } catch (e) {
    // can_fetch lets a UnicodeEncodeError out: no verdict.
    if (e instanceof PyValueError) return unparsable(reader, `UnicodeEncodeError: ${e.message}`);
    throw e;
  }
  // A URL Python cannot split matches no rule: the module allows it.
  if (path === null) return { reader, allowed: true, line: 0, reason: 'no-match', groupLines: [], path: url, error: null };
  if (path === '/robots.txt') return { reader, allowed: true, line: 0, reason: 'robots-txt', groupLines: [], path, error: null };
  const key = findKey(parsed, userAgent);
  if (key === null) return { reader, allowed: true, line: 0, reason: 'no-group', groupLines: [], path, error: null };
  const ids = parsed.keys.get(key)!;
  let best = -1;
  let allowed = true;
  let line = 0;
  for (const id of ids) {
    for (const rule of parsed.groups[id]!.rules) {
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
  }
  const groupLines = [...new Set(ids.map((id) => parsed.groups[id]!.firstLine))];
  if (line === 0) return { reader, allowed: true, line: 0, reason: 'no-match', groupLines, path, error: null };
  return { reader, allowed, line, reason: 'longest-match', groupLines, path, error: null };
}

/** CPython `urllib.robotparser` after the RFC 9309 rewrite (gh-138907). */
export const pythonUrllibRfc9309: Reader<PythonRfc9309Parse> = { id: 'python-urllib-rfc9309', parse, check };
