/**
 * The tags of an HTML document a crawl reads — `<a>`, `<link>`, `<meta>`, `<base>` — with their
 * attributes, from htmlparser2's tokenizer (the states of HTML's tokenization: raw text in
 * <script> and <style>, comments, entities in attribute values decoded). The tokenizer alone, not
 * its Parser: the Parser builds every tag's attributes and its implied closings, which a crawl
 * never reads (two fifths of the time on a documentation page).
 */
import { Tokenizer } from 'htmlparser2';

/** The tags a crawl reads. */
const WANTED = new Set(['a', 'link', 'meta', 'base']);

/** Calls `onTag` with each wanted tag's name and attributes (names lower-cased; the first of a repeated attribute counts), in document order. */
export function readTags(html: string, onTag: (name: string, attrs: Readonly<Record<string, string>>) => void): void {
  let tag: string | null = null;
  let attrs: Record<string, string> = {};
  let name = '';
  let value = '';
  const open = () => {
    if (tag !== null) onTag(tag, attrs);
    tag = null;
  };
  const noop = () => {};
  const tokenizer = new Tokenizer({ decodeEntities: true }, {
    onopentagname(start, end) {
      const t = html.slice(start, end).toLowerCase();
      tag = WANTED.has(t) ? t : null;
      if (tag !== null) attrs = Object.create(null) as Record<string, string>;
    },
    onattribname(start, end) {
      if (tag === null) return;
      name = html.slice(start, end).toLowerCase();
      value = '';
    },
    onattribdata(start, end) {
      if (tag !== null) value += html.slice(start, end);
    },
    onattribentity(codepoint) {
      if (tag !== null) value += String.fromCodePoint(codepoint);
    },
    onattribend() {
      if (tag !== null && !(name in attrs)) attrs[name] = value;
    },
    onopentagend: open,
    onselfclosingtag: open,
    onattribdatafallback: noop,
    oncdata: noop, onclosetag: noop, oncomment: noop, ondeclaration: noop, onend: noop, onprocessinginstruction: noop, ontext: noop, ontextentity: noop,
  } as ConstructorParameters<typeof Tokenizer>[1]);
  tokenizer.write(html);
  tokenizer.end();
}
