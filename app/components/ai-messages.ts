/**
 * The English words the AI access tab adds for its one purpose model (training takes in the
 * training-control tokens): they load with the tab; the other languages have them in their lazily
 * loaded catalogue parts.
 */
export const AI_MESSAGES: Readonly<Record<string, string>> = {
  'ai.training-includes': 'Includes the training-control tokens {tokens}: they never fetch; their verdict says whether what the operator’s other crawlers fetch may train its models.',
  'ai.user-untouched': 'Changed only when you choose it here: presets leave fetches a user asks for as they are.',
};
