/**
 * The "Why" of a verdict, in plain sentences that are true in every state: an invalid test, a URL
 * out of scope, a fetch result that overrides the file, a crawler that ignores robots.txt or `*`,
 * a profile that falls back to another token, an empty group, no group, no `*`. One wording for
 * the app and the CLI.
 */
import { extractToken } from './parse.js';
import type { Verdict } from './check.js';
import type { RobotsTxt } from './model.js';

/** One sentence of an explanation: a stable code and its English text. */
export interface Sentence {
  readonly code: string;
  readonly text: string;
}

/** Why a verdict is what it is. */
export interface VerdictExplanation {
  /** Which group applied and why (null when no group was looked at: invalid test, scope, fetch result). */
  readonly group: Sentence | null;
  /** What decided: the rule, the fetch result, the missing test. */
  readonly decision: Sentence;
  /** What else the reader should know: the token read from a User-Agent, a profile's caveats. */
  readonly notes: readonly Sentence[];
}

const q = (s: string): string => `“${s}”`;

function lineList(robots: RobotsTxt, groups: readonly number[]): string {
  const lines = groups.map((g) => robots.groups[g]?.firstLine).filter((l): l is number => l !== undefined);
  return lines.length === 1 ? `line ${lines[0]}` : `lines ${lines.join(', ')}`;
}

/** The sentence for a test that cannot be run, or null when it ran. */
export function problemSentence(v: Verdict): Sentence | null {
  const input = v.url.input.trim();
  switch (v.problem) {
    case null: return null;
    case 'no-crawler':
      return v.agent.input.trim() === ''
        ? { code: 'no-crawler', text: 'No crawler to test: pick one, or type a crawler name or a User-Agent string.' }
        : { code: 'no-crawler', text: `No crawler name can be read from ${q(v.agent.input.trim())}: a name is made of letters, “-” and “_”.` };
    case 'unknown-profile': return { code: 'unknown-profile', text: `No crawler profile is called ${q(v.agent.input)}.` };
    case 'no-url': return { code: 'no-url', text: 'No URL to test: type a URL, or a path such as /private/.' };
    case 'not-http':
      return { code: 'not-http', text: `${q(input)} is a ${v.url.scheme}: URL. robots.txt governs only http and https (and, at Google, ftp) URLs: there is nothing to test.` };
    case 'relative-no-site':
      return { code: 'relative-no-site', text: `${q(input)} is a relative URL: set the site to resolve it against, or type a path that starts with “/”.` };
    default: return { code: 'invalid-url', text: `${q(input)} is not a URL a browser accepts.` };
  }
}

/** Which group applied to the crawler, and why, in one sentence. */
function groupSentence(robots: RobotsTxt, v: Verdict): Sentence {
  const g = v.group;
  const tokens = v.agent.tokens;
  const who = v.agent.profile?.name ?? v.token;
  switch (g.kind) {
    case 'specific': {
      const where = lineList(robots, g.groups);
      const merged = g.groups.length > 1 ? ` ${g.groups.length} groups name it; Google merges them into one.` : '';
      if (g.fallback) {
        const skipped = tokens.slice(0, tokens.indexOf(g.token)).join(' or ');
        return { code: 'group-fallback', text: `No group names ${skipped}, so it follows the ${g.token} group (${where}), as Google documents for this crawler.${merged}` };
      }
      return { code: 'group-specific', text: `The group for ${q(g.token)} (${where}) applies: it names this crawler.${merged}` };
    }
    case 'global':
      return { code: 'group-global', text: `No group names ${tokens.join(' or ')}, so the * group (${lineList(robots, g.groups)}) applies.` };
    case 'global-ignored':
      return { code: 'group-global-ignored', text: `${who} is a special-case crawler: it ignores the * group (${lineList(robots, g.groups)}), and no group names it, so everything is allowed.` };
    default:
      return { code: 'group-none', text: `No group names ${tokens.join(' or ')} and there is no * group: everything is allowed.` };
  }
}

/** What decided, once the rules were read. */
function ruleDecision(robots: RobotsTxt, v: Verdict): Sentence {
  const r = v.rule;
  const rule = r ? `${r.allow ? 'Allow' : 'Disallow'}: ${r.value}` : '';
  switch (v.reason) {
    case 'longest-match':
      return { code: 'longest-match', text: `Line ${v.line} (${q(rule)}, length ${r!.length}) is the longest matching rule, so the URL is ${v.allowed ? 'allowed' : 'blocked'}.` };
    case 'tie-allow':
      return { code: 'tie-allow', text: `An allow and a disallow match with the same length (${r!.length}): the allow on line ${v.line} wins, as the least restrictive.` };
    case 'index-html':
      return { code: 'index-html', text: `Google-specific: ${q(rule)} on line ${v.line} also allows the directory URL itself.` };
    case 'empty-rule':
      return { code: 'empty-rule', text: `Only an empty rule matches (line ${v.line}): it never blocks, so the URL is allowed.` };
    case 'no-matching-rule': {
      const rules = v.group.groups.reduce((n, g) => n + (robots.groups[g]?.rules.length ?? 0), 0);
      return rules === 0
        ? { code: 'empty-group', text: `That group has no rules: everything is allowed for this crawler${v.group.kind === 'specific' ? ', and the * group is not used' : ''}.` }
        : { code: 'no-matching-rule', text: `No rule of the group matches ${v.url.path}, so it is allowed.` };
    }
    case 'global-ignored': return { code: 'global-ignored', text: 'No rule applies to this crawler: the URL is allowed.' };
    default: return { code: 'no-group', text: 'No rule applies: the URL is allowed.' };
  }
}

/** Profile caveats, where they matter for this file. */
function profileNotes(robots: RobotsTxt, v: Verdict): Sentence[] {
  const p = v.agent.profile;
  const out: Sentence[] = [];
  if (!p || p.operator !== 'Google') {
    const who = p?.operator ?? 'its operator';
    out.push({ code: 'google-reading', text: `This is Google’s parser’s reading of the file for ${v.token}; ${who}’s own crawler may read some lines differently.` });
  }
  if (!p) return out;
  if (p.notice) out.push({ code: 'profile-notice', text: p.notice });
  if (p.caveat) out.push({ code: 'profile-caveat', text: p.caveat });
  // Google's current rules: no fallback to Googlebot. Say so where a reader would expect one.
  if (p.id === 'googlebot-image' && v.group.kind !== 'specific' && robots.groupsByToken.has('googlebot')) {
    out.push({ code: 'no-googlebot-fallback', text: 'Under Google’s current rules Googlebot-Image without a group of its own follows *, not the Googlebot group (older documentation said otherwise).' });
  }
  return out;
}

/** Explains a verdict of `checkUrl` against `robots`. */
export function explainVerdict(robots: RobotsTxt, v: Verdict): VerdictExplanation {
  const notes: Sentence[] = [];
  if (v.agent.issue === 'token-unusable') {
    const t = v.agent.tokens[0]!;
    const read = extractToken(t);
    notes.push({
      code: 'token-unusable',
      text: `${q(t)} is not a name Google’s parser can match: names in a robots.txt hold only letters, “-” and “_”, so it matches no group${read ? ` (a line ${q(`User-agent: ${t}`)} is read as ${q(read)})` : ''}.`,
    });
  }
  if (v.agent.fromUserAgentString && v.token) notes.push({ code: 'token-from-user-agent', text: `From the User-Agent string, Google reads the token ${q(v.token)}.` });
  const problem = problemSentence(v);
  if (problem) return { group: null, decision: problem, notes };
  if (!v.inScope) {
    return { group: null, decision: { code: 'out-of-scope', text: v.scope?.reason || 'This robots.txt does not govern this URL.' }, notes };
  }
  if (v.reason === 'ignores-robots-txt') {
    return { group: null, decision: { code: 'ignores-robots-txt', text: `${v.agent.profile?.name ?? v.token} ignores robots.txt entirely: no rule of this file applies to it.` }, notes: [...notes, ...profileNotes(robots, v)] };
  }
  if (v.fetch) {
    return { group: null, decision: { code: 'fetch-status', text: `${v.fetch.reason} The groups and rules in the file are not used.` }, notes: [...notes, ...profileNotes(robots, v)] };
  }
  return { group: groupSentence(robots, v), decision: ruleDecision(robots, v), notes: [...notes, ...profileNotes(robots, v)] };
}
