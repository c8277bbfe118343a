/**
 * The "Why" of a verdict, in plain sentences that are true in every state: an invalid test, a URL
 * out of scope, a fetch result that overrides the file, a crawler that ignores robots.txt or `*`,
 * a profile that falls back to another token, an empty group, no group, no `*`. Each sentence is
 * a code and its data, worded from ICU templates (English here; the app translates them).
 */
import { caveatKey, extractToken, selectKey } from '../crawlers/index.js';
import type { RobotsTxt, Verdict } from '../google/index.js';
import { formatIcu, type MessageArgs } from '../text/index.js';
import { FETCH_MESSAGE, SCOPE_MESSAGE } from '../url/index.js';

/** One sentence of an explanation: a stable code, its data, and its English text. */
export interface Sentence {
  readonly code: WhyCode;
  readonly args: MessageArgs;
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

const LINES = '{count, plural, one {line {lines}} other {lines {lines}}}';

/** Every sentence's template (ICU MessageFormat, English). */
const WHY = {
  'no-crawler': 'No crawler to test: pick one, or type a crawler name or a User-Agent string.',
  'no-crawler-read': 'No crawler name can be read from “{input}”: a name is made of letters, “-” and “_”.',
  'unknown-profile': 'No crawler profile is called “{input}”.',
  'no-url': 'No URL to test: type a URL, or a path such as /private/.',
  'not-http': '“{input}” is a {scheme}: URL. robots.txt governs only http and https (and, at Google, ftp) URLs: there is nothing to test.',
  'relative-no-site': '“{input}” is a relative URL: set the site to resolve it against, or type a path that starts with “/”.',
  'invalid-url': '“{input}” is not a URL a browser accepts.',
  'group-fallback': `No group names {skipped}, so it follows the {token} group (${LINES}), as Google documents for this crawler.{merged, plural, =0 {} =1 {} other { # groups name it; Google merges them into one.}}`,
  'group-specific': `The group for “{token}” (${LINES}) applies: it names this crawler.{merged, plural, =0 {} =1 {} other { # groups name it; Google merges them into one.}}`,
  'group-global': `No group names {tokens}, so the * group (${LINES}) applies.`,
  'group-global-ignored': `{who} is a special-case crawler: it ignores the * group (${LINES}), and no group names it, so everything is allowed.`,
  'group-none': 'No group names {tokens} and there is no * group: everything is allowed.',
  'longest-match': 'Line {line} (“{rule}”, length {length}) is the longest matching rule, so the URL is {allowed, select, yes {allowed} other {blocked}}.',
  'tie-allow': 'An allow and a disallow match with the same length ({length}): the allow on line {line} wins, as the least restrictive.',
  'index-html': 'Google-specific: “{rule}” on line {line} also allows the directory URL itself.',
  'empty-rule': 'Only an empty rule matches (line {line}): it never blocks, so the URL is allowed.',
  'empty-group': 'That group has no rules: everything is allowed for this crawler{specific, select, yes {, and the * group is not used} other {}}.',
  'no-matching-rule': 'No rule of the group matches {path}, so it is allowed.',
  'global-ignored': 'No rule applies to this crawler: the URL is allowed.',
  'no-group': 'No rule applies: the URL is allowed.',
  'out-of-scope': SCOPE_MESSAGE,
  'ignores-robots-txt': '{who} ignores robots.txt entirely: no rule of this file applies to it.',
  'fetch-status': `${FETCH_MESSAGE} The groups and rules in the file are not used.`,
  'token-unusable': '“{token}” is not a name Google’s parser can match: names in a robots.txt hold only letters, “-” and “_”, so it matches no group{read, select, none {} other { (a line “User-agent: {token}” is read as “{read}”)}}.',
  'token-from-user-agent': 'From the User-Agent string, Google reads the token “{token}”.',
  'google-reading': 'This is Google’s parser’s reading of the file for {token}; {operator, select, none {its operator’s} other {{operator}’s}} own crawler may read some lines differently.',
  'profile-notice': '{profile, select, google_extended {Google-Extended is a control token, not a crawler: it never fetches pages. Its verdict says whether Google may use the content for Gemini models and grounding; it changes nothing for Search.} google_safety {Google-Safety checks for abuse and malware and ignores robots.txt by design.} applebot_extended {Applebot-Extended is a control token, not a crawler: it never fetches pages. Its verdict says whether Apple may use pages Applebot crawled to train its AI models.} other {}}',
  'profile-caveat': '{profile, select, chatgpt_user {OpenAI says robots.txt rules may not apply to fetches a ChatGPT user asks for.} perplexity_user {Perplexity says user-requested fetches generally ignore robots.txt.} bytespider {ByteDance publishes no documentation that Bytespider obeys robots.txt.} meta_externalfetcher {Meta says fetches a user asks for may bypass robots.txt.} user_triggered {{operator} says its fetchers that a user’s request starts generally ignore robots.txt: this is what the file says, not necessarily what the fetcher does.} other {Its operator, {operator}, says it may not obey robots.txt.}}',
  'no-googlebot-fallback': 'Under Google’s current rules Googlebot-Image without a group of its own follows *, not the Googlebot group (older documentation said otherwise).',
} as const;

/** Every sentence code. */
export type WhyCode = keyof typeof WHY;

/** Every sentence's template as message ids (`why.<code>`) → English ICU text. */
export function whyMessages(): Record<string, string> {
  return Object.fromEntries(Object.entries(WHY).map(([code, t]) => [`why.${code}`, t]));
}

function say(code: WhyCode, args: MessageArgs = {}): Sentence {
  return { code, args, text: formatIcu(WHY[code], args) };
}

/** `{count, lines}` of the first lines of some groups, for the LINES template. */
function lineArgs(robots: RobotsTxt, groups: readonly number[]): { count: number; lines: string } {
  const lines = groups.map((g) => robots.groups[g]?.firstLine).filter((l): l is number => l !== undefined);
  return { count: lines.length, lines: lines.join(', ') };
}

/** A profile id as a message select key (`google-extended` → `google_extended`). */

/** The sentence for a test that cannot be run, or null when it ran. */
export function problemSentence(v: Verdict): Sentence | null {
  const input = v.url.input.trim();
  switch (v.problem) {
    case null: return null;
    case 'no-crawler': return v.agent.input.trim() === '' ? say('no-crawler') : say('no-crawler-read', { input: v.agent.input.trim() });
    case 'unknown-profile': return say('unknown-profile', { input: v.agent.input });
    case 'no-url': return say('no-url');
    case 'not-http': return say('not-http', { input, scheme: v.url.scheme });
    case 'relative-no-site': return say('relative-no-site', { input });
    default: return say('invalid-url', { input });
  }
}

/** Which group applied to the crawler, and why, in one sentence. */
function groupSentence(robots: RobotsTxt, v: Verdict): Sentence {
  const g = v.group;
  const tokens = v.agent.tokens;
  const who = v.agent.profile?.name ?? v.token;
  switch (g.kind) {
    case 'specific': {
      const merged = g.groups.length;
      if (g.fallback) {
        const skipped = tokens.slice(0, tokens.indexOf(g.token)).join(' / ');
        return say('group-fallback', { skipped, token: g.token, merged, ...lineArgs(robots, g.groups) });
      }
      return say('group-specific', { token: g.token, merged, ...lineArgs(robots, g.groups) });
    }
    case 'global': return say('group-global', { tokens: tokens.join(' / '), ...lineArgs(robots, g.groups) });
    case 'global-ignored': return say('group-global-ignored', { who, ...lineArgs(robots, g.groups) });
    default: return say('group-none', { tokens: tokens.join(' / ') });
  }
}

/** What decided, once the rules were read. */
function ruleDecision(robots: RobotsTxt, v: Verdict): Sentence {
  const r = v.rule;
  const rule = r ? `${r.allow ? 'Allow' : 'Disallow'}: ${r.value}` : '';
  switch (v.reason) {
    case 'longest-match': return say('longest-match', { line: v.line, rule, length: r!.length, allowed: v.allowed ? 'yes' : 'no' });
    case 'tie-allow': return say('tie-allow', { length: r!.length, line: v.line });
    case 'index-html': return say('index-html', { rule, line: v.line });
    case 'empty-rule': return say('empty-rule', { line: v.line });
    case 'no-matching-rule': {
      const rules = v.group.groups.reduce((n, g) => n + (robots.groups[g]?.ruleCount ?? 0), 0);
      return rules === 0 ? say('empty-group', { specific: v.group.kind === 'specific' ? 'yes' : 'no' }) : say('no-matching-rule', { path: v.url.path });
    }
    case 'global-ignored': return say('global-ignored');
    default: return say('no-group');
  }
}

/** Profile caveats, where they matter for this file. */
function profileNotes(robots: RobotsTxt, v: Verdict): Sentence[] {
  const p = v.agent.profile;
  const out: Sentence[] = [];
  if (!p || p.operator !== 'Google') out.push(say('google-reading', { token: v.token, operator: p?.operator ?? 'none' }));
  if (!p) return out;
  if (p.notice) out.push(say('profile-notice', { profile: selectKey(p.id) }));
  if (p.caveat) out.push(say('profile-caveat', { profile: caveatKey(p), operator: p.operator }));
  // Google's current rules: no fallback to Googlebot. Say so where a reader would expect one.
  if (p.id === 'googlebot-image' && v.group.kind !== 'specific' && robots.groupsByToken.has('googlebot')) out.push(say('no-googlebot-fallback'));
  return out;
}

/** The sentence for a fetch result that overrides the file. */
function fetchSentence(v: Verdict): Sentence {
  const f = v.fetch!;
  return say('fetch-status', { status: f.kind, code: f.code, hops: f.hops });
}

/** Explains a verdict of `checkUrl` against `robots`. */
export function explainVerdict(robots: RobotsTxt, v: Verdict): VerdictExplanation {
  const notes: Sentence[] = [];
  if (v.agent.issue === 'token-unusable') {
    const token = v.agent.tokens[0]!;
    notes.push(say('token-unusable', { token, read: extractToken(token) || 'none' }));
  }
  if (v.agent.fromUserAgentString && v.token) notes.push(say('token-from-user-agent', { token: v.token }));
  const problem = problemSentence(v);
  if (problem) return { group: null, decision: problem, notes };
  if (!v.inScope) {
    const sc = v.scope!;
    return { group: null, decision: say('out-of-scope', { why: selectKey(sc.why), value: sc.value, governing: sc.governingRobotsUrl ?? 'none' }), notes };
  }
  if (v.reason === 'ignores-robots-txt') {
    return { group: null, decision: say('ignores-robots-txt', { who: v.agent.profile?.name ?? v.token }), notes: [...notes, ...profileNotes(robots, v)] };
  }
  if (v.fetch) return { group: null, decision: fetchSentence(v), notes: [...notes, ...profileNotes(robots, v)] };
  return { group: groupSentence(robots, v), decision: ruleDecision(robots, v), notes: [...notes, ...profileNotes(robots, v)] };
}
