/**
 * CPython's `urllib.robotparser` as 3.12 and earlier run it (Debian 12 ships 3.11, Ubuntu 24.04
 * 3.12): read from CPython's `Lib/urllib/robotparser.py` of those releases, none of it copied.
 * Its grammar differs from Google's, so it has its own line loop:
 * - lines split as Python's `str.splitlines()` does (also at VT, FF, U+001C–U+001E, U+0085,
 *   U+2028/9); a BOM is not removed, so a first line behind one is not understood;
 * - only a truly empty line ends a group; `User-agent` lines without rules before it are dropped;
 * - keys are exact (`user-agent`, `allow`, `disallow`), values are percent-decoded, then every
 *   rule path is percent-encoded again as `quote()` does — `*` and `$` are plain characters;
 * - the first group whose agent is a substring of the crawler's name (before any `/`) applies,
 *   in file order, `*` only when none does (the first `*` group alone); the first rule whose
 *   path is a prefix of the URL decides, in file order.
 */
import { pyKeyValue, pySplitLines } from './python-str.js';
import { PyValueError, pyQuote, pyUnquote, pyUrlParse, pyUrlUnparse } from './python-url.js';
import { LineNumbers, unparsable, type Reader, type ReaderVerdict } from './reader.js';

interface PyRule { readonly path: string; readonly allow: boolean; readonly line: number }
interface PyEntry { readonly agents: string[]; readonly rules: PyRule[]; firstLine: number }

/** The parsed file: its groups in order and the first `*` group, or the error Python raises. */
export type PythonUrllibParse =
  | { readonly ok: true; readonly entries: readonly PyEntry[]; readonly defaultEntry: PyEntry | null; readonly found: Map<string, PyEntry | null> }
  | { readonly ok: false; readonly error: string };

function ruleLine(value: string, allow: boolean, line: number): PyRule {
  // An empty Disallow allows everything; the path is normalised through urlparse and quoted.
  const allowance = value === '' && !allow ? true : allow;
  return { path: pyQuote(pyUrlUnparse(pyUrlParse(value))), allow: allowance, line };
}

function parse(text: string): PythonUrllibParse {
  const numbers = new LineNumbers(text);
  const entries: PyEntry[] = [];
  let defaultEntry: PyEntry | null = null;
  const add = (e: PyEntry): void => {
    if (e.agents.includes('*')) defaultEntry ??= e;
    else entries.push(e);
  };
  const fresh = (): PyEntry => ({ agents: [], rules: [], firstLine: 0 });
  let state = 0;
  let entry = fresh();
  try {
    for (const { text: raw, start } of pySplitLines(text)) {
      if (raw === '') {
        if (state === 1) { entry = fresh(); state = 0; }
        else if (state === 2) { add(entry); entry = fresh(); state = 0; }
      }
      const kv = pyKeyValue(raw);
      if (!kv) continue;
      const [key] = kv;
      const value = pyUnquote(kv[1]);
      const lineNo = numbers.lineAt(start);
      if (key === 'user-agent') {
        if (state === 2) { add(entry); entry = fresh(); }
        if (entry.agents.length === 0) entry.firstLine = lineNo;
        entry.agents.push(value);
        state = 1;
      } else if (key === 'disallow' || key === 'allow') {
        if (state !== 0) {
          entry.rules.push(ruleLine(value, key === 'allow', lineNo));
          state = 2;
        }
      } else if (key === 'crawl-delay' || key === 'request-rate') {
        if (state !== 0) state = 2;
      }
    }
  } catch (e) {
    if (e instanceof PyValueError) return { ok: false, error: `ValueError: ${e.message}` };
    throw e;
  }
  if (state === 2) add(entry);
  return { ok: true, entries, defaultEntry, found: new Map() };
}

function appliesTo(entry: PyEntry, userAgent: string): boolean {
  const name = userAgent.split('/')[0]!.toLowerCase();
  return entry.agents.some((a) => a === '*' || name.includes(a.toLowerCase()));
}

/** The path (and `;params`, query, fragment) as `can_fetch` quotes it before matching. */
export function pythonUrllibPath(url: string): string {
  const p = pyUrlParse(pyUnquote(url));
  return pyQuote(pyUrlUnparse({ scheme: '', netloc: '', path: p.path, params: p.params, query: p.query, fragment: p.fragment })) || '/';
}

function check(parsed: PythonUrllibParse, userAgent: string, url: string): ReaderVerdict {
  const reader = 'python-urllib';
  if (!parsed.ok) return unparsable(reader, parsed.error);
  let path: string;
  try {
    path = pythonUrllibPath(url);
  } catch (e) {
    if (e instanceof PyValueError) return unparsable(reader, `ValueError: ${e.message}`);
    throw e;
  }
  // The entry depends on the crawler alone: found once per crawler, not once per URL.
  let entry = parsed.found.get(userAgent);
  if (entry === undefined) parsed.found.set(userAgent, (entry = parsed.entries.find((e) => appliesTo(e, userAgent)) ?? parsed.defaultEntry));
  if (!entry) return { reader, allowed: true, line: 0, reason: 'no-group', groupLines: [], path, error: null };
  const rule = entry.rules.find((r) => r.path === '*' || path.startsWith(r.path));
  const groupLines = [entry.firstLine];
  if (!rule) return { reader, allowed: true, line: 0, reason: 'no-match', groupLines, path, error: null };
  return { reader, allowed: rule.allow, line: rule.line, reason: 'first-match', groupLines, path, error: null };
}

/** CPython `urllib.robotparser` (3.12 and earlier). */
export const pythonUrllib: Reader<PythonUrllibParse> = { id: 'python-urllib', parse, check };
