/**
 * Every message template the engine words, by id: the English source a translation starts from
 * (ICU MessageFormat; the data comes with each finding, sentence and reading).
 */
import { crawlerMessages } from './crawlers/crawlers.js';
import { readingMessages } from './google/describe.js';
import { whyMessages } from './google/explain.js';
import { findingMessages, fixLabelMessages } from './findings/findings.js';
import { SCOPE_MESSAGE } from './url/scope.js';
import { FETCH_MESSAGE } from './url/status.js';
import { readerMessages } from './readers/explain.js';
import { bodyMessages } from './text/body.js';

/**
 * `finding.<code>.title|google|hint`, `why.<code>`, `reading.<code>`, `fix.<code>`, `crawler.*`,
 * `reader.*`, `fetch.outcome` (the AI policy's `policy.*` come with it: policyMessages), `scope.reason` → English template.
 */
export function engineMessages(): Record<string, string> {
  return { ...findingMessages(), ...whyMessages(), ...readingMessages(), ...fixLabelMessages(), ...crawlerMessages(), ...readerMessages(), ...bodyMessages(), 'fetch.outcome': FETCH_MESSAGE, 'scope.reason': SCOPE_MESSAGE };
}
