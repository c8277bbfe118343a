/**
 * Text and JSON output of the `check` command.
 */
import type { RobotsTxt, Verdict } from '../robots/index.js';

function groupLabel(robots: RobotsTxt, v: Verdict): string {
  const g = v.group;
  if (g.kind === 'none') return 'no group applies (no group names this crawler, and no * group)';
  if (g.kind === 'global-ignored') return `* group ignored by ${v.token} (special-case crawler)`;
  const lines = g.groups.map((i) => robots.groups[i]!.firstLine);
  const where = `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;
  if (g.kind === 'global') return `* (${where})`;
  return `${g.token}${g.groups.length > 1 ? ' (merged)' : ''} (${where})`;
}

/** The text of the deciding line, without its line break. */
export function lineText(robots: RobotsTxt, line: number): string {
  return line > 0 ? robots.text.slice(robots.lines.from[line - 1], robots.lines.to[line - 1]).trim() : '';
}

/** One human-readable line per checked URL. */
export function formatVerdict(robots: RobotsTxt, url: string, v: Verdict): string {
  const head = `${v.allowed ? 'ALLOWED' : 'BLOCKED'}  ${url}`;
  const rule = v.line > 0 ? `line ${v.line}: ${lineText(robots, v.line)}` : 'no rule matched (line 0)';
  const tested = v.url.path !== url ? `  [tested ${v.url.path}]` : '';
  return `${head}  ${rule}  group: ${groupLabel(robots, v)}  token: ${v.token}${tested}`;
}

/** The machine-readable form of a verdict. */
export function verdictJson(robots: RobotsTxt, url: string, v: Verdict): Record<string, unknown> {
  return {
    url,
    path: v.url.path,
    allowed: v.allowed,
    line: v.line,
    rule: v.line > 0 ? lineText(robots, v.line) : null,
    reason: v.reason,
    token: v.token,
    group: { kind: v.group.kind, lines: v.group.groups.map((i) => robots.groups[i]!.firstLine) },
    matches: v.matches.map((m) => ({ line: m.line, allow: m.allow, pattern: m.pattern, length: m.length })),
  };
}
