/**
 * How the composer's notes and the check's outcome are worded (English ICU templates; the app
 * translates the same ids): `policy.note` selects on the note's code, `policy.outcome` on the check.
 */
// Crawler names come in as a function (crawlerName): an import of the profiles here would pull
// these templates into the page's first script instead of the AI access tab's.
import { policySummary } from './summary.js';
import type { DroppedRule, PolicyCheck, PolicyFailure, PolicyNote } from './types.js';

/** The message ids and English templates of the policy's notes and outcome. */
export function policyMessages(): Record<string, string> {
  return {
    'policy.note': '{code, select, '
      + 'carried_rules {{crawlers}’s new group carries {count, plural, one {the rule} other {the # rules}} of the * group that still bind it (line {lines}): with a group of its own a crawler ignores * entirely.} '
      + 'dropped_allow {An Allow of the * group inside a blocked path is not carried over (line {lines}): it would reopen part of the path.} '
      + 'sharpened {An Allow of the * group (line {lines}) would outweigh a shorter blocked path on the URLs both match: a longer Disallow written after it blocks those too.} '
      + 'unnameable {Google’s parser cannot name {count, plural, one {this crawler} other {these # crawlers}}: {crawlers}. It reads a name only up to the first digit, space or dot, so under Google’s reading they follow the * group. The lines are written as their operators document them, for their own parsers.} '
      + 'may_ignore {Their operators say {count, plural, one {this crawler} other {these # crawlers}} may not obey robots.txt: {crawlers}.} '
      + 'control_tokens {Control tokens never fetch: {crawlers}. Their verdict is a permission for AI use of what the operator’s other crawlers fetch; Search is unaffected.} '
      + 'google_untouched {Google Search’s crawlers and the other search engines keep their rules: nothing here changes what Googlebot may crawl.} '
      + 'reused_group {The crawlers’ own groups are updated in place (line {lines}), not duplicated.} '
      + 'left_group {{count, plural, one {One crawler leaves} other {# crawlers leave}} a group it shares with other crawlers (line {lines}); those crawlers keep their rules.} '
      + 'over_limit {The new file would be {bytes, number} bytes: Google reads only the first 512,000, so rules past that do not count (the carried * rules double a large * group). Block these crawlers everywhere, or block fewer paths.} '
      + 'no_change {The file already says this: nothing to change.} '
      + 'empty_paths {Paths to block are empty: nothing changes for {crawlers}.} '
      + 'signal_written {Content-Signal: {detail} (Cloudflare’s Content Signals, in the * group).} '
      + 'usage_written {Content-Usage: {detail} (IETF AI preferences: draft-ietf-aipref-attach-05, draft-ietf-aipref-vocab-08).} '
      + 'kept_rules {The rules the file gives {crawlers} stay as written (line {lines}): the paths to block are added to them.} '
      + 'dropped_rules {{count, plural, one {One rule} other {# rules}} the file gave these crawlers no longer {count, plural, one {applies} other {apply}} to them (line {lines}): {crawlers}. Each is listed with why.} '
      + 'no_token {{crawlers} has no robots.txt token: no line can address it. {product, select, none {It sends a browser’s User-Agent.} other {Its User-Agent holds “{product}”.}}{signature, select, none {} other { It signs its requests (Web Bot Auth) with Signature-Agent: {signature}.}}{reads, select, none {} other { Google reads a line naming it as “{reads}”.}}} '
      + 'directory_left_out {{count, plural, one {One name} other {# names}} of the chosen purposes {count, plural, one {is} other {are}} listed by a directory only, without a page of {count, plural, one {its} other {their}} operator, and not written unless you ask for {count, plural, one {it} other {each}} by name: {crawlers}.} '
      + 'other {}}',
    'policy.outcome': '{ok, select, yes {{differ, plural, =0 {Checked with Google’s reading: all {crawlers, number} AI crawlers have the chosen verdict on all {urls, number} URLs, and no other crawler’s verdict changes ({checks, number} checks).} other {Checked with Google’s reading: {differ, plural, one {# crawler} other {# crawlers}}, {differUrls, plural, one {# URL} other {# URLs}} differ from the chosen verdict ({urls, number} URLs checked): Google’s parser cannot name {differ, plural, one {that crawler, so it follows} other {those crawlers, so they follow}} the * group. The other AI crawlers have the chosen verdict, and no other crawler’s verdict changes ({checks, number} checks).}}} other {The check failed: {failures, plural, one {# verdict is} other {# verdicts are}} not what you chose{differ, plural, =0 {} other { ({differ, plural, one {# crawler} other {# crawlers}}, {differUrls, plural, one {# URL} other {# URLs}} differ)}}. Nothing claims success until every one is.}}',
    'policy.dropped': 'Line {line} ({text}) no longer applies to {crawlers}: {why, select, blocked_everywhere {Disallow: / replaces it.} follows_star {they follow the * group now.} inside_blocked_path {an Allow inside a path now blocked would reopen part of it.} other {}}',
    'policy.failure': '{kind, select, collateral {{crawler} is not an AI crawler, but its verdict on {url} would change from {expected, select, yes {allowed} other {blocked}} to {got, select, yes {allowed} other {blocked}}.} other {{crawler} would be {got, select, yes {allowed} other {blocked}} on {url}, not {expected, select, yes {allowed} other {blocked}} as chosen{line, plural, =0 {} other {: line # decides}}.}}',
  };
}

// Notes about rules count lines; the others count crawlers.
const LINE_NOTES: ReadonlySet<PolicyNote['code']> = new Set<PolicyNote['code']>(['carried-rules', 'kept-rules', 'dropped-allow', 'dropped-rules', 'sharpened', 'reused-group']);

/** A note's arguments for `policy.note`: its code as a select key, the crawlers' names, the lines. */
export function noteArgs(note: PolicyNote, nameOf: (id: string) => string): Record<string, string | number> {
  return {
    code: note.code.replace(/-/g, '_'),
    crawlers: note.crawlers.map(nameOf).join(', '),
    count: LINE_NOTES.has(note.code) ? note.lines.length : note.crawlers.length,
    lines: note.lines.join(', '),
    detail: note.detail ?? '',
    bytes: note.code === 'over-limit' ? Number(note.detail) : 0,
    product: note.identity?.product ?? 'none',
    signature: note.identity?.signatureAgent ?? 'none',
    reads: note.identity?.googleReads ?? 'none',
  };
}

/** A dropped rule's arguments for `policy.dropped`: its line, its text, the crawlers' names, why. */
export function droppedArgs(d: DroppedRule, nameOf: (id: string) => string): Record<string, string | number> {
  return { line: d.line, text: d.text, crawlers: d.crawlers.map(nameOf).join(', '), why: d.why.replace(/-/g, '_') };
}

/** The check's arguments for `policy.outcome`: the summary counted from the check's table. */
export function outcomeArgs(check: PolicyCheck): Record<string, string | number> {
  const s = policySummary(check);
  return { ok: s.ok ? 'yes' : 'no', crawlers: s.crawlers, urls: s.urls, checks: s.checks, failures: s.failures, differ: s.differingCrawlers, differUrls: s.differingUrls };
}

/** A failure's arguments for `policy.failure`. */
export function failureArgs(f: PolicyFailure, nameOf: (id: string) => string): Record<string, string | number> {
  return { kind: f.kind, crawler: nameOf(f.crawler), url: f.url, expected: f.expected ? 'yes' : 'no', got: f.got ? 'yes' : 'no', line: f.line };
}
