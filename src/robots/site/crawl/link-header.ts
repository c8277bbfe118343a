/**
 * The HTTP `Link` header (RFC 8288 §3), as far as a crawl reads it: the canonical and the
 * alternate language versions a response names for itself (Google reads both there, for files
 * that have no HTML head, such as PDFs).
 */

/** One link of a Link header: its target as written and its parameters (names lower-cased). */
export interface HeaderLink {
  readonly target: string;
  readonly params: Readonly<Record<string, string>>;
}

/** Every link of a Link header's value (several headers joined with commas read the same); bad pieces are skipped. */
export function parseLinkHeader(value: string): HeaderLink[] {
  const out: HeaderLink[] = [];
  let i = 0;
  const n = value.length;
  while (i < n) {
    const open = value.indexOf('<', i);
    if (open < 0) break;
    const close = value.indexOf('>', open + 1);
    if (close < 0) break;
    const target = value.slice(open + 1, close).trim();
    const params: Record<string, string> = Object.create(null) as Record<string, string>;
    i = close + 1;
    // Parameters up to the comma that starts the next link (a comma inside quotes is a value's).
    for (;;) {
      while (i < n && (value[i] === ' ' || value[i] === '\t')) i++;
      if (i >= n || value[i] === ',') {
        i++;
        break;
      }
      if (value[i] !== ';') {
        // Not a parameter: skip to the next link.
        const next = value.indexOf('<', i);
        i = next < 0 ? n : next;
        break;
      }
      i++;
      const eq = /^\s*([A-Za-z0-9!#$&+.^_`|~*-]+)\s*(=\s*)?/.exec(value.slice(i));
      if (!eq) continue;
      i += eq[0].length;
      const name = eq[1]!.toLowerCase();
      let v = '';
      if (eq[2] !== undefined) {
        if (value[i] === '"') {
          i++;
          while (i < n && value[i] !== '"') {
            if (value[i] === '\\' && i + 1 < n) i++;
            v += value[i];
            i++;
          }
          i++;
        } else {
          const m = /^[^;,\s]*/.exec(value.slice(i))!;
          v = m[0];
          i += v.length;
        }
      }
      // The first occurrence of a parameter counts (RFC 8288 §3.3 for rel).
      if (!(name in params)) params[name] = v;
    }
    out.push({ target, params });
  }
  return out;
}

/** Whether a link's `rel` (a space-separated list, read without regard to case) holds `type`. */
export function relHas(rel: string | undefined, type: string): boolean {
  return rel !== undefined && rel.toLowerCase().split(/[\s]+/).includes(type);
}
