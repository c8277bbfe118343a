/**
 * The translator: words every message id with its data through FormatJS (ICU MessageFormat:
 * plurals, numbers, selects) from a language's catalogue, and in English where it has no id.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { Fragment, createElement, type ReactNode } from 'react';
import { formatIcu, type MessageArgs } from '../../src/robots/index.js';
import type { Language } from './languages.js';

/**
 * An ICU MessageFormat template: its text (tests, the dev server), or the same parsed by FormatJS.
 * The build parses every catalogue ahead (vite.config.ts), so the page loads no ICU parser.
 */
export type Template = string | MessageFormatElement[];

/** Message ids → ICU templates, for one language. */
export type Catalogue = Readonly<Record<string, Template>>;

/** Values a rich message is built from: text, numbers, or elements (code, links) placed in the sentence. */
export type RichArgs = Readonly<Record<string, string | number | ReactNode>>;

/** Words message `id` with `args` in the current language; `.rich` places elements too; `.has` says whether the id exists. */
export interface Translator {
  (id: string, args?: MessageArgs): string;
  rich(id: string, args: RichArgs): ReactNode;
  has(id: string): boolean;
  number(n: number): string;
  readonly language: Language;
}

/**
 * The words of a parsed template that holds literal text only (most labels): FormatJS would word
 * it the same, and building its formatter resolves the locale through Intl each time (a first
 * render compiles dozens). null: it has arguments, or is not parsed yet.
 */
function literalText(template: Template | undefined): string | null {
  if (template === undefined || typeof template === 'string') return null;
  let text = '';
  for (const el of template) {
    if (el.type !== 0) return null;
    text += el.value;
  }
  return text;
}

/** FormatJS's formatter of `template` in `locale`; null when it cannot be used. */
function compile(template: Template | undefined, locale: string): IntlMessageFormat | null {
  if (template === undefined) return null;
  try {
    return new IntlMessageFormat(template, locale);
  } catch {
    // A text template in the built page (which carries no ICU parser), or one that does not parse.
    return null;
  }
}

/**
 * The arguments a template places as plain `{name}` and nowhere as a plural, select or number:
 * FormatJS writes a number there as its digits ("4298"); the translator formats those numbers in
 * the reader's locale, as `{name, number}` would, so "Line 4,298" reads the same everywhere.
 */
function plainArguments(ast: readonly MessageFormatElement[]): Set<string> {
  const plain = new Set<string>();
  const other = new Set<string>();
  const walk = (elements: readonly MessageFormatElement[]): void => {
    for (const el of elements) {
      if (el.type === 1) plain.add(el.value);
      else if (el.type === 5 || el.type === 6) {
        other.add(el.value);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === 2 || el.type === 3 || el.type === 4) other.add(el.value);
      else if (el.type === 8) walk(el.children);
    }
  };
  walk(ast);
  for (const name of other) plain.delete(name);
  return plain;
}

/** A translator for `language` over `catalogue`; ids it lacks are worded from `english`. Never throws. */
export function makeTranslator(language: Language, catalogue: Catalogue, english: Catalogue): Translator {
  // Each message's formatter, or its words when it is literal text only (null: none usable).
  const compiled = new Map<string, IntlMessageFormat | string | null>();
  const plainById = new Map<string, Set<string>>();
  // Made on first use: the store makes a translator as its module loads and again as catalogues
  // come, and a thread's first number format is slow (ICU's data; scripts/early-worker.ts).
  let numberFormat: Intl.NumberFormat | null = null;
  const formatNumber = (n: number): string => (numberFormat ??= new Intl.NumberFormat(language)).format(n);
  // Numbers in plain arguments, formatted in the locale (see plainArguments).
  const localised = <A extends Readonly<Record<string, unknown>> | undefined>(id: string, f: IntlMessageFormat, args: A): A => {
    if (!args) return args;
    let plain = plainById.get(id);
    if (!plain) plainById.set(id, (plain = plainArguments(f.getAst())));
    let out: Record<string, unknown> | null = null;
    for (const name of plain) {
      const v = args[name];
      if (typeof v === 'number') (out ??= { ...args })[name] = formatNumber(v);
    }
    return (out ?? args) as A;
  };
  const formatter = (id: string): IntlMessageFormat | string | null => {
    let f = compiled.get(id);
    if (f === undefined) {
      const own = catalogue[id] !== undefined;
      const template = own ? catalogue[id] : english[id];
      f = literalText(template) ?? compile(template, own ? language : 'en');
      compiled.set(id, f);
    }
    return f;
  };
  const fallback = (id: string, args?: MessageArgs): string => {
    const template = english[id];
    if (typeof template === 'string') return formatIcu(template, args);
    try {
      return template === undefined ? id : String(new IntlMessageFormat(template, 'en').format(args as Record<string, string | number>));
    } catch {
      return id;
    }
  };
  const t = ((id: string, args?: MessageArgs): string => {
    const f = formatter(id);
    if (typeof f === 'string') return f;
    if (!f) return fallback(id, args);
    try {
      return String(f.format(localised(id, f, args) as Record<string, string | number>));
    } catch {
      return fallback(id, args);
    }
  }) as Translator;
  t.rich = (id, args) => {
    const f = formatter(id);
    if (typeof f === 'string') return f;
    try {
      const out = f ? f.format<ReactNode>(localised(id, f, args) as Record<string, ReactNode>) : fallback(id);
      return Array.isArray(out) ? createElement(Fragment, null, ...out.map((part, i) => createElement(Fragment, { key: i }, part))) : out;
    } catch {
      return fallback(id);
    }
  };
  t.has = (id) => catalogue[id] !== undefined || english[id] !== undefined;
  t.number = formatNumber;
  Object.defineProperty(t, 'language', { value: language });
  return t;
}

/** A message with its data, as the store keeps notices (an argument may be a message itself). */
export interface MessageRef {
  readonly id: string;
  readonly args?: Readonly<Record<string, string | number | MessageRef>>;
}

/** Words a message kept as data, its nested messages first. */
export function wordMessage(t: Translator, m: MessageRef): string {
  const args: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.args ?? {})) args[k] = typeof v === 'object' ? wordMessage(t, v) : v;
  return t(m.id, args);
}
