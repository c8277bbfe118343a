/**
 * AI preferences per URL: what a robots.txt says about AI use of the content a crawler may fetch
 * (IETF draft-ietf-aipref-attach-05 with draft-ietf-aipref-vocab-08, Content Signals, RSL 1.0).
 */
export { AIPREF_DRAFTS, RETIRED_LABELS, currentLabelFor, SIGNAL_FOR_CATEGORY, SIGNAL_KEYS, USAGE_CATEGORIES, isUsageCategory, moreRestrictive, saysNo } from './vocabulary.js';
export type { UsageCategory } from './vocabulary.js';
export { parseDictionary } from './dictionary.js';
export type { BareItem, DictionaryMember } from './dictionary.js';
export { carryPreferences, filePreferences, readSignal, readUsage, usagePattern } from './read.js';
export type { FilePreferences, LicenseLine, Preference, SignalLine, UsageRule } from './read.js';
export { urlPreferences } from './apply.js';
export type { AppliedPreference, UrlPreferences, VerdictForPreferences } from './apply.js';
export { blockedEverywhere, preferenceIssues } from './issues.js';
export type { PreferenceIssue } from './issues.js';
export { preferenceMessages, preferenceParts } from './messages.js';
export type { PreferencePart } from './messages.js';
