/**
 * A small reader of Cloudflare's Rules language, limited to what the export writes: the fields
 * `http.user_agent`, `raw.http.request.uri` and `raw.http.request.uri.path`; `lower()` and
 * `starts_with()`; the operators `eq`, `contains`, `matches`, `wildcard` and `strict wildcard`;
 * `not`, `and`, `or` (in that order of precedence) and parentheses; quoted strings with `\"` and
 * `\\`. Authority: developers.cloudflare.com/ruleset-engine/rules-language (operators, values,
 * fields). Anything else is an error, so the export cannot drift from what is read here.
 *
 * `matches` is Rust's regex engine at Cloudflare; here it is JavaScript's RegExp, allowed only on
 * the one shape the export writes (a whole-word alternation of literal tokens), where the two agree.
 * Wildcards are matched by a linear glob, never a RegExp.
 */

/** The request as the expression sees it. */
export interface CloudflareRequest {
  readonly userAgent: string;
  /** Path and query as sent. */
  readonly target: string;
}

type Value = { kind: 'string'; text: string };
type Node =
  | { op: 'or' | 'and'; parts: Node[] }
  | { op: 'not'; part: Node }
  | { op: 'compare'; field: Field; operator: string; value: string }
  | { op: 'starts_with'; field: Field; value: string };
type Field = { name: string; lower: boolean };

const FIELDS = new Set(['http.user_agent', 'raw.http.request.uri', 'raw.http.request.uri.path']);
// The export's token regex: `(^|[^a-z_-])(tok|tok…)([^a-z_-]|$)`, tokens of lower-case letters, digits, `-`, `_`, `\.`, `\xHH`.
const TOKEN_REGEX = /^\(\^\|\[\^a-z_-\]\)\((?:[a-z0-9_-]|\\\.|\\x[0-9a-f]{2})+(?:\|(?:[a-z0-9_-]|\\\.|\\x[0-9a-f]{2})+)*\)\(\[\^a-z_-\]\|\$\)$/;

/** Splits an expression into words, parentheses, commas and strings (decoded). */
function tokenize(text: string): (string | Value)[] {
  const out: (string | Value)[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (c === '(' || c === ')' || c === ',') { out.push(c); i++; continue; }
    if (c === '"') {
      let s = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('an unterminated string');
        const d = text[i]!;
        if (d === '"') { i++; break; }
        if (d === '\\') {
          const e = text[i + 1];
          if (e !== '"' && e !== '\\') throw new Error(`an escape the reader does not know: \\${e}`);
          s += e;
          i += 2;
          continue;
        }
        s += d;
        i++;
      }
      out.push({ kind: 'string', text: s });
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(i));
    if (!word) throw new Error(`an unexpected character: ${JSON.stringify(c)} at ${i}`);
    out.push(word[0]);
    i += word[0].length;
  }
  return out;
}

/** Parses an expression the export writes; throws on anything outside the subset. */
export function parseCloudflare(text: string): Node {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const take = (want?: string) => {
    const t = tokens[at++];
    if (t === undefined) throw new Error('the expression ends too early');
    if (want !== undefined && t !== want) throw new Error(`expected ${want}, found ${JSON.stringify(t)}`);
    return t;
  };
  const string = (): string => {
    const t = take();
    if (typeof t === 'string') throw new Error(`expected a string, found ${t}`);
    return t.text;
  };
  const field = (): Field => {
    const t = take();
    if (t === 'lower') {
      take('(');
      const inner = field();
      take(')');
      return { name: inner.name, lower: true };
    }
    if (typeof t !== 'string' || !FIELDS.has(t)) throw new Error(`a field the reader does not know: ${JSON.stringify(t)}`);
    return { name: t, lower: false };
  };
  const primary = (): Node => {
    const t = peek();
    if (t === 'not') {
      take();
      return { op: 'not', part: primary() };
    }
    if (t === '(') {
      take();
      const inner = or();
      take(')');
      return inner;
    }
    if (t === 'starts_with') {
      take();
      take('(');
      const f = field();
      take(',');
      const value = string();
      take(')');
      return { op: 'starts_with', field: f, value };
    }
    const f = field();
    let operator = take();
    if (operator === 'strict') operator = `strict ${take('wildcard')}`;
    if (typeof operator !== 'string' || !['eq', 'contains', 'matches', 'wildcard', 'strict wildcard'].includes(operator)) throw new Error(`an operator the reader does not know: ${JSON.stringify(operator)}`);
    const value = string();
    if (operator === 'matches' && !TOKEN_REGEX.test(value)) throw new Error(`a regex outside the export's shape: ${value}`);
    return { op: 'compare', field: f, operator, value };
  };
  const and = (): Node => {
    const parts = [primary()];
    while (peek() === 'and') { take(); parts.push(primary()); }
    return parts.length === 1 ? parts[0]! : { op: 'and', parts };
  };
  const or = (): Node => {
    const parts = [and()];
    while (peek() === 'or') { take(); parts.push(and()); }
    return parts.length === 1 ? parts[0]! : { op: 'or', parts };
  };
  const tree = or();
  if (at !== tokens.length) throw new Error(`left over: ${JSON.stringify(tokens.slice(at, at + 3))}`);
  return tree;
}

/** Whether `value` matches the wildcard `pattern` whole (`*`: any run; `\` escapes), in linear time. */
export function wildcardMatches(pattern: string, value: string, caseSensitive: boolean): boolean {
  const pieces: string[] = [''];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') pieces[pieces.length - 1] += pattern[++i] ?? '';
    else if (c === '*') pieces.push('');
    else pieces[pieces.length - 1] += c;
  }
  const v = caseSensitive ? value : value.toLowerCase();
  const ps = caseSensitive ? pieces : pieces.map((p) => p.toLowerCase());
  if (ps.length === 1) return v === ps[0];
  const first = ps[0]!;
  const last = ps[ps.length - 1]!;
  if (!v.startsWith(first) || v.length < first.length + last.length || !v.endsWith(last)) return false;
  let pos = first.length;
  const end = v.length - last.length;
  for (let k = 1; k < ps.length - 1; k++) {
    const at = v.indexOf(ps[k]!, pos);
    if (at < 0 || at + ps[k]!.length > end) return false;
    pos = at + ps[k]!.length;
  }
  return true;
}

// Each regex compiled once: an expression is evaluated on thousands of requests.
const compiled = new Map<string, RegExp>();
const regexOf = (source: string) => compiled.get(source) ?? compiled.set(source, new RegExp(source)).get(source)!;

function fieldValue(f: Field, r: CloudflareRequest): string {
  const raw = f.name === 'http.user_agent' ? r.userAgent : f.name === 'raw.http.request.uri' ? r.target : r.target.replace(/\?.*$/, '');
  return f.lower ? raw.toLowerCase() : raw;
}

/** Evaluates a parsed expression on a request. */
export function evaluateCloudflare(node: Node, r: CloudflareRequest): boolean {
  switch (node.op) {
    case 'or': return node.parts.some((p) => evaluateCloudflare(p, r));
    case 'and': return node.parts.every((p) => evaluateCloudflare(p, r));
    case 'not': return !evaluateCloudflare(node.part, r);
    case 'starts_with': return fieldValue(node.field, r).startsWith(node.value);
    case 'compare': {
      const v = fieldValue(node.field, r);
      if (node.operator === 'eq') return v === node.value;
      if (node.operator === 'contains') return v.includes(node.value);
      if (node.operator === 'matches') return regexOf(node.value).test(v);
      return wildcardMatches(node.value, v, node.operator === 'strict wildcard');
    }
  }
}
