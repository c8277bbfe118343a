import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DOC = fileURLToPath(new URL('../../docs/editors.md', import.meta.url));

/**
 * The set-up docs/editors.md gives for an editor (its first fenced block in that language), with the
 * server's command pointed at this checkout's CLI: the tests run what a user copies.
 */
export function docSnippet(language: 'lua' | 'elisp', cli: readonly string[]): string {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf('```' + language + '\n');
  if (start < 0) throw new Error(`docs/editors.md has no ${language} block`);
  const body = doc.slice(start + language.length + 4, doc.indexOf('```', start + 3));
  const quote = (s: string) => (language === 'lua' ? `'${s}'` : JSON.stringify(s));
  const documented = language === 'lua' ? "'robots-txt-tester', " : '"robots-txt-tester" ';
  if (!body.includes(documented)) throw new Error(`the ${language} block no longer starts robots-txt-tester`);
  return body.replace(documented, cli.map(quote).join(language === 'lua' ? ', ' : ' ') + (language === 'lua' ? ', ' : ' '));
}
