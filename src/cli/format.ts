/**
 * Text and JSON output of the `check` command: the verdict, the deciding line, the group, and
 * the engine's "Why" sentences (the same the app shows).
 */
import { explainVerdict, type RobotsTxt, type Verdict } from '../robots/index.js';

function groupLabel(robots: RobotsTxt, v: Verdict): string {
  const g = v.group;
  if (g.kind === 'none') return 'no group applies (no group names this crawler, and no * group)';
  if (g.kind === 'global-ignored') return `* group ignored by ${v.token} (special-case crawler)`;
  const lines = g.groups.map((i) => robots.groups[i]!.firstLine);
  const where = `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;
  if (g.kind === 'global') return `* (${where})`;
  return `${g.token}${g.groups.length > 1 ? ' (merged)' : ''}${g.fallback ? ' (fallback)' : ''} (${where})`;
}

/** The text of the deciding line, without its line break. */
export function lineText(robots: RobotsTxt, line: number): string {
  return line > 0 ? robots.text.slice(robots.lines.from[line - 1], robots.lines.to[line - 1]).trim() : '';
}

/** The crawler as the user named it: a profile's name, or the token read from the text. */
function crawlerLabel(v: Verdict): string {
  return v.agent.profile ? `${v.agent.profile.name} [${v.agent.profile.id}]` : v.token;
}

/** One human-readable verdict per URL × crawler, then its "Why", indented. */
export function formatVerdict(robots: RobotsTxt, url: string, v: Verdict): string {
  const why = explainVerdict(robots, v);
  const sentences = [why.group, why.decision, ...why.notes].filter((s) => s !== null).map((s) => `    ${s.text}`);
  if (!v.inScope) return [`OUT OF SCOPE  ${url}  crawler: ${crawlerLabel(v)}`, ...sentences].join('\n');
  const head = `${v.allowed ? 'ALLOWED' : 'BLOCKED'}  ${url}`;
  const rule = v.fetch ? `fetch result decides (line 0)` : v.line > 0 ? `line ${v.line}: ${lineText(robots, v.line)}` : 'no rule matched (line 0)';
  const tested = v.url.path !== url ? `  [tested ${v.url.path}]` : '';
  const group = v.fetch || v.reason === 'ignores-robots-txt' ? '' : `  group: ${groupLabel(robots, v)}`;
  return [`${head}  ${rule}${group}  token: ${v.token || '(none)'}  crawler: ${crawlerLabel(v)}${tested}`, ...sentences].join('\n');
}

/** The machine-readable form of a verdict. */
export function verdictJson(robots: RobotsTxt, url: string, v: Verdict): Record<string, unknown> {
  const why = explainVerdict(robots, v);
  return {
    url,
    path: v.url.path,
    allowed: v.allowed,
    inScope: v.inScope,
    line: v.line,
    rule: v.line > 0 ? lineText(robots, v.line) : null,
    reason: v.reason,
    token: v.token,
    crawler: { input: v.agent.input, profile: v.agent.profile?.id ?? null, tokens: v.agent.tokens },
    group: { kind: v.group.kind, lines: v.group.groups.map((i) => robots.groups[i]!.firstLine) },
    matches: v.matches.map((m) => ({ line: m.line, allow: m.allow, pattern: m.pattern, length: m.length })),
    fetch: v.fetch,
    why: [why.group, why.decision, ...why.notes].filter((s) => s !== null),
  };
}
