/**
 * RFC 9651 §4.2.2: a Structured Field Dictionary, parsed as the AI-preferences vocabulary's
 * processing asks (draft-ietf-aipref-vocab-08 §6.5): keys to bare items, parameters read and
 * dropped, the last value of a repeated key kept, and any syntax error a failure of the whole.
 * One pass over the text, no RegExp: a hostile line costs its length.
 */

/** A bare item as the preferences need it: a Token's text, or which other type it was. */
export type BareItem =
  | { readonly type: 'token'; readonly value: string }
  | { readonly type: 'string' | 'number' | 'bytes' | 'boolean' | 'date' | 'display' | 'inner-list'; readonly value: string };

/** One dictionary member: its key, its value, and whether an earlier member had the same key. */
export interface DictionaryMember {
  readonly key: string;
  readonly item: BareItem;
  /** The values this key had before, in order (the last one counts: RFC 9651 §4.2.2). */
  readonly earlier: readonly BareItem[];
}

const isLcAlpha = (c: number) => c >= 0x61 && c <= 0x7a;
const isAlpha = (c: number) => isLcAlpha(c) || (c >= 0x41 && c <= 0x5a);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
// tchar (RFC 9110 §5.6.2): ! # $ % & ' * + - . ^ _ ` | ~ DIGIT ALPHA.
const TCHAR_PUNCT = new Set([0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2a, 0x2b, 0x2d, 0x2e, 0x5e, 0x5f, 0x60, 0x7c, 0x7e]);
const isTchar = (c: number) => isAlpha(c) || isDigit(c) || TCHAR_PUNCT.has(c);
const isBase64 = (c: number) => isAlpha(c) || isDigit(c) || c === 0x2b || c === 0x2f || c === 0x3d;

class Failed extends Error {}

/** A cursor over the field value. */
class Input {
  pos = 0;
  constructor(readonly s: string) {}
  get done(): boolean {
    return this.pos >= this.s.length;
  }
  peek(): number {
    return this.s.charCodeAt(this.pos);
  }
  fail(): never {
    throw new Failed();
  }
  skipSp(): void {
    while (!this.done && this.peek() === 0x20) this.pos++;
  }
  skipOws(): void {
    while (!this.done && (this.peek() === 0x20 || this.peek() === 0x09)) this.pos++;
  }

  key(): string {
    const start = this.pos;
    if (this.done || !(isLcAlpha(this.peek()) || this.peek() === 0x2a)) this.fail();
    this.pos++;
    while (!this.done) {
      const c = this.peek();
      if (!(isLcAlpha(c) || isDigit(c) || c === 0x5f || c === 0x2d || c === 0x2e || c === 0x2a)) break;
      this.pos++;
    }
    return this.s.slice(start, this.pos);
  }

  bareItem(): BareItem {
    if (this.done) this.fail();
    const c = this.peek();
    if (c === 0x2d || isDigit(c)) return { type: 'number', value: this.number() };
    if (c === 0x22) return { type: 'string', value: this.string() };
    if (isAlpha(c) || c === 0x2a) return { type: 'token', value: this.token() };
    if (c === 0x3a) return { type: 'bytes', value: this.bytes() };
    if (c === 0x3f) return { type: 'boolean', value: this.boolean() };
    if (c === 0x40) {
      this.pos++;
      return { type: 'date', value: this.number() };
    }
    if (c === 0x25) return { type: 'display', value: this.display() };
    return this.fail();
  }

  number(): string {
    const start = this.pos;
    if (this.peek() === 0x2d) this.pos++;
    let digits = 0;
    let dot = -1;
    while (!this.done) {
      const c = this.peek();
      if (isDigit(c)) digits++;
      else if (c === 0x2e && dot < 0) {
        if (digits > 12) this.fail();
        dot = digits;
      } else break;
      this.pos++;
      if (digits > 15) this.fail();
    }
    if (digits === 0 || (dot >= 0 && (dot === digits || digits - dot > 3))) this.fail();
    return this.s.slice(start, this.pos);
  }

  string(): string {
    this.pos++;
    let out = '';
    while (!this.done) {
      const c = this.peek();
      this.pos++;
      if (c === 0x5c) {
        if (this.done) this.fail();
        const n = this.peek();
        if (n !== 0x22 && n !== 0x5c) this.fail();
        out += String.fromCharCode(n);
        this.pos++;
      } else if (c === 0x22) {
        return out;
      } else if (c < 0x20 || c > 0x7e) {
        this.fail();
      } else {
        out += String.fromCharCode(c);
      }
    }
    return this.fail();
  }

  token(): string {
    const start = this.pos;
    this.pos++;
    while (!this.done) {
      const c = this.peek();
      if (!(isTchar(c) || c === 0x3a || c === 0x2f)) break;
      this.pos++;
    }
    return this.s.slice(start, this.pos);
  }

  bytes(): string {
    const start = ++this.pos;
    while (!this.done && isBase64(this.peek())) this.pos++;
    if (this.done || this.peek() !== 0x3a) this.fail();
    this.pos++;
    return this.s.slice(start, this.pos - 1);
  }

  boolean(): string {
    this.pos++;
    const c = this.peek();
    if (c !== 0x30 && c !== 0x31) this.fail();
    this.pos++;
    return c === 0x31 ? '1' : '0';
  }

  display(): string {
    this.pos++;
    if (this.peek() !== 0x22) this.fail();
    this.pos++;
    const start = this.pos;
    while (!this.done) {
      const c = this.peek();
      if (c === 0x22) {
        this.pos++;
        return this.s.slice(start, this.pos - 1);
      }
      if (c < 0x20 || c > 0x7e) this.fail();
      if (c === 0x25) {
        const hex = this.s.slice(this.pos + 1, this.pos + 3);
        if (!/^[0-9a-f]{2}$/.test(hex)) this.fail();
        this.pos += 3;
      } else {
        this.pos++;
      }
    }
    return this.fail();
  }

  parameters(): void {
    while (!this.done && this.peek() === 0x3b) {
      this.pos++;
      this.skipSp();
      this.key();
      if (!this.done && this.peek() === 0x3d) {
        this.pos++;
        this.bareItem();
      }
    }
  }

  innerList(): BareItem {
    const start = this.pos;
    this.pos++;
    while (!this.done) {
      this.skipSp();
      if (this.peek() === 0x29) {
        this.pos++;
        this.parameters();
        return { type: 'inner-list', value: this.s.slice(start, this.pos) };
      }
      this.bareItem();
      this.parameters();
      if (this.done) break;
      const c = this.peek();
      if (c !== 0x20 && c !== 0x29) this.fail();
    }
    return this.fail();
  }
}

/**
 * Parses a Dictionary; null when the text is not one (RFC 9651 §4.2: a failure makes the whole
 * field, here the whole statement, unreadable). Members come in the order of their last value.
 */
export function parseDictionary(text: string): DictionaryMember[] | null {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7e) return null;
  const input = new Input(text);
  const byKey = new Map<string, { item: BareItem; earlier: BareItem[] }>();
  try {
    input.skipSp();
    while (!input.done) {
      const key = input.key();
      let item: BareItem;
      if (!input.done && input.peek() === 0x3d) {
        input.pos++;
        item = input.peek() === 0x28 ? input.innerList() : input.bareItem();
        if (item.type !== 'inner-list') input.parameters();
      } else {
        item = { type: 'boolean', value: '1' };
        input.parameters();
      }
      const had = byKey.get(key);
      // A repeated key keeps its last value and takes the place of the last occurrence.
      byKey.delete(key);
      byKey.set(key, { item, earlier: had ? [...had.earlier, had.item] : [] });
      input.skipOws();
      if (input.done) break;
      if (input.peek() !== 0x2c) input.fail();
      input.pos++;
      input.skipOws();
      if (input.done) input.fail();
    }
  } catch (e) {
    if (e instanceof Failed) return null;
    throw e;
  }
  return [...byKey].map(([key, m]) => ({ key, item: m.item, earlier: m.earlier }));
}
