/**
 * Every message template the engine words, by id: the English source a translation starts from
 * (ICU MessageFormat; the data comes with each finding, sentence and reading).
 */
import { crawlerMessages } from './crawlers.js';
import { readingMessages } from './describe.js';
import { whyMessages } from './explain.js';
import { findingMessages, fixLabelMessages } from './findings.js';
import { SCOPE_MESSAGE } from './scope.js';
import { FETCH_MESSAGE } from './status.js';

/**
 * `finding.<code>.title|google|hint`, `why.<code>`, `reading.<code>`, `fix.<code>`, `crawler.*`,
 * `fetch.outcome`, `scope.reason` → English template.
 */
export function engineMessages(): Record<string, string> {
  return { ...findingMessages(), ...whyMessages(), ...readingMessages(), ...fixLabelMessages(), ...crawlerMessages(), 'fetch.outcome': FETCH_MESSAGE, 'scope.reason': SCOPE_MESSAGE };
}
