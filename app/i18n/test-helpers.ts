// Test support for the catalogues' tests: not part of the app.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Template } from './index.js';

/** A template's arguments as `name:type` (select options too), from FormatJS's own parser. */
export function argumentsOf(template: Template): string[] {
  const out = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.argument) out.add(`${e.value}:text`);
      else if (e.type === TYPE.number) out.add(`${e.value}:number`);
      else if (e.type === TYPE.select) {
        out.add(`${e.value}:select[${Object.keys(e.options).sort().join('|')}]`);
        for (const o of Object.values(e.options)) walk(o.value);
      } else if (e.type === TYPE.plural) {
        out.add(`${e.value}:plural`);
        for (const o of Object.values(e.options)) walk(o.value);
      } else if (e.type === TYPE.tag) walk(e.children);
    }
  };
  walk(typeof template === 'string' ? parse(template) : template);
  return [...out].sort();
}

/** Sample data for a template: each select's first option, plural 2, numbers 1234, text "x". */
export function sampleArgs(template: Template): Record<string, string | number> {
  const args: Record<string, string | number> = {};
  for (const a of argumentsOf(template)) {
    const [name, type] = [a.slice(0, a.indexOf(':')), a.slice(a.indexOf(':') + 1)];
    args[name] ??= type.startsWith('select[') ? type.slice(7, -1).split('|').find((k) => k !== 'other') ?? 'other' : type === 'text' ? 'x' : 2;
  }
  return args;
}
