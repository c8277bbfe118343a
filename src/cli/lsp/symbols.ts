/**
 * Document symbols: each group (named by its user-agent lines) with its rules, and the sitemaps,
 * as Google's parse groups them.
 */
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import type { RobotsDocument } from './document.js';

/** The outline of the document. */
export function documentSymbols(doc: RobotsDocument): DocumentSymbol[] {
  const robots = doc.robots();
  const out: DocumentSymbol[] = [];
  for (const group of robots.groups) {
    const first = doc.lineRange(group.firstLine);
    const whole = { start: first.start, end: doc.lineRange(group.lastLine).end };
    const rules = group.rules.map((r): DocumentSymbol => {
      const range = doc.lineRange(r.line);
      return { name: `${r.allow ? 'Allow' : 'Disallow'}: ${r.value}`, kind: SymbolKind.Property, range, selectionRange: range };
    });
    out.push({
      name: `User-agent: ${group.agents.map((a) => (a.global ? '*' : a.value)).join(', ')}`,
      detail: `${rules.length} rule${rules.length === 1 ? '' : 's'}`,
      kind: SymbolKind.Namespace,
      range: whole,
      selectionRange: first,
      children: rules,
    });
  }
  for (const s of robots.sitemaps) {
    const range = doc.lineRange(s.line);
    out.push({ name: `Sitemap: ${s.url}`, kind: SymbolKind.File, range, selectionRange: range });
  }
  return out.sort((a, b) => a.range.start.line - b.range.start.line);
}
