/**
 * RFC 9651 §4.2.2: a Structured Field Dictionary, parsed as the AI-preferences vocabulary's
 * processing asks (draft-ietf-aipref-vocab-08 §6.5): keys to bare items, parameters read and
 * dropped, the last value of a repeated key kept, and any syntax error a failure of the whole.
 * Each piece is one sticky expression without nested or overlapping repeats: linear in the text.
 */

/** A bare item as the preferences need it: a Token's text, or which other type it was. */
export interface BareItem {
  readonly type: 'token' | 'string' | 'number' | 'bytes' | 'boolean' | 'date' | 'display' | 'inner-list';
  readonly value: string;
}

/** One dictionary member: its key, its value, and the values an earlier member with its key had. */
export interface DictionaryMember {
  readonly key: string;
  readonly item: BareItem;
  /** The values this key had before, in order (the last one counts: RFC 9651 §4.2.2). */
  readonly earlier: readonly BareItem[];
}

// RFC 9651 §3.1.2 key, §3.3 bare items (integer/decimal, string, token, byte sequence, boolean,
// date, display string).
const KEY = /[a-z*][a-z0-9_.*-]*/y;
const ITEMS: readonly [BareItem['type'], RegExp][] = [
  ['number', /-?(?:\d{1,12}\.\d{1,3}|\d{1,15})(?![\d.])/y],
  ['string', /"(?:[ !#-[\]-~]|\\["\\])*"/y],
  ['token', /[A-Za-z*][\w!#$%&'*+.^`|~:/-]*/y],
  ['bytes', /:[A-Za-z0-9+/=]*:/y],
  ['boolean', /\?[01]/y],
  ['date', /@-?\d{1,15}(?![\d.])/y],
  ['display', /%"(?:[ !#$&-~]|%[0-9a-f]{2})*"/y],
];

/** Parses a Dictionary; null when the text is not one (RFC 9651 §4.2: the whole statement fails). */
export function parseDictionary(text: string): DictionaryMember[] | null {
  let pos = 0;
  const eat = (re: RegExp): string | null => {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) return null;
    pos = re.lastIndex;
    return m[0];
  };
  const skip = (chars: string) => {
    while (pos < text.length && chars.includes(text[pos]!)) pos++;
  };
  const bare = (): BareItem | null => {
    for (const [type, re] of ITEMS) {
      const v = eat(re);
      if (v !== null) return { type, value: v };
    }
    return null;
  };
  // Parameters carry no meaning for preferences (§6.5.2): read and dropped.
  const params = (): boolean => {
    while (text[pos] === ';') {
      pos++;
      skip(' ');
      if (eat(KEY) === null) return false;
      if (text[pos] === '=' && (pos++, bare() === null)) return false;
    }
    return true;
  };
  const innerList = (): BareItem | null => {
    const start = pos++;
    for (;;) {
      skip(' ');
      if (text[pos] === ')') {
        pos++;
        return params() ? { type: 'inner-list', value: text.slice(start, pos) } : null;
      }
      if (bare() === null || !params() || (text[pos] !== ' ' && text[pos] !== ')')) return null;
    }
  };
  const byKey = new Map<string, { item: BareItem; earlier: BareItem[] }>();
  skip(' ');
  while (pos < text.length) {
    const key = eat(KEY);
    if (key === null) return null;
    let item: BareItem | null;
    if (text[pos] === '=') {
      pos++;
      item = text[pos] === '(' ? innerList() : bare();
      if (item === null || (item.type !== 'inner-list' && !params())) return null;
    } else {
      item = { type: 'boolean', value: '?1' };
      if (!params()) return null;
    }
    const had = byKey.get(key);
    // A repeated key keeps its last value, in the place of its last occurrence.
    byKey.delete(key);
    byKey.set(key, { item, earlier: had ? [...had.earlier, had.item] : [] });
    skip(' \t');
    if (pos === text.length) break;
    if (text[pos++] !== ',') return null;
    skip(' \t');
    // A trailing comma fails the whole (RFC 9651 §4.2.2).
    if (pos === text.length) return null;
  }
  return [...byKey].map(([key, m]) => ({ key, item: m.item, earlier: m.earlier }));
}
