/**
 * The pieces several formats log alike: quoted fields with Apache's and nginx's escapes, the
 * request line, hosts and absolute URLs.
 */

const hasBackslash = (s: string) => s.indexOf('\\') >= 0;

/** Apache's and nginx's escapes in a quoted field: \" \\ \xHH. */
export function unescapeLogged(s: string): string {
  if (!hasBackslash(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\' || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const n = s[i + 1]!;
    if (n === 'x' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 2, i + 4))) {
      out += String.fromCharCode(parseInt(s.slice(i + 2, i + 4), 16));
      i += 3;
    } else if (n === '"' || n === '\\') {
      out += n;
      i++;
    } else if (n === 't') {
      out += '\t';
      i++;
    } else if (n === 'n') {
      out += '\n';
      i++;
    } else {
      out += c;
    }
  }
  return out;
}

/**
 * The end (index of the closing quote) of a quoted field opened at `open`; -1 when it never closes.
 * `plain`: the caller knows `s` holds no backslash after `open`, so the next quote closes it.
 */
export function closingQuote(s: string, open: number, plain = false): number {
  // A native search, where no escape can hide a quote: most lines hold no backslash.
  if (plain) return s.indexOf('"', open + 1);
  for (let i = open + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i;
  }
  return -1;
}

/** "METHOD target PROTOCOL" → method and target; a request line that is not one gives empty strings. */
export function requestLine(req: string): { method: string; target: string } {
  const sp = req.indexOf(' ');
  if (sp <= 0) return { method: '', target: '' };
  if (!isMethod(req, sp)) return { method: '', target: '' };
  const method = req.slice(0, sp);
  const last = req.lastIndexOf(' ');
  const target = last > sp && req.startsWith('HTTP/', last + 1) ? req.slice(sp + 1, last) : req.slice(sp + 1);
  return target === '' || target.indexOf(' ') >= 0 ? { method, target: '' } : { method, target };
}

/** Whether `req`'s first `end` characters are a method: a capital, then capitals, '_' or '-' (by hand: every line has one). */
function isMethod(req: string, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const c = req.charCodeAt(i);
    if (!((c >= 0x41 && c <= 0x5a) || (i > 0 && (c === 0x5f || c === 0x2d)))) return false;
  }
  return end > 0;
}

/** A host as compared: lower case, without the port when it is a default one. */
export function plainHost(host: string): string {
  const h = host.trim().toLowerCase();
  return h.endsWith(':80') || h.endsWith(':443') ? h.slice(0, h.lastIndexOf(':')) : h;
}

/** An absolute request URL split into host and target (path and query). */
export function splitAbsolute(url: string): { host: string; target: string } | null {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)(.*)$/.exec(url);
  if (!m) return null;
  return { host: plainHost(m[1]!), target: m[2] || '/' };
}

/** Whether `s` is one or more ASCII digits. */
export function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** Whether a character code is an ASCII digit. */
export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
