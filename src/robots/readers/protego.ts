/**
 * Scrapy's robots.txt parser, Protego: read from scrapy/protego's `src/protego/` (0.6.1 from its
 * source; 0.7.0 from its release notes and the sources of its pull requests, as far as they could
 * be read here: the query normalisation of scrapy/protego#85 follows the notes alone), none of it
 * copied. Its own grammar, hence its own line loop:
 * - lines split as Python's `str.splitlines()`; keys accept Protego's own misspellings
 *   (`dissallow`, `useragent`, `user agent`…); a line without a colon is read when its first
 *   words form a known key (0.6: words split at single spaces, lower-case as written, so
 *   `disallow /x` but not `Disallow /x`; 0.7: any white space, any case, and a colon inside the
 *   value, as in `Sitemap https://…`);
 * - a rule with an empty value is skipped (it still closes a run of `User-agent` lines);
 * - groups naming one agent merge; `*` inside a name is also tried with the stars removed;
 * - the group whose name is the longest part of the crawler's (lower-cased) User-Agent applies,
 *   `*` scoring 1, the earliest on a tie (0.6: any substring; 0.7: only where a token starts,
 *   so `bot` no longer reaches `mybot`);
 * - rules are sorted by pattern length, allow before disallow on equal length, and the first
 *   that matches decides; `$` also matches a literal `$` (a second rule with `%24`), and
 *   `Allow: …/index.html` also allows the directory; 0.7 always allows `/robots.txt`.
 * Wildcards are matched without regular expressions (piece by piece, each at its first place):
 * the same answer as the lazy `.*?` RegExp of 0.6, in linear time (0.6.2 did the same upstream,
 * CVE-2026-55520).
 */
import { pySplitLines, pySplitOnce, pyStrip, pyLen, pyUncommented, pyIsSpace } from './python-str.js';
import { PyValueError, percentBytes, pyQuote, pyUrlParse, pyUrlUnparse, utf8DecodeReplace } from './python-url.js';
import { LineNumbers, unparsable, type Reader, type ReaderId, type ReaderVerdict } from './reader.js';

/** The Protego releases a reader reproduces. */
export type ProtegoVersion = '0.6' | '0.7';

const DISALLOW = new Set(['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']);
const USER_AGENT = new Set(['user-agent', 'useragent', 'user agent']);
const SITEMAP = new Set(['sitemap', 'sitemaps', 'site-map']);
const HOST = new Set(['host']);
const OTHER_KEYS = ['crawl-delay', 'crawl delay', 'request-rate', 'request rate'];
// Keys a colon-less line may start with: 0.6 leaves Visit-time out, 0.7 takes every directive.
const KEYS_06 = new Set([...DISALLOW, 'allow', ...USER_AGENT, ...SITEMAP, ...OTHER_KEYS, ...HOST]);
const KEYS_07 = new Set([...KEYS_06, 'visit-time', 'visit time']);

interface ProtegoRule {
  readonly allow: boolean;
  readonly pattern: string;
  readonly priority: number;
  readonly line: number;
  /** The order rules were added in, for the stable sort's ties. */
  readonly seq: number;
  /** The pattern without a final `$`, split at `*` runs (one piece when it has none). */
  readonly pieces: readonly string[];
  readonly anchored: boolean;
}

/**
 * Rules added while one list of rule sets was current. Protego copies each rule into every
 * current set; here the sets share the segment, so a run of 2,000 `User-agent` lines costs one
 * list, not 2,000 copies. A set joining a list later gets only the segments from then on.
 */
interface Segment { readonly rules: ProtegoRule[] }
interface CurrentList { readonly segments: Segment[] }
interface Membership { readonly list: CurrentList; readonly from: number }
interface RuleSet { readonly agent: string; readonly memberships: Membership[]; readonly lines: number[] }

/** The parsed file: rule sets by agent, in the order agents first appeared. */
export interface ProtegoParse {
  readonly version: ProtegoVersion;
  readonly ruleSets: readonly RuleSet[];
  /** The set each crawler name gets, computed on first use (Protego memoizes it too). */
  readonly matched: Map<string, RuleSet | null>;
}

/** Protego's `_unquote`: escapes decoded except those in `keep`, then UTF-8 with U+FFFD. */
function unquoteKeeping(s: string, keep: ReadonlySet<string>): string {
  return s.includes('%') ? utf8DecodeReplace(percentBytes(s, keep)) : s;
}
const hexSet = (chars: string): Set<string> => new Set([...chars].map((c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')));
const KEEP_IN_PATTERN = hexSet('/*$%');
const KEEP_IN_PATH = hexSet('/%');
// 0.7 normalises the query and params too; the characters that give them their structure keep
// the spelling they were written in (an escape stays an escape), everything else is decoded
// and encoded again, so `?b=ツ` and `?b=%E3%83%84` read alike.
const QUERY_STRUCTURE = "!$&'()*+,/:;=?@%";
const KEEP_IN_QUERY = hexSet(QUERY_STRUCTURE);

function normaliseQuery(s: string): string {
  return s ? pyQuote(unquoteKeeping(s, KEEP_IN_QUERY), QUERY_STRUCTURE) : s;
}

function quotePattern(input: string, version: ProtegoVersion): string {
  let pattern = input;
  if (pattern.startsWith('https://') || pattern.startsWith('http://')) pattern = '/' + pattern;
  if (pattern.startsWith('//')) pattern = '//' + pattern;
  let last = '';
  const end = pattern[pattern.length - 1];
  if (end === '?' || end === ';' || end === '$') {
    last = end;
    pattern = pattern.slice(0, -1);
  }
  const parts = pyUrlParse(pattern);
  const path = pyQuote(unquoteKeeping(parts.path, KEEP_IN_PATTERN), '/*%=');
  const params = version === '0.7' ? normaliseQuery(parts.params) : parts.params;
  const query = version === '0.7' ? normaliseQuery(parts.query) : parts.query;
  return pyUrlUnparse({ scheme: '', netloc: '', path: path + last, params, query, fragment: parts.fragment });
}

function compile(pattern: string, allow: boolean, line: number, seq: number): ProtegoRule {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  return { allow, pattern, priority: pyLen(pattern), line, seq, pieces: body.replace(/\*+/g, '*').split('*'), anchored };
}

/**
 * Whether the rule matches `url` from its start (to its end when anchored by `$`): each piece
 * between stars at its first place after the one before. Placing a piece as early as possible
 * never leaves less room for the rest, so this answers as the backtracking RegExp does.
 */
export function protegoMatches(rule: { readonly pieces: readonly string[]; readonly anchored: boolean }, url: string): boolean {
  const { pieces, anchored } = rule;
  const first = pieces[0]!;
  if (pieces.length === 1) return anchored ? url === first : url.startsWith(first);
  if (!url.startsWith(first)) return false;
  let pos = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const at = url.indexOf(pieces[i]!, pos);
    if (at < 0) return false;
    pos = at + pieces[i]!.length;
  }
  const last = pieces[pieces.length - 1]!;
  if (anchored) return url.length - last.length >= pos && url.endsWith(last);
  return last === '' || url.indexOf(last, pos) >= 0;
}

/** The rules one directive line adds (Protego's `allow()`/`disallow()`), in the order it adds them. */
function rulesOf(value: string, allow: boolean, line: number, version: ProtegoVersion, seq: () => number): ProtegoRule[] {
  const out: ProtegoRule[] = [];
  const add = (v: string, viaDirective: boolean): void => {
    if (viaDirective && v.includes('$')) add(v.replaceAll('$', '%24'), true);
    const pattern = viaDirective ? quotePattern(v, version) : v;
    if (!pattern) return;
    out.push(compile(pattern, allow, line, seq()));
    if (!allow || !pattern.endsWith('/index.html')) return;
    // 0.6 adds the directory through allow() again (so also `…/%24`); 0.7 adds the rule itself.
    if (version === '0.6') add(pattern.slice(0, -10) + '$', true);
    else add(pattern.slice(0, -10) + '$', false);
  };
  try {
    add(value, true);
  } catch (e) {
    // Python raises from quote() on a lone surrogate: that rule is lost.
    if (!(e instanceof PyValueError)) throw e;
  }
  return out;
}

/** 0.6's reading of a line: split at the first colon, else its first words when they form a key (as written). */
function directive06(line: string): [string, string] | null {
  const kv = pySplitOnce(line, ':');
  if (kv) return [pyStrip(kv[0]).toLowerCase(), pyStrip(kv[1])];
  const words = line.split(' ');
  if (words.length < 2) return null;
  let field = words[0]!;
  for (let i = 1; i < words.length; i++) {
    if (KEYS_06.has(field)) return [field, pyStrip(words.slice(i).join(' '))];
    field += ' ' + words[i];
  }
  return null;
}

/** Python's `str.split()`: runs of white space separate, none at the ends. */
function pyWords(s: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    while (i < s.length && pyIsSpace(s.charCodeAt(i))) i++;
    const start = i;
    while (i < s.length && !pyIsSpace(s.charCodeAt(i))) i++;
    if (i > start) out.push(s.slice(start, i));
  }
  return out;
}

/**
 * 0.7's reading of a line: a known key before the colon; else an unknown key when the colon
 * ends the line or white space follows it; else the first one or two words when they form a
 * known key (any case), the rest being the value; else the unknown key, or nothing.
 */
function directive07(line: string): [string, string] | null {
  let unknown: [string, string] | null = null;
  const kv = pySplitOnce(line, ':');
  if (kv) {
    const field = pyStrip(kv[0]).toLowerCase();
    const value = pyStrip(kv[1]);
    if (KEYS_07.has(field)) return [field, value];
    if (kv[1] === '' || pyIsSpace(kv[1].charCodeAt(0))) return [field, value];
    unknown = [field, value];
  }
  const words = pyWords(line);
  for (let n = 1; n <= 2; n++) {
    const candidate = words.slice(0, n).join(' ').toLowerCase();
    if (KEYS_07.has(candidate)) return [candidate, words.slice(n).join(' ')];
  }
  return unknown;
}

function parser(version: ProtegoVersion) {
  return (text: string): ProtegoParse => {
    const numbers = new LineNumbers(text);
    const byAgent = new Map<string, RuleSet>();
    let list: CurrentList = { segments: [] };
    let current: RuleSet[] = [];
    let inCurrent = new Set<RuleSet>();
    let previous: string | null = null;
    let seq = 0;
    const nextSeq = () => seq++;
    const reset = (): void => {
      list = { segments: [] };
      current = [];
      inCurrent = new Set();
    };
    const join = (set: RuleSet): void => {
      current.push(set);
      inCurrent.add(set);
      set.memberships.push({ list, from: list.segments.length });
    };
    // Rules go into the current list's last segment unless a set joined since it was opened.
    let openFor = -1;
    const segment = (): Segment => {
      if (openFor !== current.length || list.segments.length === 0) {
        list.segments.push({ rules: [] });
        openFor = current.length;
      }
      return list.segments[list.segments.length - 1]!;
    };
    for (const { text: raw, start } of pySplitLines(text)) {
      const line = pyUncommented(raw);
      if (!line) continue;
      const kv = version === '0.6' ? directive06(line) : directive07(line);
      if (!kv) continue;
      const [field, value] = kv;
      if (version === '0.7') {
        // A User-agent line after any other group line ends the group, even with no value;
        // Sitemap and Host lines belong to no group.
        if (USER_AGENT.has(field) && previous !== null && !USER_AGENT.has(previous)) {
          reset();
          openFor = -1;
        }
        if (!SITEMAP.has(field) && !HOST.has(field)) previous = field;
        if (!value) continue;
        if (current.length === 0 && !USER_AGENT.has(field) && !SITEMAP.has(field) && !HOST.has(field)) continue;
      } else {
        if (!value) {
          previous = field;
          continue;
        }
        if (current.length === 0 && !USER_AGENT.has(field) && !SITEMAP.has(field)) continue;
        if (USER_AGENT.has(field) && previous && !USER_AGENT.has(previous)) {
          reset();
          openFor = -1;
        }
      }
      if (USER_AGENT.has(field)) {
        const lineNo = numbers.lineAt(start);
        const agent = pyStrip(value).toLowerCase();
        const starless = agent !== '*' && agent.includes('*') ? agent.replaceAll('*', '') : null;
        for (const name of [agent, starless]) {
          if (!name) continue;
          let set = byAgent.get(name);
          if (!set) {
            set = { agent: name, memberships: [], lines: [] };
            byAgent.set(name, set);
          }
          if (!inCurrent.has(set)) join(set);
          if (set.lines[set.lines.length - 1] !== lineNo && !set.lines.includes(lineNo)) set.lines.push(lineNo);
        }
      } else if (field === 'allow' || DISALLOW.has(field)) {
        if (current.length > 0) segment().rules.push(...rulesOf(value, field === 'allow', numbers.lineAt(start), version, nextSeq));
      }
      if (version === '0.6') previous = field;
    }
    // Each segment sorted once, as Protego sorts each set (a stable sort: ties keep file order).
    const seen = new Set<Segment>();
    for (const set of byAgent.values()) {
      for (const m of set.memberships) {
        for (const s of m.list.segments) {
          if (seen.has(s)) continue;
          seen.add(s);
          s.rules.sort((a, b) => b.priority - a.priority || Number(b.allow) - Number(a.allow) || a.seq - b.seq);
        }
      }
    }
    return { version, ruleSets: [...byAgent.values()], matched: new Map() };
  };
}

/** Protego's `_quote_path`: the path re-encoded (keeping `/` and `%XX`; 0.7 also `=`), params, query and fragment as given (0.7: normalised, no fragment). */
export function protegoPath(url: string, version: ProtegoVersion = '0.7'): string {
  const p = pyUrlParse(url);
  if (version === '0.6') {
    const path = pyQuote(unquoteKeeping(p.path, KEEP_IN_PATH), '/%');
    return pyUrlUnparse({ scheme: '', netloc: '', path, params: p.params, query: p.query, fragment: p.fragment }) || '/';
  }
  const path = pyQuote(unquoteKeeping(p.path, KEEP_IN_PATH), '/%=');
  return pyUrlUnparse({ scheme: '', netloc: '', path, params: normaliseQuery(p.params), query: normaliseQuery(p.query), fragment: '' }) || '/';
}

const isWordUnit = (c: string): boolean => /[\p{L}\p{N}_-]/u.test(c);

/** How well a set's agent names the crawler: `*` 1, else the agent's length where it occurs (0.7: where a token starts), else 0. */
function score(set: RuleSet, name: string, version: ProtegoVersion): number {
  if (set.agent === '*') return 1;
  if (version === '0.6') return name.includes(set.agent) ? pyLen(set.agent) : 0;
  for (let at = name.indexOf(set.agent); at >= 0; at = name.indexOf(set.agent, at + 1)) {
    if (at === 0 || !isWordUnit(name[at - 1]!)) return pyLen(set.agent);
  }
  return 0;
}

function matchedSet(parsed: ProtegoParse, userAgent: string): RuleSet | null {
  const cached = parsed.matched.get(userAgent);
  if (cached !== undefined) return cached;
  const name = pyStrip(userAgent).toLowerCase();
  let best: RuleSet | null = null;
  let bestScore = 0;
  for (const set of parsed.ruleSets) {
    const s = score(set, name, parsed.version);
    if (s > bestScore) {
      bestScore = s;
      best = set;
    }
  }
  parsed.matched.set(userAgent, best);
  return best;
}

// The first rule the set's sorted list would reach: each segment's first match, then the best of those.
function decidingRule(set: RuleSet, path: string): ProtegoRule | null {
  let best: ProtegoRule | null = null;
  for (const { list, from } of set.memberships) {
    for (let i = from; i < list.segments.length; i++) {
      for (const rule of list.segments[i]!.rules) {
        if (best && (rule.priority < best.priority || (rule.priority === best.priority && (!rule.allow || best.allow)))) break;
        if (!protegoMatches(rule, path)) continue;
        // Past the check above, a match here comes before the best so far in the sorted order.
        best = rule;
        break;
      }
    }
  }
  return best;
}

function checker(id: ReaderId) {
  return (parsed: ProtegoParse, userAgent: string, url: string): ReaderVerdict => {
    const set = matchedSet(parsed, userAgent);
    // can_fetch answers for a crawler no group names before it reads the URL.
    if (!set && parsed.version === '0.6') return { reader: id, allowed: true, line: 0, reason: 'no-group', groupLines: [], path: url, error: null };
    let path: string;
    try {
      path = protegoPath(url, parsed.version);
    } catch (e) {
      if (!(e instanceof PyValueError)) throw e;
      if (!set) return { reader: id, allowed: true, line: 0, reason: 'no-group', groupLines: [], path: url, error: null };
      return unparsable(id, `ValueError: ${e.message}`);
    }
    if (parsed.version === '0.7' && path.split(/[;?]/, 1)[0] === '/robots.txt') {
      return { reader: id, allowed: true, line: 0, reason: 'robots-txt', groupLines: set?.lines ?? [], path, error: null };
    }
    if (!set) return { reader: id, allowed: true, line: 0, reason: 'no-group', groupLines: [], path, error: null };
    const rule = decidingRule(set, path);
    const groupLines = set.lines;
    if (!rule) return { reader: id, allowed: true, line: 0, reason: 'no-match', groupLines, path, error: null };
    return { reader: id, allowed: rule.allow, line: rule.line, reason: 'sorted-match', groupLines, path, error: null };
  };
}

/**
 * Scrapy's Protego 0.7.0 (September 2026), what `pip install scrapy` brings since. Its release
 * notes list what changed since 0.6.1 (the numbers are scrapy/protego's on GitHub); each is a
 * restated case in the readers' tests: `/robots.txt` always allowed (#84); a group's name must
 * start a token of the crawler's name (#76); the query and params normalised like the path (#85),
 * the fragment left out; `=` in a path matched; `Allow: …/index.html` no longer allows `…/$`;
 * Sitemap and Host lines outside groups; colon-less lines of any directive. Wildcards without
 * RegExp came in 0.6.2.
 */
export const scrapyProtego: Reader<ProtegoParse> = { id: 'scrapy-protego', parse: parser('0.7'), check: checker('scrapy-protego') };

/** Scrapy's Protego 0.6.1 (June 2026), as Scrapy installs with Protego pinned below 0.7. */
export const scrapyProtego06: Reader<ProtegoParse> = { id: 'scrapy-protego-0.6', parse: parser('0.6'), check: checker('scrapy-protego-0.6') };
