/**
 * Every message template the engine words, by id: the English source a translation starts from
 * (ICU MessageFormat; the data comes with each finding, sentence and reading).
 */
import { crawlerMessages } from '../crawlers/index.js';
import { readerMessages } from '../readers/index.js';
import { bodyMessages } from '../text/index.js';
import { FETCH_MESSAGE, SCOPE_MESSAGE } from '../url/index.js';
import { readingMessages } from './describe.js';
import { whyMessages } from './explain.js';
import { findingMessages, fixLabelMessages } from './findings.js';

/**
 * `finding.<code>.title|google|hint`, `why.<code>`, `reading.<code>`, `fix.<code>`, `crawler.*`,
 * `reader.*`, `fetch.outcome` (the AI policy's `policy.*` come with it: policyMessages), `scope.reason` → English template.
 */
export function engineMessages(): Record<string, string> {
  return { ...findingMessages(), ...whyMessages(), ...readingMessages(), ...fixLabelMessages(), ...crawlerMessages(), ...readerMessages(), ...bodyMessages(), 'fetch.outcome': FETCH_MESSAGE, 'scope.reason': SCOPE_MESSAGE };
}
