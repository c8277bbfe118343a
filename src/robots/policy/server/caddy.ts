/**
 * Caddy: `map`s (their regular expressions are tried in the order written, the first match wins) —
 * the User-Agent to the crawler's set, the raw request target (`{http.request.orig_uri}`: path and
 * query as sent) to its path, then the set and the target to refuse or not — and a named matcher
 * that responds with the status. Caddy's regular expressions are RE2: they never backtrack.
 */
import { commentLines, headerComment, ruleTitle, setTitle } from './comments.js';
import { patternRegex, RE2_TARGET, tokenRegex } from './regex.js';
import type { EnforcementPlan, ServerNote } from './types.js';

// A regex as a Caddyfile token: in backquotes, which Caddy takes as they are (the regexes hold no backquote).
const token = (regex: string) => `\`~${regex}\``;

/** The Caddyfile directives for `plan`, for a site block. */
export function caddyRules(plan: EnforcementPlan, status: number): { text: string; notes: readonly ServerNote[] } {
  const lines = [...headerComment('Caddy', plan.notes, status), '', '# In the site block (or a snippet it imports):'];
  lines.push('map {http.request.header.User-Agent} {robots_txt_agent} {');
  lines.push('\t# Which crawler asks: its product token as a whole word, any case, the longest name first.');
  for (const run of plan.agents) lines.push(`\t${token(`(?i)${tokenRegex(run.tokens)}`)} ${run.set ?? 'pass'}`);
  lines.push('\tdefault pass', '}');
  // An absolute-form target (`http://host/path`) has its scheme and host before the path.
  lines.push('map {http.request.orig_uri} {robots_txt_target} {', `\t${token('^(?:[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*)?(.*)$')} "\${1}"`, '}');
  lines.push('map "{robots_txt_agent} {robots_txt_target}" {robots_txt_refuse} {');
  lines.push('\t# /robots.txt always stays reachable.', `\t${token('^[a-z0-9]+ /robots\\.txt(?:\\?|$)')} no`);
  for (const s of plan.sets) {
    lines.push(...commentLines(setTitle(s), '\t'));
    for (const r of s.rules) lines.push(`\t# ${ruleTitle(r)}`, `\t${token(`^${s.id} ${patternRegex(r.compiled, RE2_TARGET)}`)} ${r.allow ? 'no' : 'yes'}`);
  }
  lines.push('\tdefault no', '}');
  lines.push('@robots_txt_refuse vars {robots_txt_refuse} yes', `respond @robots_txt_refuse ${status}`);
  return { text: lines.join('\n') + '\n', notes: plan.notes };
}
