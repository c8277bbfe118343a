/**
 * The words of a list's rows: a verdict code in words, and the group a crawler follows
 * as one short cell (Bulk's CSV, the CLI's listings). Only lists write these.
 */
import { chooseGroups, type RobotsTxt } from '../google/index.js';
import type { ResolvedAgent } from '../crawlers/index.js';

/** Verdict codes of a list check; Bulk's worker sends the same codes. */
export const ListVerdict = { Allowed: 0, Blocked: 1, OutOfScope: 2, CannotTest: 3 } as const;

/** A verdict code of a list check. */
export type ListVerdictCode = (typeof ListVerdict)[keyof typeof ListVerdict];

/** The verdicts in words, by code: one spelling, lower case as JSON's `allowed` is, for every CSV, JSON and text output. */
const VERDICT_WORDS = ['allowed', 'blocked', 'out of scope', 'cannot test'] as const;

/** A verdict in words (`allowed`, `blocked`, `out of scope`, `cannot test`): every command's and export's CSV, JSON and text say it so; a text listing's tag shouts it (verdictTag). */
export function verdictWord(code: number): (typeof VERDICT_WORDS)[number] {
  return VERDICT_WORDS[code] ?? 'cannot test';
}

/** A verdict as a text listing's row starts with it: its word in capitals (`BLOCKED`, `CANNOT TEST`). */
export function verdictTag(code: number): string {
  return verdictWord(code).toUpperCase();
}

const where = (lines: readonly number[]) => `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;

/**
 * The group `agent` follows in `robots`, as one cell: `Googlebot (line 4)`, `Googlebot-News
 * (fallback) (line 4)`, `* (lines 1, 9)`; what applies when no group does, or when the crawler
 * ignores robots.txt.
 */
export function groupLabel(robots: RobotsTxt, agent: ResolvedAgent): string {
  if (agent.ignoresRobotsTxt) return 'ignores robots.txt';
  const g = chooseGroups(robots, agent);
  if (g.kind === 'none') return 'no group applies (no group names this crawler, and no * group)';
  const lines = g.groups.map((i) => robots.groups[i]!.firstLine);
  if (g.kind === 'global-ignored') return `* group ignored by ${agent.tokens[0] ?? agent.input} (special-case crawler)`;
  if (g.kind === 'global') return `* (${where(lines)})`;
  return `${g.token}${g.groups.length > 1 ? ' (merged)' : ''}${g.fallback ? ' (fallback)' : ''} (${where(lines)})`;
}

/** The groups another reader applied (their first lines), as one cell: `line 4`, `lines 1, 9`. */
export function readerGroupLabel(groupLines: readonly number[]): string {
  return groupLines.length === 0 ? 'no group applies' : where(groupLines);
}
