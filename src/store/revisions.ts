/**
 * The revisions every slice's transitions move: a change that needs a new analysis moves the
 * tester's revision (and Bulk's, which reruns against it); one that needs only a new bulk run
 * moves Bulk's.
 */
import type { TesterState } from './state.js';

/** `s` with `patch`, needing a new analysis and a new bulk run. */
export const bump = (s: TesterState, patch: Partial<TesterState>): TesterState =>
  ({ ...s, ...patch, revision: s.revision + 1, bulkRevision: s.bulkRevision + 1, result: null });

/** `s` with `patch`, needing a new bulk run only. */
export const bumpBulk = (s: TesterState, patch: Partial<TesterState>): TesterState =>
  ({ ...s, ...patch, bulkRevision: s.bulkRevision + 1 });
