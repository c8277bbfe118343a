/**
 * The build's message catalogues, parsed ahead: each catalogue module (app/i18n/catalogues/en-core.ts,
 * nl-site.ts, …: one language's words for one namespace) is run in Node and replaced by its exports
 * with every ICU template parsed by FormatJS, so the page needs no ICU parser (intl-messageformat's
 * import of it gets the parser-less build). A template that does not parse fails the build. Tests
 * and `vite` (dev) use the text.
 */
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { build } from 'esbuild';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The catalogue modules, `<language>-<namespace>.ts`: every one there is, a language or a namespace added later too. */
const CATALOGUE = /\/app\/i18n\/catalogues\/[a-z]{2,3}-[a-z]+\.ts$/;

/** True for a module the build parses ahead (`path` absolute, with `/` separators as Vite gives it). */
export function isCatalogueModule(path: string): boolean {
  return CATALOGUE.test(path);
}

/** Each template of a catalogue (id → ICU text) parsed as IntlMessageFormat parses text; throws naming a template that does not parse. */
export function parseCatalogue(name: string, catalogue: unknown): Record<string, MessageFormatElement[]> {
  if (typeof catalogue !== 'object' || catalogue === null) throw new Error(`${name} is not a catalogue (id → ICU template)`);
  const out: Record<string, MessageFormatElement[]> = {};
  for (const [id, template] of Object.entries(catalogue)) {
    if (typeof template !== 'string') throw new Error(`${name}: '${id}' is not an ICU template`);
    try {
      out[id] = parse(template);
    } catch (e) {
      throw new Error(`${name}: '${id}' does not parse as ICU MessageFormat (${(e as Error).message})`);
    }
  }
  return out;
}

/** The Vite plugin (build only): parsed catalogues, and intl-messageformat without its parser. */
export function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@formatjs/icu-messageformat-parser' && importer?.includes('/node_modules/intl-messageformat/')) {
        return this.resolve('@formatjs/icu-messageformat-parser/no-parser.js', importer, { skipSelf: true });
      }
      return null;
    },
    async load(id) {
      if (!isCatalogueModule(id)) return null;
      const bundled = await build({ entryPoints: [id], bundle: true, format: 'esm', platform: 'node', write: false, metafile: true, logLevel: 'silent' });
      for (const input of Object.keys(bundled.metafile.inputs)) this.addWatchFile(resolve(input));
      const code = bundled.outputFiles[0]!.text;
      const exports = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>;
      const name = id.slice(id.lastIndexOf('/app/') + 1);
      return Object.entries(exports)
        .map(([key, value]) => `${key === 'default' ? 'export default' : `export const ${key} =`} ${JSON.stringify(parseCatalogue(`${name} ${key}`, value))};`)
        .join('\n');
    },
  };
}
