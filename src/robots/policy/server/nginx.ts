/**
 * nginx: two `map`s (their regular expressions are checked in the order written, the first match
 * wins) — the User-Agent to the crawler's set, then the set and the raw request target
 * (`$request_uri`: path and query as sent) to refuse or not — and an `if` that returns the status.
 */
import { commentLines, headerComment, ruleTitle, setTitle } from './comments.js';
import { patternRegex, PCRE_TARGET, tokenRegex } from './regex.js';
import type { EnforcementPlan, ServerNote } from './types.js';

/** The nginx configuration for `plan`: maps for the http {} block, the `if` for each server {} block. */
export function nginxRules(plan: EnforcementPlan, status: number): { text: string; notes: readonly ServerNote[] } {
  const lines = [...headerComment('nginx', plan.notes, status), ''];
  lines.push('# In the http {} block:');
  lines.push('map $http_user_agent $robots_txt_agent {', '    default "";');
  for (const run of plan.agents) {
    // Which crawler asks: its product token as a whole word, any case, the longest name first.
    lines.push(`    "~*${tokenRegex(run.tokens)}" "${run.set ?? ''}";`);
  }
  lines.push('}', '');
  lines.push('map "$robots_txt_agent $request_uri" $robots_txt_refuse {', '    default 0;');
  lines.push('    # /robots.txt always stays reachable.', '    "~^[a-z0-9]+ /robots\\.txt(?:\\?|$)" 0;');
  for (const s of plan.sets) {
    lines.push(...commentLines(setTitle(s), '    '));
    for (const r of s.rules) {
      lines.push(`    # ${ruleTitle(r)}`, `    "~^${s.id} ${patternRegex(r.compiled, PCRE_TARGET)}" ${r.allow ? 0 : 1};`);
    }
  }
  lines.push('}', '');
  lines.push('# In each server {} block of the site (before its locations):', 'if ($robots_txt_refuse) {', `    return ${status};`, '}');
  return { text: lines.join('\n') + '\n', notes: plan.notes };
}
