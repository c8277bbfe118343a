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
import { findingMessages } from './catalogue.js';
import { fixLabelMessages } from './repairs.js';

/**
 * `finding.<code>.title|google|hint`, `why.<code>`, `reading.<code>`, `fix.<code>`, `crawler.*`,
 * `reader.*`, `fetch.outcome` (the AI policy's `policy.*` come with it: policyMessages), `scope.reason` → English template.
 */
export function engineMessages(): Record<string, string> {
  return { ...verdictMessages(), ...detailMessages() };
}

/**
 * What a verdict is worded with: `why.*`, `crawler.*`, `fetch.outcome`, `scope.reason` (the app
 * loads these first, the rest after its first verdict).
 */
export function verdictMessages(): Record<string, string> {
  return { ...whyMessages(), ...crawlerMessages(), 'fetch.outcome': FETCH_MESSAGE, 'scope.reason': SCOPE_MESSAGE };
}

/** The rest of engineMessages: findings, line readings, fix labels, the readers' sentences, body notices. */
export function detailMessages(): Record<string, string> {
  return { ...findingMessages(), ...readingMessages(), ...fixLabelMessages(), ...readerMessages(), ...bodyMessages() };
}
