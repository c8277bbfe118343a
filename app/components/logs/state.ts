/** The Logs tab's state as its sections read it. */
import { NO_LOGS, type LogsTabState } from '../../../src/store/logs/index.js';
import { useTesterState } from '../../context.js';

/** A part of the Logs slice; re-renders only when it changes. */
export function useLogs<T>(select: (l: LogsTabState) => T): T {
  return useTesterState((s) => select(s.logs ?? NO_LOGS));
}
