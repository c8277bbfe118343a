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
import { unparsable, type Reader, type ReaderVerdict } from './reader.js';

interface RpRule { readonly pattern: string; readonly allow: boolean; readonly line: number }
/** A run of `User-agent` lines and the lines after it: its rules are every one of its agents' rules. */
interface RpRun { readonly rules: RpRule[]; firstLine: number; attached: boolean }
interface RpGroup { readonly runs: RpRun[] }

/** The parsed file: groups by lower-cased agent name, and the robots.txt's own URL as the package reads it. */
export interface RobotsParserParse {
  readonly groups: ReadonlyMap<string, RpGroup>;
  /** Where the robots.txt is (`Robots(url, …)`), or null when the caller did not say: then it is each tested URL's origin. */
  readonly robotsUrl: RpUrl | null;
}

/** The URL parts robots-parser compares, or `{}`'s (all undefined) when its URL parser fails. */
interface RpUrl { readonly protocol?: string; readonly hostname?: string; readonly port?: string; readonly pathname?: string; readonly search?: string }

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

/**
 * Whether `pattern` (with `*` and a final `$`) matches `path` from its start, as the package's
 * matcher answers (it keeps every length the pattern can have consumed: pattern × path steps).
 * Here each literal piece between stars is found at its first place after the previous one, which
 * gives the same answer in one pass: a piece placed earlier never leaves less room for the rest.
 */
export function robotsParserMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const pieces = body.split('*');
  const first = pieces[0]!;
  if (pieces.length === 1) return anchored ? path === first : path.startsWith(first);
  if (!path.startsWith(first)) return false;
  let pos = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    if (piece === '') continue;
    const at = path.indexOf(piece, pos);
    if (at < 0) return false;
    pos = at + piece.length;
  }
  const last = pieces[pieces.length - 1]!;
  if (anchored) return path.length - last.length >= pos && path.endsWith(last);
  return last === '' || path.indexOf(last, pos) >= 0;
}

function parse(text: string, robotsUrl?: string): RobotsParserParse {
  const groups = new Map<string, RpGroup>();
  let agents: string[] = [];
  let run: RpRun = { rules: [], firstLine: 0, attached: false };
  let afterOther = true;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const hash = raw.indexOf('#');
    const line = hash >= 0 ? raw.slice(0, hash) : raw;
    const colon = line.indexOf(':');
    if (!line || colon < 0) continue;
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!key) continue;
    const lowerKey = key.toLowerCase();
    if (lowerKey === 'user-agent') {
      if (afterOther) {
        agents = [];
        run = { rules: [], firstLine: 0, attached: false };
      }
      if (value) {
        agents.push(robotsParserAgent(value));
        if (run.firstLine === 0) run.firstLine = i + 1;
      }
    } else if (lowerKey === 'allow' || lowerKey === 'disallow' || lowerKey === 'crawl-delay') {
      // The run's agents are fixed from its first such line on (a later User-agent line starts a new
      // run), so each agent's group takes the run's rule list once, and later rules reach it through it.
      if (!run.attached) {
        run.attached = true;
        for (const ua of agents) {
          let g = groups.get(ua);
          if (!g) groups.set(ua, (g = { runs: [] }));
          if (g.runs[g.runs.length - 1] !== run) g.runs.push(run);
        }
      }
      if (lowerKey !== 'crawl-delay' && value && agents.length > 0) run.rules.push({ pattern: normaliseEncoding(value), allow: lowerKey === 'allow', line: i + 1 });
    }
    afterOther = lowerKey !== 'user-agent';
  }
  return { groups, robotsUrl: robotsUrl === undefined ? null : rpUrl(robotsUrl) };
}

// The package's parseUrl: relative URLs on a placeholder host, the port filled in, {} when unparsable.
function rpUrl(input: string): RpUrl {
  try {
    const u = new URL(input, 'http://robots-relative.samclarke.com/');
    if (!u.port) u.port = u.protocol === 'https:' ? '443' : '80';
    return { protocol: u.protocol, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search };
  } catch {
    return {};
  }
}

function check(parsed: RobotsParserParse, userAgent: string, url: string): ReaderVerdict {
  const reader = 'robots-parser';
  const u = rpUrl(url);
  if (parsed.robotsUrl === null && u.protocol === undefined) {
    return { ...unparsable(reader, 'isAllowed returns undefined: the URL cannot be parsed'), path: url };
  }
  const site = parsed.robotsUrl ?? u;
  // isAllowed answers undefined for a URL of another scheme, host or port than the robots.txt's.
  if (u.protocol !== site.protocol || u.hostname !== site.hostname || u.port !== site.port) {
    const why = parsed.robotsUrl && parsed.robotsUrl.protocol === undefined
      ? 'the robots.txt URL cannot be parsed'
      : 'the URL is not on the robots.txt’s scheme, host and port';
    return { ...unparsable(reader, `isAllowed returns undefined: ${why}`), path: url };
  }
  // Neither URL parses: the package then reads a path of undefined and throws.
  if (u.pathname === undefined) return { ...unparsable(reader, 'TypeError: path.replace is not a function'), path: url };
  const name = robotsParserAgent(userAgent || '*');
  const g = parsed.groups.get(name) ?? parsed.groups.get('*');
  const path = upperEscapes(u.pathname + u.search);
  if (!g) return { reader, allowed: true, line: 0, reason: 'no-group', groupLines: [], path, error: null };
  let best: RpRule | null = null;
  for (const run of g.runs) {
    for (const rule of run.rules) {
      if (best && rule.pattern.length < best.pattern.length) continue;
      if (best && rule.pattern.length === best.pattern.length && (!rule.allow || best.allow)) continue;
      if (!robotsParserMatches(rule.pattern, path)) continue;
      best = rule;
    }
  }
  const groupLines = [...new Set(g.runs.map((r) => r.firstLine))];
  if (!best) return { reader, allowed: true, line: 0, reason: 'no-match', groupLines, path, error: null };
  return { reader, allowed: best.allow, line: best.line, reason: 'longest-match', groupLines, path, error: null };
}

/** The npm robots-parser 3.0.1. */
export const robotsParser: Reader<RobotsParserParse> = { id: 'robots-parser', parse, check };
