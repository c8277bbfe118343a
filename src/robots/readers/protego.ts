/**
 * Scrapy's Protego 0.6 (Scrapy's default robots.txt parser): read from scrapy/protego's
 * `src/protego/` at 0.6.x, none of it copied. Its own grammar, hence its own line loop:
 * - lines split as Python's `str.splitlines()`; keys accept Protego's own misspellings
 *   (`dissallow`, `useragent`, `user agent`…), and a line without a colon is read when its first
 *   words, lower-case as written, form a known key (`disallow /x`, not `Disallow /x`);
 * - a rule with an empty value is skipped (it still closes a run of `User-agent` lines);
 * - groups naming one agent merge; `*` inside a name is also tried with the stars removed;
 * - the group whose name is the longest substring of the crawler's (lower-cased) User-Agent
 *   applies, `*` scoring 1; the earliest on a tie;
 * - rules are sorted by pattern length, allow before disallow on equal length, and the first
 *   that matches decides; `$` also matches a literal `$` (a second rule with `%24`), and
 *   `Allow: …/index.html` also allows the directory.
 */
import { pySplitLines, pySplitOnce, pyStrip, pyLen, pyUncommented } from './python-str.js';
import { PyValueError, percentBytes, pyQuote, pyUrlParse, pyUrlUnparse, utf8DecodeReplace } from './python-url.js';
import { LineNumbers, unparsable, type Reader, type ReaderVerdict } from './reader.js';

const DISALLOW = new Set(['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']);
const USER_AGENT = new Set(['user-agent', 'useragent', 'user agent']);
const SITEMAP = new Set(['sitemap', 'sitemaps', 'site-map']);
// Keys a colon-less line may start with (Visit-time is not among them in Protego either).
const COLONLESS_KEYS = new Set([...DISALLOW, 'allow', ...USER_AGENT, ...SITEMAP, 'crawl-delay', 'crawl delay', 'request-rate', 'request rate', 'host']);

interface ProtegoRule {
  readonly allow: boolean;
  readonly pattern: string;
  readonly priority: number;
  readonly line: number;
  readonly regex: RegExp | null;
}
interface RuleSet { readonly agent: string; readonly rules: ProtegoRule[]; readonly lines: number[] }

/** The parsed file: rule sets by agent, in the order agents first appeared, rules sorted. */
export interface ProtegoParse {
  readonly ruleSets: readonly RuleSet[];
}

/** Protego's `_unquote`: escapes decoded except those in `keep`, then UTF-8 with U+FFFD. */
function unquoteKeeping(s: string, keep: ReadonlySet<string>): string {
  return s.includes('%') ? utf8DecodeReplace(percentBytes(s, keep)) : s;
}
const KEEP_IN_PATTERN = new Set(['2F', '2A', '24', '25']);
const KEEP_IN_PATH = new Set(['2F', '25']);

function quotePattern(input: string): string {
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
  return pyUrlUnparse({ scheme: '', netloc: '', path: path + last, params: parts.params, query: parts.query, fragment: parts.fragment });
}

function escapeRegExp(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

function compile(pattern: string, allow: boolean, line: number): ProtegoRule {
  let regex: RegExp | null = null;
  if (pattern.includes('*')) {
    const pieces = pattern.replace(/\*+/g, '*').split(/(\*|\$$)/);
    const src = pieces.map((p) => (p === '*' ? '.*?' : p === '$' ? '$' : escapeRegExp(p))).join('');
    regex = new RegExp('^(?:' + src + ')', 's');
  }
  return { allow, pattern, priority: pyLen(pattern), line, regex };
}

function matches(rule: ProtegoRule, url: string): boolean {
  const { pattern } = rule;
  if (rule.regex) return url.startsWith(pattern.slice(0, pattern.indexOf('*'))) && rule.regex.test(url);
  if (pattern.endsWith('$')) return url === pattern.slice(0, -1);
  return url.startsWith(pattern);
}

function addRule(set: RuleSet, value: string, allow: boolean, line: number): void {
  if (value.includes('$')) addRule(set, value.replaceAll('$', '%24'), allow, line);
  const pattern = quotePattern(value);
  if (!pattern) return;
  set.rules.push(compile(pattern, allow, line));
  if (allow && pattern.endsWith('/index.html')) addRule(set, pattern.slice(0, -10) + '$', true, line);
}

function splitField(line: string): [string, string] | null {
  const kv = pySplitOnce(line, ':');
  if (kv) return kv;
  const words = line.split(' ');
  if (words.length < 2) return null;
  let field = words[0]!;
  for (let i = 1; i < words.length; i++) {
    if (COLONLESS_KEYS.has(field)) return [field, words.slice(i).join(' ')];
    field += ' ' + words[i];
  }
  return null;
}

function parse(text: string): ProtegoParse {
  const numbers = new LineNumbers(text);
  const byAgent = new Map<string, RuleSet>();
  let current: RuleSet[] = [];
  let previous: string | null = null;
  for (const { text: raw, start } of pySplitLines(text)) {
    const line = pyUncommented(raw);
    if (!line) continue;
    const kv = splitField(line);
    if (!kv) continue;
    const field = pyStrip(kv[0]).toLowerCase();
    const value = pyStrip(kv[1]);
    if (!value) {
      previous = field;
      continue;
    }
    if (current.length === 0 && !USER_AGENT.has(field) && !SITEMAP.has(field)) continue;
    const lineNo = numbers.lineAt(start);
    if (USER_AGENT.has(field)) {
      if (previous && !USER_AGENT.has(previous)) current = [];
      const agent = pyStrip(value).toLowerCase();
      const starless = agent !== '*' && agent.includes('*') ? agent.replaceAll('*', '') : null;
      for (const name of [agent, starless]) {
        if (!name) continue;
        let set = byAgent.get(name);
        if (set && !current.includes(set)) current.push(set);
        if (!set) {
          set = { agent: name, rules: [], lines: [] };
          byAgent.set(name, set);
          current.push(set);
        }
        if (!set.lines.includes(lineNo)) set.lines.push(lineNo);
      }
    } else if (field === 'allow' || DISALLOW.has(field)) {
      try {
        for (const set of current) addRule(set, value, field === 'allow', lineNo);
      } catch (e) {
        // Python raises from quote() on a lone surrogate: that rule is lost, as the parse would be.
        if (!(e instanceof PyValueError)) throw e;
      }
    }
    previous = field;
  }
  for (const set of byAgent.values()) {
    // Python's sort(reverse=True) is stable: equal keys keep file order.
    set.rules.sort((a, b) => b.priority - a.priority || Number(b.allow) - Number(a.allow));
  }
  return { ruleSets: [...byAgent.values()] };
}

/** Protego's `_quote_path`: the path re-encoded (keeping `/` and `%XX`), params, query and fragment as given. */
export function protegoPath(url: string): string {
  const p = pyUrlParse(url);
  const path = pyQuote(unquoteKeeping(p.path, KEEP_IN_PATH), '/%');
  return pyUrlUnparse({ scheme: '', netloc: '', path, params: p.params, query: p.query, fragment: p.fragment }) || '/';
}

function check(parsed: ProtegoParse, userAgent: string, url: string): ReaderVerdict {
  const reader = 'scrapy-protego';
  const name = pyStrip(userAgent).toLowerCase();
  let best: RuleSet | null = null;
  let score = 0;
  for (const set of parsed.ruleSets) {
    const s = set.agent === '*' ? 1 : name.includes(set.agent) ? pyLen(set.agent) : 0;
    if (s > score) {
      score = s;
      best = set;
    }
  }
  if (!best) return { reader, allowed: true, line: 0, reason: 'no-group', groupLines: [], path: url, error: null };
  let path: string;
  try {
    path = protegoPath(url);
  } catch (e) {
    if (e instanceof PyValueError) return unparsable(reader, `ValueError: ${e.message}`);
    throw e;
  }
  const rule = best.rules.find((r) => matches(r, path));
  const groupLines = best.lines;
  if (!rule) return { reader, allowed: true, line: 0, reason: 'no-match', groupLines, path, error: null };
  return { reader, allowed: rule.allow, line: rule.line, reason: 'sorted-match', groupLines, path, error: null };
}

/** Scrapy's Protego 0.6. */
export const scrapyProtego: Reader<ProtegoParse> = { id: 'scrapy-protego', parse, check };
