/**
 * The document slice: the robots.txt text and what it is read with (the site, the fetch result,
 * the version it is compared with), where the case came from, and the notice shown over it.
 */
import { applyTextEdits, editsFit, type FetchStatus, type TextEdit } from '../../robots/index.js';
import type { TestCaseState } from '../../share/index.js';
import type { ChangesResult } from '../../worker/index.js';
import { bump, bumpBulk } from '../revisions.js';
import type { TesterState } from '../state.js';

/**
 * A sentence the UI shows, as a message id and its data, worded when shown (so it follows the
 * reader's language); an argument may itself be a message.
 */
export interface UiMessage {
  readonly id: string;
  readonly args?: Readonly<Record<string, string | number | UiMessage>>;
}

/** Why the UI shows a notice. */
export type Notice = {
  readonly kind: 'info' | 'warning' | 'error';
  readonly message: UiMessage;
  /** A robots.txt URL the page could not read: the notice offers the ways that need no server. */
  readonly fetchHelp?: string;
  /** More sentences under the message (what a fetched or opened body is). */
  readonly details?: readonly UiMessage[];
} | null;

/** The line break the text is written with (Google counts each of them as one). */
export type LineBreak = '\n' | '\r\n' | '\r';

/** Where the open case came from: the user's own draft, or a link someone shared. */
export type CaseOrigin = 'draft' | 'shared';

/** The document's part of the state. */
export interface DocumentState {
  /** The robots.txt text, written with `lineBreak`. */
  readonly doc: string;
  readonly lineBreak: LineBreak;
  /** Bumped by every change that needs a new analysis (text, URLs or crawlers). */
  readonly revision: number;
  /** The revision at which the text last changed (diagnostics depend on the text only). */
  readonly docRevision: number;
  /**
   * The editor's edits that made this text from the text before it (null: the text was replaced
   * as a whole): workers are sent what changed, found without comparing texts.
   */
  readonly docEdits: readonly TextEdit[] | null;
  readonly notice: Notice;
  readonly origin: CaseOrigin;
  readonly site: string;
  readonly status: FetchStatus;
  /** The version to compare with, or null. */
  readonly compare: string | null;
  /** The verdicts that change against it, as last found (null while none are found, and when not comparing). */
  readonly compareChanges: ChangesResult | null;
}

/** The document's part of a tab opening `c`. */
export function initialDocument(c: TestCaseState, origin: CaseOrigin): DocumentState {
  return {
    doc: c.robots, lineBreak: detectLineBreak(c.robots), revision: 1, docRevision: 1, docEdits: null, notice: null, origin,
    site: c.site, status: c.status, compare: c.compare, compareChanges: null,
  };
}

/** The line break most used in `text` (LF when it has none). */
export function detectLineBreak(text: string): LineBreak {
  let crlf = 0;
  let cr = 0;
  let lf = 0;
  for (const m of text.matchAll(/\r\n|\r|\n/g)) {
    if (m[0] === '\r\n') crlf++;
    else if (m[0] === '\r') cr++;
    else lf++;
  }
  if (crlf > lf && crlf >= cr) return '\r\n';
  if (cr > lf && cr > crlf) return '\r';
  return '\n';
}

/** The text was replaced (a file, a link, a repair outside the editor). */
export function setDoc(s: TesterState, doc: string): TesterState {
  return doc === s.doc ? s : bump(s, { doc, docRevision: s.revision + 1, docEdits: null });
}

/** The editor changed the text by `edits` (a keystroke, a paste); edits that do not fit change nothing. */
export function editDoc(s: TesterState, edits: readonly TextEdit[]): TesterState {
  if (edits.length === 0 || !editsFit(edits, s.doc.length)) return s;
  return bump(s, { doc: applyTextEdits(s.doc, edits), docRevision: s.revision + 1, docEdits: edits });
}

/** The text is now written with another line break (after a paste or an opened file). */
export function setLineBreak(s: TesterState, lineBreak: LineBreak): TesterState {
  if (lineBreak === s.lineBreak) return s;
  return bump(s, { lineBreak, doc: s.doc.split(/\r\n|\r|\n/).join(lineBreak), docRevision: s.revision + 1, docEdits: null });
}

/** The site (robots.txt URL or origin) changed: it decides which URLs are in scope. */
export function setSite(s: TesterState, site: string): TesterState {
  return site === s.site ? s : bump(s, { site });
}

/** The assumed fetch result of robots.txt changed. */
export function setStatus(s: TesterState, status: FetchStatus): TesterState {
  return JSON.stringify(status) === JSON.stringify(s.status) ? s : bump(s, { status });
}

/** Sets (or clears, with null) the version to compare with. */
export function setCompare(s: TesterState, compare: string | null): TesterState {
  return compare === s.compare ? s : bumpBulk(s, { compare, compareChanges: null });
}

/** The verdicts that change against the compared version arrived (the tester passes on only current ones). */
export function applyCompareChanges(s: TesterState, compareChanges: ChangesResult | null): TesterState {
  return compareChanges === s.compareChanges ? s : { ...s, compareChanges };
}

/** Marks the open case as the user's own draft (or as a shared one). */
export function setOrigin(s: TesterState, origin: CaseOrigin): TesterState {
  return origin === s.origin ? s : { ...s, origin };
}

/** Shows (or clears) the notice. */
export function setNotice(s: TesterState, notice: Notice): TesterState {
  return { ...s, notice };
}
