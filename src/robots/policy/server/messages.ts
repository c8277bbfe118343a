/**
 * How an export's notes and the servers' names are worded (English ICU templates; the app
 * translates the same ids, the configurations' comments and the CLI say them in English).
 */
import type { ServerNote } from './types.js';

/** The message ids and English templates of the enforcement export. */
export function serverMessages(): Record<string, string> {
  return {
    'server.name': '{server, select, nginx {nginx} apache {Apache (mod_rewrite)} caddy {Caddy} haproxy {HAProxy} cloudflare {Cloudflare (WAF custom rule)} other {}}',
    'server.note': '{code, select, '
      + 'covers {Refuses {crawlers} with status {status} exactly where the file blocks them as Google reads it: {count, plural, one {# rule} other {# rules}}, the longest first and Allow before Disallow on a tie, matched against the path and query as the crawler sends them. Each crawler is known by its product token in the User-Agent, in any case and as a whole word (never a piece of a longer name). /robots.txt always stays reachable.} '
      + 'nothing {The policy names no crawler that the file blocks anywhere: there is nothing for the server to refuse.} '
      + 'allowed_everywhere {The file allows {crawlers} everywhere: the server lets them through.} '
      + 'control_tokens {Not covered: {crawlers} never fetch (control tokens), so no server sees them.} '
      + 'no_token {Not covered: {crawlers} have no robots.txt token; they send a browser’s User-Agent, so no rule here can tell them apart.} '
      + 'ignores_robots_txt {Not covered: {crawlers} ignore robots.txt by design.} '
      + 'unnameable {Google’s parser cannot name {crawlers}: the server refuses them where the * group blocks them, as Google reads the file.} '
      + 'may_ignore {Enforced even though their operators say they may not obey robots.txt: {crawlers}.} '
      + 'spoofing {Not covered: a crawler that sends a browser’s User-Agent or another crawler’s name. A User-Agent naming two of these crawlers is read for the longer name, as the tester reads it.} '
      + 'encoded_slash {Apache answers 404 to a path with an encoded slash (%2F), which a rule here names, unless AllowEncodedSlashes is NoDecode or On.} '
      + 'cloudflare_regex {The expression finds product tokens with the matches operator (regular expressions), which Cloudflare offers on Business and Enterprise plans.} '
      + 'too_long {The expression is {count, number} characters long; Cloudflare accepts at most 4,096 in one rule.} '
      + 'other {}}',
  };
}

/** A note's arguments for `server.note`: its code as a select key, the crawlers' names, its count, the status. */
export function serverNoteArgs(note: ServerNote, nameOf: (id: string) => string, status: number): Record<string, string | number> {
  return { code: note.code.replace(/-/g, '_'), crawlers: note.crawlers.map(nameOf).join(', '), count: note.count ?? note.crawlers.length, status };
}
