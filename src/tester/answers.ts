/**
 * The one judge of whether a worker's answer is stale. Each request is noted when it is sent (the
 * channel passes on no answer to an older request of the same kind); an answer is current when it
 * answers that request and the state has not moved from what the request was made for.
 */
import type { TesterState } from '../store/index.js';

/** The kinds of answer the tester asks its workers for. */
export type AnswerKind = 'analysis' | 'diagnostics' | 'reader-findings' | 'readers' | 'bulk' | 'changes' | 'policy' | 'site-rows';

/** What each kind of answer depends on: the parts of the state its request was made for. */
const DEPENDS: { readonly [K in AnswerKind]: (s: TesterState) => readonly unknown[] } = {
  // The revision counts every change of the text, the tests, the site and the fetch status.
  analysis: (s) => [s.revision],
  // The text, and the site relative sitemaps are repaired against.
  diagnostics: (s) => [s.docRevision, s.site],
  // The findings the other readers' parses decide: the text alone.
  'reader-findings': (s) => [s.docRevision],
  // The readers answer for the active test only.
  readers: (s) => [s.revision, s.active],
  bulk: (s) => [s.bulkRevision],
  // The text, the tests' crawlers and URLs, the site, the fetch status, and the version compared with.
  changes: (s) => [s.revision, s.compare],
  // The form's policy and URLs are the AI access tab's own: the answer is kept per text.
  policy: (s) => [s.docRevision],
  // A page of the Site tab's list: of the audit asked for last, for the list as it is shown.
  'site-rows': (s) => [s.siteRevision, s.siteView],
};

/** A request as noted: the revision it carried and the state parts its answer depends on. */
export interface Asked {
  readonly revision: number;
  readonly depends: readonly unknown[];
}

/** The newest request of each kind, and the rule that decides which answers are current. */
export class Answers {
  private readonly asked = new Map<AnswerKind, Asked>();

  /** Notes that a request of `kind` carrying `revision` was sent in state `s` (it supersedes the one before); returns the note. */
  ask(kind: AnswerKind, revision: number, s: TesterState): Asked {
    const asked = { revision, depends: DEPENDS[kind](s) };
    this.asked.set(kind, asked);
    return asked;
  }

  /** Whether an answer of `kind` computed for `revision` answers the newest request of its kind, and state `s` is still what it was asked in. */
  current(kind: AnswerKind, revision: number, s: TesterState): boolean {
    const asked = this.asked.get(kind);
    return asked !== undefined && this.answers(asked, kind, revision, s);
  }

  /**
   * Whether an answer of `kind` computed for `revision` answers the request noted as `asked`, and
   * state `s` is still what it was asked in. For questions (each is answered, none superseded):
   * an older question's answer is judged by its own note.
   */
  answers(asked: Asked, kind: AnswerKind, revision: number, s: TesterState): boolean {
    if (asked.revision !== revision) return false;
    const now = DEPENDS[kind](s);
    return now.every((part, i) => part === asked.depends[i]);
  }
}
