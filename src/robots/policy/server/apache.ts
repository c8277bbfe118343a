/**
 * Apache: a mod_rewrite chain for a virtual host or the site's root `.htaccess`. The crawler's set
 * goes into an environment variable (the first token found wins); then each rule of its set, in
 * order: an Allow skips the rest of the chain (`[S=n]`, so the site's own rewrites after it still
 * run), a Disallow ends with the status (`[F]`, or `[R=…,L]`). The request target is read raw from
 * `THE_REQUEST` (the request line as sent: path and query, nothing decoded).
 */
import { commentLines, headerComment, ruleTitle, setTitle } from './comments.js';
import { patternRegex, tokenRegex, type RegexDialect } from './regex.js';
import type { EnforcementPlan, ServerNote } from './types.js';

// The request line is `METHOD target HTTP/x.y`: the target ends at a space.
const LINE: RegexDialect = { any: '[^\\x20]*', atomic: true, end: '(?:\\x20|$)' };
// An absolute-form target (`GET http://host/path`) has its scheme and host before the path; kept
// atomic, so that a `*` never looks for its piece there.
const TARGET_START = '^\\S+\\x20(?>(?:[A-Za-z][A-Za-z0-9+.-]*://[^/?\\x20]*)?)';

/** One RewriteRule with its conditions and a comment; `skip`: an Allow, which skips every rule after it. */
interface Step {
  readonly comment: readonly string[];
  readonly conditions: readonly string[];
  readonly flags: string | 'skip';
}

/** The mod_rewrite chain for `plan`. */
export function apacheRules(plan: EnforcementPlan, status: number): { text: string; notes: readonly ServerNote[] } {
  const steps: Step[] = [];
  steps.push({
    comment: ['# /robots.txt always stays reachable.'],
    conditions: [`RewriteCond %{THE_REQUEST} "${TARGET_START}/robots\\.txt(?:[?\\x20]|$)"`],
    flags: 'skip',
  });
  plan.agents.forEach((run, i) => {
    steps.push({
      comment: i === 0 ? ['# Which crawler asks: its product token as a whole word, any case, the longest name first.'] : [],
      conditions: [...(i === 0 ? [] : ['RewriteCond %{ENV:ROBOTS_TXT_AGENT} ^$']), `RewriteCond %{HTTP_USER_AGENT} "${tokenRegex(run.tokens)}" [NC]`],
      flags: `[E=ROBOTS_TXT_AGENT:${run.set ?? 'pass'}]`,
    });
  });
  const refuse = status === 403 ? '[F]' : `[R=${status},L]`;
  for (const s of plan.sets) {
    s.rules.forEach((r, i) => {
      steps.push({
        comment: [...(i === 0 ? commentLines(setTitle(s)) : []), `# ${ruleTitle(r)}`],
        conditions: [`RewriteCond %{ENV:ROBOTS_TXT_AGENT} =${s.id}`, `RewriteCond %{THE_REQUEST} "${TARGET_START}${patternRegex(r.compiled, LINE)}"`],
        flags: r.allow ? 'skip' : refuse,
      });
    });
  }
  const lines = [...headerComment('Apache', notesOf(plan), status), '', '# In the virtual host, or in the .htaccess file at the site’s root (before its own rewrites):', 'RewriteEngine On'];
  steps.forEach((step, i) => {
    lines.push(...step.comment, ...step.conditions, `RewriteRule ^ - ${step.flags === 'skip' ? `[S=${steps.length - i - 1}]` : step.flags}`);
  });
  return { text: lines.join('\n') + '\n', notes: notesOf(plan) };
}

/** The plan's notes, and Apache's answer to an encoded slash where a rule names one. */
function notesOf(plan: EnforcementPlan): readonly ServerNote[] {
  const slash = plan.sets.some((s) => s.rules.some((r) => /%2f/i.test(r.compiled.pattern)));
  return slash ? [...plan.notes, { code: 'encoded-slash', crawlers: [] }] : plan.notes;
}
