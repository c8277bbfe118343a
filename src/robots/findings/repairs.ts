/**
 * The one-click repairs: a finding's single unambiguous edit of its line, and the words of its
 * button (ICU templates `fix.<code>`, English; the app translates them).
 */
import { formatIcu, type MessageArgs } from '../text/index.js';
import type { FindingCode } from './catalogue.js';

/** A one-click repair: replace columns `[from, to)` of the line with `insert`. */
export interface LineFix {
  /** What the button says: `Write “Disallow”` (English; `labelCode` + `labelArgs` are its template and data). */
  readonly label: string;
  readonly labelCode: FixLabelCode;
  readonly labelArgs: MessageArgs;
  /** Columns of the line; `from` -1 takes in the line break before the line (removing a whole line). */
  readonly from: number;
  readonly to: number;
  readonly insert: string;
  /** A second edit of the same repair, on another line that must still read `lineText`. */
  readonly also?: { readonly line: number; readonly lineText: string; readonly from: number; readonly to: number; readonly insert: string };
}

/** The kinds of repair label, each an ICU template `fix.<code>`. */
export type FixLabelCode = 'write' | 'add-colon' | 'add-user-agent' | 'move-above' | 'remove-line';

const FIX_LABELS: Readonly<Record<FixLabelCode, string>> = {
  'write': 'Write “{text}”',
  'add-colon': 'Add the colon',
  'add-user-agent': 'Add “User-agent: *” above',
  'move-above': 'Move it above line {line}',
  'remove-line': 'Remove the line',
};

/** A repair with its label worded from FIX_LABELS. */
export function lineFix(labelCode: FixLabelCode, labelArgs: MessageArgs, from: number, to: number, insert: string, also?: LineFix['also']): LineFix {
  return { label: formatIcu(FIX_LABELS[labelCode], labelArgs), labelCode, labelArgs, from, to, insert, ...(also ? { also } : {}) };
}

/** `fix.<code>` → English template of every repair label. */
export function fixLabelMessages(): Record<string, string> {
  return Object.fromEntries(Object.entries(FIX_LABELS).map(([code, t]) => [`fix.${code}`, t]));
}

/** Codes whose repairs touch only their own line: "fix all of this kind" applies them together. */
export const FIX_ALL_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  'misspelled-field', 'field-prefix', 'missing-colon', 'path-never-matches', 'path-has-space', 'path-unsendable', 'sitemap-not-absolute', 'agent-cut',
]);
