/**
 * The npm package robots-parser 3 (samclarke/robots-parser, the Node ecosystem's parser): read
 * from its `Robots.js`, none of it copied. Its grammar, hence its own line loop:
 * - lines break at LF, CR, CRLF (as Google's); `#` starts a comment; a line needs a colon;
 *   keys are exact (`user-agent`, `allow`, `disallow`…), no misspellings;
 * - `User-agent` lines in a row gather; any other line ends the run; a name is cut at `/`;
 * - a crawler finds its group by exact (lower-cased, cut at `/`) name, else `*` — no substring
 *   or prefix matching, and groups naming one agent are merged;
 * - the longest pattern that matches wins, allow on a tie; `*` and `$` are wildcards; patterns
 *   are encoded as `encodeURI` does (existing escapes kept) with upper-case hex;
 * - the URL is read by the WHATWG URL parser (as browsers and Node do): dot segments resolved.
 */
import type { Reader, ReaderVerdict } from './reader.js';

interface RpRule { readonly pattern: string; readonly allow: boolean; readonly line: number }
interface RpGroup { readonly rules: RpRule[]; readonly lines: number[] }

/** The parsed file: groups by lower-cased agent name. */
export interface RobotsParserParse {
  readonly groups: ReadonlyMap<string, RpGroup>;
}

/** robots-parser's name for a crawler: lower case, cut at the first `/`, trimmed. */
export function robotsParserAgent(userAgent: string): string {
  const lower = userAgent.toLowerCase();
  const slash = lower.indexOf('/');
  return (slash >= 0 ? lower.slice(0, slash) : lower).trim();
}

const upperEscapes = (s: string): string => s.replace(/%[0-9a-fA-F]{2}/g, (m) => m.toUpperCase());

function normaliseEncoding(pattern: string): string {
  try {
    return upperEscapes(encodeURI(pattern).replace(/%25/g, '%'));
  } catch {
    return pattern;
  }
}

/** Whether `pattern` (with `*` and a final `$`) matches `path` from its start. */
export function robotsParserMatches(pattern: string, path: string): boolean {
  // The set of path lengths the pattern so far can have consumed, smallest first.
  let ends = [0];
  for (let p = 0; p < pattern.length; p++) {
    const c = pattern[p];
    if (c === '$' && p + 1 === pattern.length) return ends[ends.length - 1] === path.length;
    if (c === '*') {
      const from = ends[0]!;
      ends = [];
      for (let n = from; n <= path.length; n++) ends.push(n);
    } else {
      const next: number[] = [];
      for (const n of ends) if (n < path.length && path[n] === c) next.push(n + 1);
      if (next.length === 0) return false;
      ends = next;
    }
  }
  return true;
}

function parse(text: string): RobotsParserParse {
  const groups = new Map<string, RpGroup>();
  const group = (ua: string): RpGroup => {
    let g = groups.get(ua);
    if (!g) groups.set(ua, (g = { rules: [], lines: [] }));
    return g;
  };
  let agents: string[] = [];
  let agentLines: number[] = [];
  let afterOther = true;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const hash = raw.indexOf('#');
    const line = hash >= 0 ? raw.slice(0, hash) : raw;
    const colon = line.indexOf(':');
    if (!line || colon < 0) return;
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!key) return;
    const lowerKey = key.toLowerCase();
    if (lowerKey === 'user-agent') {
      if (afterOther) {
        agents = [];
        agentLines = [];
      }
      if (value) {
        agents.push(robotsParserAgent(value));
        agentLines.push(i + 1);
      }
    } else if (lowerKey === 'allow' || lowerKey === 'disallow' || lowerKey === 'crawl-delay') {
      agents.forEach((ua) => {
        const g = group(ua);
        for (const l of agentLines) if (!g.lines.includes(l)) g.lines.push(l);
        if (lowerKey !== 'crawl-delay' && value) g.rules.push({ pattern: normaliseEncoding(value), allow: lowerKey === 'allow', line: i + 1 });
      });
    }
    afterOther = lowerKey !== 'user-agent';
  });
  return { groups };
}

function check(parsed: RobotsParserParse, userAgent: string, url: string): ReaderVerdict {
  const reader = 'robots-parser';
  let u: URL;
  try {
    u = new URL(url, 'http://robots-relative.samclarke.com/');
  } catch {
    return { reader, allowed: false, line: 0, reason: 'unparsable', groupLines: [], path: url, error: 'the URL cannot be parsed (isAllowed returns undefined)' };
  }
  const name = robotsParserAgent(userAgent || '*');
  const g = parsed.groups.get(name) ?? parsed.groups.get('*');
  const path = upperEscapes(u.pathname + u.search);
  if (!g) return { reader, allowed: true, line: 0, reason: 'no-group', groupLines: [], path, error: null };
  let best: RpRule | null = null;
  for (const rule of g.rules) {
    if (!robotsParserMatches(rule.pattern, path)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)) best = rule;
  }
  if (!best) return { reader, allowed: true, line: 0, reason: 'no-match', groupLines: g.lines, path, error: null };
  return { reader, allowed: best.allow, line: best.line, reason: 'longest-match', groupLines: g.lines, path, error: null };
}

/** The npm robots-parser 3. */
export const robotsParser: Reader<RobotsParserParse> = { id: 'robots-parser', parse, check };
