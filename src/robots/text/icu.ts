/**
 * The engine's messages are ICU MessageFormat templates (the app translates them with FormatJS;
 * the CLI stays English). This formats the subset the engine's English uses — `{arg}`,
 * `{n, number}`, `{x, select, …}`, `{n, plural, one {…} other {…}}` with `#` — so the engine needs
 * no library. The app's tests check it gives FormatJS's output for every engine message.
 */

/** Values a message is built from. */
export type MessageArgs = Readonly<Record<string, string | number>>;

// Made on first use: building it at import cost every process that loads the engine about a millisecond.
let englishPlural: Intl.PluralRules | null = null;

/** Formats an ICU template in English. Unknown arguments format as ''. Never throws on data. */
export function formatIcu(template: string, args: MessageArgs = {}): string {
  return formatPart(template, args, null);
}

// One formatter for every number: toLocaleString builds a new one per call (tens of microseconds).
// Intl, as FormatJS formats the app's messages; the CLI's own counts use englishNumber, which needs
// no ICU start-up, and which the page's first load has no room for.
let english: Intl.NumberFormat | null = null;
function icuNumber(n: number): string {
  return (english ??= new Intl.NumberFormat('en-US')).format(n);
}

function formatPart(t: string, args: MessageArgs, hash: number | null): string {
  let out = '';
  let i = 0;
  while (i < t.length) {
    const c = t[i]!;
    if (c === '#' && hash !== null) {
      out += icuNumber(hash);
      i++;
    } else if (c === '{') {
      const end = matching(t, i);
      out += formatArgument(t.slice(i + 1, end), args);
      i = end + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The index of the `}` closing the `{` at `open`. */
function matching(t: string, open: number): number {
  let depth = 0;
  for (let i = open; i < t.length; i++) {
    if (t[i] === '{') depth++;
    else if (t[i] === '}' && --depth === 0) return i;
  }
  return t.length - 1;
}

function formatArgument(body: string, args: MessageArgs): string {
  const first = body.indexOf(',');
  const name = (first < 0 ? body : body.slice(0, first)).trim();
  const value = args[name];
  if (first < 0) return value === undefined ? '' : typeof value === 'number' ? icuNumber(value) : value;
  const second = body.indexOf(',', first + 1);
  const type = body.slice(first + 1, second < 0 ? undefined : second).trim();
  if (type === 'number') return typeof value === 'number' ? icuNumber(value) : String(value ?? '');
  const options = parseOptions(body.slice(second + 1));
  if (type === 'select') {
    return formatPart(options.get(String(value)) ?? options.get('other') ?? '', args, null);
  }
  if (type === 'plural') {
    const n = Number(value ?? 0);
    const chosen = options.get(`=${n}`) ?? options.get((englishPlural ??= new Intl.PluralRules('en-US')).select(n)) ?? options.get('other') ?? '';
    return formatPart(chosen, args, n);
  }
  return String(value ?? '');
}

/** `key {text} key {text}` → a map. */
function parseOptions(s: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /\s/.test(s[i]!)) i++;
    const open = s.indexOf('{', i);
    if (open < 0) break;
    const key = s.slice(i, open).trim();
    const end = matching(s, open);
    out.set(key, s.slice(open + 1, end));
    i = end + 1;
  }
  return out;
}
