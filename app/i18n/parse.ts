/**
 * FormatJS's ICU parser, for templates that reach the translator as text at run time (a tab's own
 * English): loaded only when one does, since the build parses every catalogue ahead.
 */
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** Each template parsed as FormatJS parses it; one that does not parse is left out. */
export function parseTemplates(templates: Readonly<Record<string, string>>): Record<string, MessageFormatElement[]> {
  const out: Record<string, MessageFormatElement[]> = {};
  for (const [id, template] of Object.entries(templates)) {
    try {
      out[id] = parse(template);
    } catch {
      // Worded by the engine's English formatter instead, as before the parser loaded.
    }
  }
  return out;
}
