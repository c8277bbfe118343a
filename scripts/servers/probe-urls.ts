/**
 * The request targets the agreement test asks for, derived from a robots.txt: for each rule, the
 * path it names with each `*` empty, one character and several; just inside and just outside its
 * literal start and each piece, and its `$`; its case flipped; a letter percent-encoded; its
 * escapes in lower case and as the raw non-ASCII they encode; and `/robots.txt`. Each target is the
 * path and query a crawler sends for the URL (the engine's reading: dot segments resolved, the
 * browser's percent-encoding), so the servers and the engine see the same bytes.
 */
import { compilePattern, resolveTestUrl, type RobotsTxt } from '../../src/robots/index.js';

// What servers refuse to parse (an escape that is not `%` and two hex digits): not a test of the rules.
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/** Paths every file is probed on: the root, /robots.txt and its neighbours, escapes and non-ASCII. */
const FIXED: readonly string[] = [
  '/', '/robots.txt', '/robots.txt?x=1', '/Robots.txt', '/robots.txt/', '/robots.txtx', '/robots%2Etxt',
  '/café/', '/caf%C3%A9/', '/caf%c3%a9/', '/%E2%82%AC/', '/a%2Fb', '/a/../b', '/a/./c', '/index.html', '/x?q=%20',
];

/** `s` with its percent-escapes decoded as UTF-8 (unchanged when they are not UTF-8). */
function decodedEscapes(s: string): string {
  try {
    return decodeURIComponent(s.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return s;
  }
}

const flipCase = (s: string) => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** The raw paths one pattern is probed on (before the crawler's encoding), the most telling first. */
function pathsFor(pattern: string, allow: boolean): string[] {
  const c = compilePattern(pattern);
  const rooted = (p: string) => (p.startsWith('/') ? p : `/${p}`);
  const fill = (k: string) => rooted(c.prefix + c.segments.map((s) => k + s).join(''));
  const m = fill('x/y.z');
  // The path itself (each `*` empty, then several characters), and just past its end.
  const out = [fill(''), m, `${m}x`, `${m}?q=1`];
  // Just outside the literal start: its last character dropped, or changed.
  if (c.prefix.length > 1) {
    const cut = c.prefix.slice(0, -1);
    out.push(rooted(cut + (c.prefix.endsWith('z') ? 'y' : 'z') + c.segments.join('x')));
  }
  // Just outside each piece: the last character of the last piece dropped; the pieces before the start.
  if (c.segments.length > 0) {
    const last = c.segments[c.segments.length - 1]!;
    out.push(rooted(c.prefix + c.segments.slice(0, -1).map((s) => `x${s}`).join('') + `x${last.slice(0, -1)}`));
    out.push(rooted(`${c.segments.join('')}${c.prefix}`));
    // The last piece twice: an anchored pattern must find it at the very end.
    out.push(`${m}${last}x`);
  }
  out.push(flipCase(m));
  // A letter percent-encoded: another path to a crawler (rules match the path as sent).
  const letter = m.search(/[A-Za-z]/);
  if (letter >= 0) out.push(m.slice(0, letter) + `%${m.charCodeAt(letter).toString(16).toUpperCase()}` + m.slice(letter + 1));
  if (/%[0-9A-Fa-f]{2}/.test(m)) out.push(m.replace(/%[0-9A-Fa-f]{2}/g, (e) => e.toLowerCase()), decodedEscapes(m));
  // Google-specific: `Allow: /dir/index.html` also allows `/dir/`.
  const index = pattern.lastIndexOf('/index.htm');
  if (allow && index >= 0) out.push(rooted(pattern.slice(0, index + 1)), rooted(pattern.slice(0, index + 1) + 'x'));
  return out;
}

/**
 * The request targets for `robots`, at most `max`: the fixed ones, then each rule's probes taken in
 * turn (every rule's first probe, then every rule's second…), so that a large file still has each
 * of its rules probed on its own path.
 */
export function probeTargets(robots: RobotsTxt, max = 120): string[] {
  const perRule = robots.rules.filter((r) => r.pattern !== '').map((r) => pathsFor(r.pattern, r.allow));
  const targets = new Set<string>();
  const add = (p: string) => {
    const sent = resolveTestUrl(`https://example.com${p.startsWith('/') ? '' : '/'}${p}`);
    if (sent.valid && !BAD_ESCAPE.test(sent.path) && targets.size < max) targets.add(sent.path);
  };
  for (const p of FIXED) add(p);
  for (let i = 0; perRule.some((list) => i < list.length); i++) for (const list of perRule) if (i < list.length) add(list[i]!);
  return [...targets];
}
