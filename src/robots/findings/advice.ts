/**
 * What a finding tells the user, apart from the catalogue's words: which of its arguments choose
 * the advice (so alike findings share a card only where their advice is the same), and which
 * findings mean a site owner's intent is lost. The first screen groups findings without the words.
 */
import type { FindingArgs, FindingCode } from './catalogue.js';

/**
 * The arguments whose value selects a code's advice (what Google does, the hint): findings of one
 * code with different values say different things. A test holds this to the catalogue's templates.
 */
export const ADVICE_ARGS: Readonly<Partial<Record<FindingCode, readonly string[]>>> = {
  'unused-field': ['keyid'],
  'intent-dropped': ['keyid'],
  'pref-unknown-label': ['retired', 'hasNow'],
  'pref-conflict': ['same'],
  'path-unsendable': ['kind'],
  'blank-line-in-group': ['after'],
};

/** Findings whose line asks for something Google does not do: the owner's intent is lost, so they come first. */
export const LOST_INTENT_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>(['intent-dropped']);

/** A key alike findings share when their advice is the same: the code, and the arguments that choose its advice. */
export function adviceKey(code: string, args: FindingArgs): string {
  const chosen = ADVICE_ARGS[code as FindingCode];
  return chosen ? [code, ...chosen.map((a) => String(args[a] ?? ''))].join('\u0000') : code;
}
