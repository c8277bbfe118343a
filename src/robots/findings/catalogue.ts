/**
 * The message catalogue: every finding the tester reports about a robots.txt, each with a stable
 * code, one severity, a plain-words title, what Google does with the line, and a hint. Hover,
 * gutter, lint markers, the Diagnostics panel and the CLI all word findings from here alone.
 */
import { formatIcu, type MessageArgs } from '../text/index.js';

/** How serious a finding is. */
export type Severity = 'error' | 'warning' | 'info';

/** Values a message is built from: quoted text stays as written, numbers are formatted. */
export type FindingArgs = MessageArgs;

/** How one kind of finding is worded: ICU MessageFormat templates (English; the app translates them). */
interface FindingSpec {
  readonly severity: Severity;
  readonly title: string;
  /** What Google's parser does with the line. */
  readonly google: string;
  readonly hint: string;
}

const CATALOGUE = {
  'invalid-line': {
    severity: 'error',
    title: '{reason, select, emptyKey {Nothing before the colon: this line has no field name.} words {No colon, and more than two words: Google cannot tell field from value.} other {Not a “field: value” line: Google cannot read it.}}',
    google: 'Google skips the line.',
    hint: 'Write “field: value”, for example “Disallow: /private/”.',
  },
  'ignored-field': {
    severity: 'warning',
    title: 'Google does not know the field “{key}”.',
    google: 'Google skips the line: it reads only user-agent, allow, disallow and sitemap.',
    hint: 'Check the spelling; if no crawler you care about reads this field, remove it.',
  },
  'unused-field': {
    severity: 'info',
    title: '“{key}” is a known field that Google does not use.',
    google: 'Google skips the line. {keyid, select, crawl_delay {Googlebot sets its crawl rate by itself; Bing and Yandex read crawl-delay.} host {A Yandex field; Google uses redirects and canonical links instead.} clean_param {A Yandex field; Google ignores it.} request_rate {Google sets its crawl rate by itself.} visit_time {Google crawls at times of its own choosing.} revisit_after {Google decides by itself when to crawl again.} other {Google ignores it.}}',
    hint: 'Keep it only for the crawlers that read it; it changes nothing for Google.',
  },
  'intent-dropped': {
    severity: 'warning',
    title: '“{key}” asks for something Google does not do from robots.txt: the line is lost on Google.',
    google: '{keyid, select, noindex {Google stopped reading noindex in robots.txt in 2019: use a noindex robots meta tag or an X-Robots-Tag header.} nofollow {Google does not read nofollow in robots.txt: use a robots meta tag or rel=“nofollow” links.} other {Google does not read noarchive in robots.txt: use a robots meta tag.}}',
    hint: '{keyid, select, noindex {Put it on the pages themselves, and let Google crawl them: a page blocked by Disallow is never read, so its noindex is never seen.} other {Put it on the pages themselves; this line changes nothing for Google.}}',
  },
  'ai-preference': {
    severity: 'info',
    title: '{key}: an AI-use preference — {meaning}.',
    google: 'Google’s robots.txt parser does not act on it: it neither allows nor blocks crawling. It states how the content may be used, for the services that read such preferences.',
    hint: 'Nothing to change for crawling. To keep a crawler out, use a user-agent group with Disallow rules.',
  },
  'ai-preference-invalid': {
    severity: 'warning',
    title: '{key}: “{item}” is not a preference that can be read.',
    google: 'Google’s robots.txt parser does not act on this line either way; services that read AI-use preferences may ignore it.',
    hint: 'Write category=value pairs separated by commas, for example “{example}”.',
  },
  'ai-signal-outside-group': {
    severity: 'warning',
    title: '“{key}” stands outside any group.',
    google: 'Google’s robots.txt parser does not act on it either way. Crawlers that read AI-use preferences per group (as Content Signals are written) ignore a line that belongs to no group.',
    hint: 'Move it under a user-agent line, for example just below “User-agent: *”.',
  },
  'ai-signal-contradicts': {
    severity: 'warning',
    title: '“{item}” says no, but this group lets {crawler}{others, plural, =0 {} one { and # other AI crawler} other { and # other AI crawlers}} fetch the whole site.',
    google: 'Crawling follows the rules, not the preference: under Google’s reading {crawler} may fetch these pages; whether it honours the preference is up to its operator.',
    hint: 'If you mean it, block {crawler} with its own group and “Disallow: /” (the AI access tab writes it); otherwise change the preference.',
  },
  'pref-not-crawlable': {
    severity: 'warning',
    title: '{scoped, select, yes {This preference for {path} never applies: line {blockedBy} blocks every URL it covers.} other {This preference never applies: line {blockedBy} blocks the whole site for this group.}}',
    google: 'AI preferences apply only to what a crawler may fetch (draft-ietf-aipref-attach-05 §3.1). Google’s parser ignores the line either way.',
    hint: 'Remove it, or state it for paths this group may crawl.',
  },
  'pref-unknown-label': {
    severity: 'warning',
    title: '“{label}” is not a category of the current AI-preferences vocabulary.',
    google: '{retired, select, yes {It is a label of an earlier draft;} other {Readers ignore labels they do not know;}} draft-ietf-aipref-vocab-08 defines train-ai, ai-use and search. Google’s parser ignores the line either way.',
    hint: '{hasNow, select, yes {Write “{now}” instead.} other {State train-ai, ai-use or search instead.}}',
  },
  'pref-unknown-signal': {
    severity: 'warning',
    title: '“{item}” is not a Content Signal.',
    google: 'Content Signals define search, ai-input and ai-train (yes or no) and use (immediate, reference or full); readers ignore anything else. Google’s parser ignores the line either way.',
    hint: 'Write a defined signal, for example “ai-train=no”.',
  },
  'pref-conflict': {
    severity: 'warning',
    title: '“{key}={value}” here, but “{otherKey}={otherValue}” {same, select, yes {earlier in this line} other {on line {otherLine}}}: the two disagree.',
    google: 'Where both apply, readers take the more restrictive value (draft-ietf-aipref-vocab-08 §5.1){same, select, yes {; within one line the last value of a key counts (RFC 9651)} other {}}. Google’s parser ignores the lines either way.',
    hint: 'Keep one value.',
  },
  'rsl-license-not-absolute': {
    severity: 'warning',
    title: 'License: “{url}” is not an absolute URL.',
    google: 'Really Simple Licensing (RSL 1.0) reads a licence only from a full URL with its scheme and host. Google’s parser ignores the line either way.',
    hint: 'Write the full URL, for example “https://example.com/license.xml”.',
  },
  'rsl-license': {
    severity: 'info',
    title: 'License: the site’s content licence (RSL) is published at {url}.',
    google: 'Google’s robots.txt parser does not act on it: it neither allows nor blocks crawling. Crawlers that support Really Simple Licensing read the terms there.',
    hint: 'Nothing to change for crawling. Keep the URL absolute and reachable.',
  },
  'agent-name-unreadable': {
    severity: 'info',
    title: 'Google reads “{value}” as “{token}”: under Google’s reading this group never applies to {value}.',
    google: 'A crawler name stops at the first character that is not a letter, “-” or “_”. {value} is not one of Google’s crawlers: it runs its own parser, which may read the full name.',
    hint: 'Keep the line as it is: {value}’s own parser may need the full name, and writing “{token}” would change nothing for Google. If {value} must also keep out under Google’s reading, say so in the “*” group too.',
  },
  'misspelled-field': {
    severity: 'warning',
    title: '“{key}” is a misspelling of {field}.',
    google: 'Google accepts it and reads the line as {field}; other crawlers may not.',
    hint: 'Write “{canonical}:”.',
  },
  'field-prefix': {
    severity: 'info',
    title: '“{key}” is read as {field}.',
    google: 'Google checks only the start of the field name.',
    hint: 'Write “{canonical}:”.',
  },
  'missing-colon': {
    severity: 'warning',
    title: 'No colon between field and value.',
    google: 'Google accepts it: the white space between exactly two words separates them. Other crawlers may not.',
    hint: 'Write “{key}: {value}”.',
  },
  'rule-outside-group': {
    severity: 'error',
    title: 'This rule comes before any user-agent line.',
    google: 'It belongs to no group, so Google ignores it (RFC 9309 §2.1).',
    hint: 'Put a “User-agent: *” (or the crawler’s name) line above it.',
  },
  'empty-disallow': {
    severity: 'info',
    title: 'An empty Disallow blocks nothing.',
    google: 'It matches with length 0 and never blocks: the group allows everything it does not disallow elsewhere.',
    hint: 'To block the whole site, write “Disallow: /”.',
  },
  'empty-allow': {
    severity: 'info',
    title: 'An empty Allow does nothing.',
    google: 'It matches with length 0 and never decides against a disallow.',
    hint: 'Remove it, or give it a path.',
  },
  'path-never-matches': {
    severity: 'error',
    title: '“{value}” starts with neither “/” nor “*”.',
    google: 'Every URL path Google matches starts with “/”, so this rule never matches any URL.',
    hint: 'Write “/{value}”.',
  },
  'dollar-not-at-end': {
    severity: 'warning',
    title: '“$” is not at the end of the pattern.',
    google: '“$” anchors only at the very end; elsewhere Google matches it as a literal “$”.',
    hint: 'Move “$” to the end, or remove it.',
  },
  'path-has-space': {
    severity: 'warning',
    title: 'The path holds a raw space.',
    google: 'Google keeps the space as written, but browsers and crawlers send a space as “%20”: the rule matches no such URL.',
    hint: 'Write “{encoded}”.',
  },
  'escaped-pattern': {
    severity: 'info',
    title: 'Matched as “{pattern}”.',
    google: 'Google percent-encodes raw non-ASCII characters and upper-cases escapes before matching.',
    hint: 'Nothing to change: this is how crawlers send such URLs.',
  },
  'agent-cut': {
    severity: 'warning',
    title: 'Google reads “{value}” as “{token}”.',
    google: 'A crawler name stops at the first character that is not a letter, “-” or “_”.',
    hint: 'Write “User-agent: {token}”.',
  },
  'agent-empty': {
    severity: 'error',
    title: '“{value}” names no crawler.',
    google: 'Google reads no crawler name here (a name is made of ASCII letters, “-” and “_”), so this line matches nobody.',
    hint: 'Write a crawler name, or “*” alone for every crawler.',
  },
  'sitemap-not-absolute': {
    severity: 'error',
    title: '“{value}” is not an absolute URL.',
    google: 'Google ignores a sitemap that is not a full http(s) URL.',
    hint: 'Write the full URL, for example “https://example.com/sitemap.xml”.',
  },
  'long-line': {
    severity: 'warning',
    title: 'Longer than 16,663 bytes.',
    google: 'Google reads only the first 16,663 bytes of the line.',
    hint: 'Split it, or shorten the pattern.',
  },
  'nul-byte': {
    severity: 'warning',
    title: 'A NUL character.',
    google: 'Google stops reading the line at the NUL character.',
    hint: 'Remove the NUL character.',
  },
  'over-size-limit': {
    severity: 'error',
    title: '{bytes, plural, =0 {The 500 KiB limit falls in this line.} other {The file is {bytes, number} bytes; the 500 KiB limit falls in this line.}}',
    google: 'Google reads only the first 500 KiB (512,000 bytes) of a robots.txt, up to here.',
    hint: 'Shorten the file: merge rules with wildcards, remove rules for pages that no longer exist.',
  },
  'after-limit': {
    severity: 'warning',
    title: 'Google never reads this line.',
    google: 'Google’s fetcher reads the first 512,000 bytes of a robots.txt and drops the rest.',
    hint: 'Shorten the file so every rule falls within the first 512,000 bytes.',
  },
  'shadowed-rule': {
    severity: 'warning',
    title: 'Never decides: “{other}” (line {otherLine}) matches every URL this rule matches and {tie, select, yes {wins the tie} other {is longer}}.',
    google: 'Google applies the longest matching rule (on a tie, the allow), so this rule never decides a verdict.',
    hint: 'Remove this rule, or make it more specific than the other.',
  },
  'duplicate-rule': {
    severity: 'info',
    title: 'Same rule as line {otherLine}.',
    google: 'The first of two equal rules always decides; this one never does.',
    hint: 'Remove the duplicate.',
  },
  'merged-groups': {
    severity: 'info',
    title: '{global, select, yes {A second * group.} other {A second group for “{token}”.}}',
    google: 'Google merges it with the group on line {otherLine}.',
    hint: 'Keep one group per crawler so the file reads as Google reads it.',
  },
  'blocks-css-js': {
    severity: 'warning',
    title: 'Blocks CSS or JavaScript files (e.g. {example}) for {global, select, yes {crawlers without a group, Googlebot included} other {{who}}}.',
    google: 'Google needs stylesheets and scripts to render pages; blocked ones can hurt how pages are understood.',
    hint: 'Add allow rules longer than this one, such as “Allow: {prefix}*.css$” and “Allow: {prefix}*.js$”, or narrow the rule.',
  },
  'bom': {
    severity: 'info',
    title: 'The file starts with a byte-order mark.',
    google: 'Google skips it.',
    hint: 'Harmless; save as UTF-8 without BOM to be safe with other crawlers.',
  },
  'cr-line-endings': {
    severity: 'info',
    title: '{count, plural, one {# line break is a lone CR (old Mac style).} other {# line breaks are lone CRs (old Mac style).}}',
    google: 'Google accepts LF, CR and CRLF line breaks.',
    hint: 'Use LF or CRLF line endings for other tools.',
  },
  'no-user-agent': {
    severity: 'error',
    title: 'The file has rules but no user-agent line.',
    google: 'Rules outside a group belong to no crawler: Google ignores every rule.',
    hint: 'Start the file with “User-agent: *”.',
  },
  'path-unsendable': {
    severity: 'warning',
    title: '{kind, select, dots {The path holds a “.” or “..” segment.} other {The path holds {chars}, which crawlers never send as written.}}',
    google: '{kind, select, dots {Browsers and crawlers resolve “.” and “..” segments before they request a URL, so no URL they send contains one: the rule never matches.} other {Browsers and crawlers percent-encode these characters before they request a URL; Google compares the rule as written, so it matches no URL they send.}}',
    hint: 'Write “{rewrite}”.',
  },
  'order-matters': {
    severity: 'warning',
    title: 'Parsers that take the first matching rule read “{allow}” (line {allowLine}) as blocked: “{disallow}” on line {disallowLine} comes first.',
    google: 'Google takes the longest matching rule, so the allow decides for the URLs it matches; first-match parsers ({readers}) stop at the disallow.',
    hint: 'Put the Allow line above the Disallow line: every parser then reads it the same way.',
  },
  'wildcard-literal': {
    severity: 'info',
    title: 'To {readers}, “*” and “$” are plain characters.',
    google: 'Google reads them as wildcards; there this rule matches only URLs that hold its exact text.',
    hint: 'If those crawlers matter to you, add rules without wildcards for the paths you mean.',
  },
  'first-group-only': {
    severity: 'info',
    title: '{global, select, yes {Another * group (line {otherLine} comes first).} other {Another group for “{token}” (line {otherLine} comes first).}}',
    google: 'Google merges groups that name the same crawler; for {readers} only the first one counts, so this group’s rules do not apply there.',
    hint: 'Move these rules into the group on line {otherLine}.',
  },
  'substring-agent': {
    severity: 'info',
    title: 'Also applied to {crawlers} by {readers}.',
    google: 'Google applies a group only to the crawler it names; those parsers give it to any crawler whose name contains “{token}” (that has no group they find first).',
    hint: 'Give those crawlers groups of their own if they should read other rules.',
  },
  'blank-line-in-group': {
    severity: 'warning',
    title: 'A blank line inside a group.',
    google: 'Google and most parsers read the group across it; for {readers} a blank line ends the group, so {after, select, rules {the rules after it belong to no group there} other {the user-agent lines before it are dropped there}}.',
    hint: 'Remove the blank line.',
  },
  'crawl-delay-blocks': {
    severity: 'warning',
    title: 'A Crawl-delay of {seconds, number} seconds.',
    google: 'Google ignores Crawl-delay; to {readers} (Common Crawl’s CCBot, Apache Nutch) a delay over 300 seconds means “crawl nothing”.',
    hint: 'Use at most 300 seconds, or leave Crawl-delay out.',
  },
  'more-findings': {
    severity: 'info',
    title: '…and {count, number} more like this ({code}).',
    google: 'Only the first 500 findings of one kind are listed.',
    hint: 'Fix the pattern above; the rest follow.',
  },
} satisfies Record<string, FindingSpec>;

/** Every finding code. */
export type FindingCode = keyof typeof CATALOGUE;

/** Codes that need the whole file (not one line's reading): they come from `diagnose` only. */
export const FILE_WIDE_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  'shadowed-rule', 'duplicate-rule', 'merged-groups', 'blocks-css-js', 'bom', 'cr-line-endings', 'no-user-agent', 'more-findings',
  'ai-signal-outside-group', 'ai-signal-contradicts', 'pref-not-crawlable', 'pref-conflict',
  'ai-preference', 'ai-preference-invalid', 'pref-unknown-label', 'pref-unknown-signal',
  'order-matters', 'wildcard-literal', 'first-group-only', 'substring-agent', 'blank-line-in-group', 'crawl-delay-blocks',
]);

/** Every finding code, for documentation and tests. */
// Pure: a first screen that needs only a code set must not keep the whole catalogue for this line.
export const FINDING_CODES = /* @__PURE__ */ Object.keys(CATALOGUE) as FindingCode[];

/** A finding's worded parts, from the catalogue. */
export interface FindingText {
  readonly severity: Severity;
  readonly title: string;
  readonly google: string;
  readonly hint: string;
}

/** Words a finding in English from its code and arguments. */
export function wordFinding(code: FindingCode, args: FindingArgs): FindingText {
  const spec: FindingSpec = CATALOGUE[code];
  return { severity: spec.severity, title: formatIcu(spec.title, args), google: formatIcu(spec.google, args), hint: formatIcu(spec.hint, args) };
}

/** Every finding's templates as message ids (`finding.<code>.title|google|hint`) → English ICU text. */
export function findingMessages(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [code, spec] of Object.entries(CATALOGUE) as [FindingCode, FindingSpec][]) {
    out[`finding.${code}.title`] = spec.title;
    out[`finding.${code}.google`] = spec.google;
    out[`finding.${code}.hint`] = spec.hint;
  }
  return out;
}

/** The severity of a finding code. */
export function severityOf(code: FindingCode): Severity {
  return (CATALOGUE[code] as FindingSpec).severity;
}

const SEVERITY_RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

/** The most serious of some severities, or null for none. */
export function worstSeverity(list: Iterable<Severity>): Severity | null {
  let worst: Severity | null = null;
  for (const sev of list) if (worst === null || SEVERITY_RANK[sev] > SEVERITY_RANK[worst]) worst = sev;
  return worst;
}
