/**
 * English: the AI access tab's words and the engine's for the policy it writes (its notes, its
 * outcome, why a check failed: `policyMessages()`), loaded with the tab.
 */
import { policyMessages } from '../../../src/robots/index.js';

export default {
  ...policyMessages(),
  'ai.intro': 'Say what AI crawlers may do. The tester writes the lines into your file, checks the result with Google’s reading and shows every change before it is made.',
  'ai.preset-no-training': 'No AI training, yes AI search and answers',
  'ai.purpose-legend': '{purpose, select, training {Training AI models} search {AI search and answers} user {Fetches a user asked for} other {}} · {count, plural, one {# crawler} other {# crawlers}}',
  'ai.mode': '{mode, select, keep {Leave as it is} allow {Allow as the rest of the site} block {Block everywhere} paths {Block these paths} other {}}',
  'ai.paths-label': 'Paths to block, one per line',
  'ai.overrides': 'One crawler differently',
  'ai.override-crawler': 'AI crawler',
  'ai.override-add': 'Add',
  'ai.override-remove': 'Remove the choice for {crawler}',
  'ai.signals': 'Preference lines',
  'ai.content-signal': 'Also state it as a Content-Signal line (Cloudflare’s Content Signals)',
  'ai.content-usage': 'Also state it as a Content-Usage line (IETF AI preferences draft)',
  'ai.preview': 'The change, before it is made',
  'ai.composing': 'Composing and checking…',
  'ai.diff-label': 'The change as a diff',
  'ai.diff-gap': '{count, plural, one {# unchanged line} other {# unchanged lines}}',
  'ai.verdicts': 'Verdicts before → after, over {urls, plural, one {# URL} other {# URLs}}',
  'ai.col-crawler': 'Crawler',
  'ai.col-choice': 'Choice',
  'ai.col-allowed': 'Allowed: before → after',
  'ai.allowed-change': '{before, number} → {after, number} of {total, number}',
  'ai.nothing-chosen': 'Every purpose is left as it is: choose what AI crawlers may do, and the change and its check appear here.',
  'ai.operator-page': '{operator}’s page about this crawler (checked {checked})',
  'ai.unnameable': 'Google cannot name it',
  'ai.unchanged-rows': '{count, plural, one {# other crawler keeps its verdicts.} other {# other crawlers keep their verdicts.}}',
  'ai.failures-more': '… and {count, number} more',
  'ai.apply': 'Apply the change',
  'ai.apply-anyway': 'Apply anyway',
  'ai.see-all': 'Every AI crawler’s verdict (Bulk)',
  'ai.applied': 'Applied as one edit ({count, plural, one {# line} other {# lines}} changed). Ctrl+Z undoes it.',
  'ai.stale': 'The file changed meanwhile, so nothing was applied. The change is being composed again.',
  'ai.training-includes': 'Includes the training-control tokens {tokens}: they never fetch; their verdict says whether what the operator’s other crawlers fetch may train its models.',
  'ai.user-untouched': 'Changed only when you choose it here: presets leave fetches a user asks for as they are.',
} satisfies Record<string, string>;
