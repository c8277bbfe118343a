/**
 * HAProxy: ACLs and `http-request set-var` rules — the first token found names the crawler's set,
 * the first rule of its set that matches the raw request target (`pathq`: path and query as sent)
 * sets the verdict, and a last rule refuses with the status. Nothing here ends the rule list early,
 * so the frontend's own `http-request` rules still run for what passes.
 */
import { commentLines, headerComment, ruleTitle, setTitle } from './comments.js';
import { patternRegex, PCRE_TARGET, tokenRegex } from './regex.js';
import type { EnforcementPlan, ServerNote } from './types.js';

// Statuses `http-request deny` can answer without an error file of one's own (HAProxy's default
// error files); any other is answered with `http-request return`.
const DENY_STATUSES = new Set([400, 401, 403, 404, 405, 407, 408, 410, 413, 425, 429]);

// A regex as a configuration word: in single quotes, which HAProxy takes as they are (the regexes hold no quote).
const quoted = (regex: string) => `'${regex}'`;

/** The frontend rules for `plan`. */
export function haproxyRules(plan: EnforcementPlan, status: number): { text: string; notes: readonly ServerNote[] } {
  const lines = [...headerComment('HAProxy', plan.notes, status), '', '# In the frontend (or listen) section of the site, before its use_backend rules:'];
  lines.push('acl robots_txt_agent_found var(txn.robots_txt_agent) -m found', 'acl robots_txt_decided var(txn.robots_txt_verdict) -m found');
  lines.push('# /robots.txt always stays reachable.', 'http-request set-var(txn.robots_txt_verdict) str(pass) if { path /robots.txt }');
  lines.push('# Which crawler asks: its product token as a whole word, any case, the longest name first.');
  for (const run of plan.agents) {
    lines.push(`http-request set-var(txn.robots_txt_agent) str(${run.set ?? 'pass'}) if !robots_txt_agent_found { req.fhdr(user-agent) -m reg -i ${quoted(tokenRegex(run.tokens))} }`);
  }
  for (const s of plan.sets) {
    lines.push(...commentLines(setTitle(s)), `acl robots_txt_${s.id} var(txn.robots_txt_agent) -m str ${s.id}`);
    for (const r of s.rules) {
      const verdict = r.allow ? 'pass' : 'refuse';
      lines.push(`# ${ruleTitle(r)}`, `http-request set-var(txn.robots_txt_verdict) str(${verdict}) if robots_txt_${s.id} !robots_txt_decided { pathq -m reg ${quoted(`^${patternRegex(r.compiled, PCRE_TARGET)}`)} }`);
    }
  }
  const answer = DENY_STATUSES.has(status) ? `http-request deny deny_status ${status}` : `http-request return status ${status}`;
  lines.push(`${answer} if { var(txn.robots_txt_verdict) -m str refuse }`);
  return { text: lines.join('\n') + '\n', notes: plan.notes };
}
