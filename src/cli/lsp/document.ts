/**
 * One open robots.txt: its text as the editor holds it (edits applied incrementally), the engine's
 * parse of it (re-parsing only the lines an edit touched) and what is derived from a parse, once.
 */
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver';
import {
  CRAWLERS, chooseGroups, diagnose, resolveAgent, RobotsParser, type CrawlerProfile, type Diagnostic, type RobotsTxt, type TextChange,
} from '../../robots/index.js';

/** An open document and its engine parse. */
export class RobotsDocument {
  private doc: TextDocument;
  private readonly parser = new RobotsParser();
  // How the current text came from the one parsed last, when one edit says so.
  private pending: TextChange | null = null;
  private parsed: { version: number; robots: RobotsTxt } | null = null;
  private found: { version: number; site: string | undefined; list: readonly Diagnostic[] } | null = null;
  private followers: { version: number; byGroup: ReadonlyMap<number, readonly CrawlerProfile[]> } | null = null;

  constructor(uri: string, version: number, text: string) {
    this.doc = TextDocument.create(uri, 'robots-txt', version, text);
  }

  get uri(): string {
    return this.doc.uri;
  }

  get version(): number {
    return this.doc.version;
  }

  /** Applies the editor's changes (incremental or whole). */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    const base = this.doc.getText();
    const range = changes.length === 1 ? (changes[0] as { range?: Range }).range : undefined;
    // One ranged change tells the parser what changed; anything else is found by comparing.
    const change = range ? { base, from: this.doc.offsetAt(range.start), to: this.doc.offsetAt(range.end), insert: changes[0]!.text } : null;
    const wasParsed = this.parsed !== null && this.pending === null;
    this.doc = TextDocument.update(this.doc, [...changes], version);
    this.pending = wasParsed ? change : null;
  }

  /** The engine's parse of the current text (the parser re-scans only the lines an edit touched). */
  robots(): RobotsTxt {
    if (this.parsed?.version !== this.doc.version) {
      this.parsed = { version: this.doc.version, robots: this.parser.parse(this.doc.getText(), this.pending) };
      this.pending = null;
    }
    return this.parsed.robots;
  }

  /** Every finding of the current text, from the engine's one catalogue. */
  diagnostics(site: string | undefined): readonly Diagnostic[] {
    if (this.found?.version !== this.doc.version || this.found.site !== site) {
      this.found = { version: this.doc.version, site, list: diagnose(this.robots(), site ? { site } : {}) };
    }
    return this.found.list;
  }

  /** The crawler profiles that follow each group under Google's reading (those that read robots.txt at all). */
  followersOf(group: number): readonly CrawlerProfile[] {
    if (this.followers?.version !== this.doc.version) {
      const robots = this.robots();
      const byGroup = new Map<number, CrawlerProfile[]>();
      for (const c of CRAWLERS) {
        if (c.ignoresRobotsTxt) continue;
        const choice = chooseGroups(robots, resolveAgent(c));
        if (choice.kind !== 'specific' && choice.kind !== 'global') continue;
        for (const g of choice.groups) {
          let list = byGroup.get(g);
          if (!list) byGroup.set(g, (list = []));
          list.push(c);
        }
      }
      this.followers = { version: this.doc.version, byGroup };
    }
    return this.followers.byGroup.get(group) ?? [];
  }

  /** The text of the document. */
  text(): string {
    return this.doc.getText();
  }

  /** The position of a UTF-16 offset. */
  positionAt(offset: number): Position {
    return this.doc.positionAt(offset);
  }

  /** The UTF-16 offset of a position. */
  offsetAt(position: Position): number {
    return this.doc.offsetAt(position);
  }

  /** Line `line` (1-based) of the parse: its text's range, or the whole line's when `from`/`to` columns are given. */
  lineRange(line: number, from?: number, to?: number): Range {
    const L = this.robots().lines;
    const start = L.from[line - 1]!;
    const end = L.to[line - 1]!;
    return { start: this.positionAt(start + (from ?? 0)), end: this.positionAt(to === undefined ? end : Math.min(start + to, end)) };
  }
}
