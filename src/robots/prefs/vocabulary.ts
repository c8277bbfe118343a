/**
 * The words of the three ways a robots.txt states AI preferences, as their current texts define
 * them: the IETF vocabulary (draft-ietf-aipref-vocab-08, 14 September 2026) carried by the
 * `Content-Usage` rule of draft-ietf-aipref-attach-05 (19 August 2026); Cloudflare's Content
 * Signals (contentsignals.org, with the `use` key of 2026); RSL 1.0's `License` directive.
 */

/** The drafts this reading implements. */
export const AIPREF_DRAFTS = { vocabulary: 'draft-ietf-aipref-vocab-08', attachment: 'draft-ietf-aipref-attach-05' } as const;

/** draft-ietf-aipref-vocab-08 §4 and §6.1: the categories of use and their labels. */
export const USAGE_CATEGORIES = ['train-ai', 'ai-use', 'search'] as const;
export type UsageCategory = (typeof USAGE_CATEGORIES)[number];

/** Whether `label` is a category of the current vocabulary (labels are case-sensitive: §6.1). */
export function isUsageCategory(label: string): label is UsageCategory {
  return (USAGE_CATEGORIES as readonly string[]).includes(label);
}

/**
 * Labels of earlier revisions that vocab-08 no longer defines (so a reader ignores them, §6.4),
 * with the current label that says what they meant, where one does ('' where none does).
 */
export const RETIRED_LABELS: Readonly<Record<string, UsageCategory | ''>> = {
  // vocab-01: tdm ⊃ ai ⊃ genai, and inference.
  'tdm': '', 'ai': 'train-ai', 'genai': 'train-ai', 'inference': 'ai-use',
  // vocab-02: all ⊃ train-ai ⊃ train-genai, ai-use, search.
  'all': '', 'train-genai': 'train-ai',
  // vocab-03/04: bots ⊃ …, ai-output.
  'bots': '', 'ai-output': 'ai-use',
};

/** What a label the current vocabulary lacks meant: the current label ('' none), or null for a label no draft defined. */
export function currentLabelFor(label: string): UsageCategory | '' | null {
  return Object.hasOwn(RETIRED_LABELS, label) ? RETIRED_LABELS[label]! : null;
}

/** Content Signals: the keys, and the values each takes. */
export const SIGNAL_KEYS: Readonly<Record<string, readonly string[]>> = {
  'search': ['yes', 'no'],
  'ai-input': ['yes', 'no'],
  'ai-train': ['yes', 'no'],
  // Cloudflare 2026: how far an AI system may use what it collects, least to most.
  'use': ['immediate', 'reference', 'full'],
};

/** The values a Content Signal key takes, or undefined for a key the signals do not define (own keys only: `constructor` is a word of the file). */
export function signalValues(key: string): readonly string[] | undefined {
  return Object.hasOwn(SIGNAL_KEYS, key) ? SIGNAL_KEYS[key] : undefined;
}

/** The Content Signal that speaks about the same use as a vocabulary category (for conflicts). */
export const SIGNAL_FOR_CATEGORY: Readonly<Record<UsageCategory, string>> = { 'train-ai': 'ai-train', 'ai-use': 'ai-input', 'search': 'search' };

/** Of two values of one key, the more restrictive (vocab-08 §5.1: a "no" outweighs a "yes"; `use`: the lower level). */
export function moreRestrictive(key: string, a: string, b: string): string {
  const levels = signalValues(key);
  if (key === 'use' && levels) return levels.indexOf(a) <= levels.indexOf(b) ? a : b;
  return a === 'n' || a === 'no' ? a : b === 'n' || b === 'no' ? b : a;
}

/** Whether a value says no (`n`, `no`) to its use. */
export const saysNo = (value: string): boolean => value === 'n' || value === 'no';
