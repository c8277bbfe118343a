/**
 * English, the first part: what the first verdict needs — the interface's own words (below) and
 * the engine's verdict wording (`verdictMessages()`); the rest loads right after it (en-more.ts).
 * The editor's words come from `editorMessages()`. Every other language translates exactly these
 * ids, split the same way (unit tests check the ids and the arguments match).
 */
import { verdictMessages } from '../../src/robots/index.js';
import type { Catalogue } from './index.js';

/** The interface's own words the first verdict needs, in English, by id (ICU MessageFormat). */
export const UI_MESSAGES = {
  'app.title': 'robots.txt tester',
  'app.tagline': 'Exactly as Google reads it · runs in your browser, nothing is uploaded',
  'app.editor-pane': 'robots.txt editor',
  'app.editor-loading': 'robots.txt (loading the editor)',
  'app.drop-hint': 'Drop a robots.txt or a saved test case',
  'app.language': 'Language',
  'app.opened': 'Opened “{name}”.',
  'app.opened-case': 'Opened the test case “{name}”.',

  'common.copy': 'Copy',
  'common.cancel': 'Cancel',
  'common.done': 'Done',
  'common.loading': 'Loading…',
  'common.checking': 'Checking…',
  'common.dismiss': 'Dismiss',
  'common.line': 'Line {line}',
  'common.empty': '(empty)',

  'file.too-large': '“{name}” is larger than 20 MB.',
  'file.unreadable': '“{name}” could not be read.',
  'file.binary': '“{name}” is {kind, select, png {a PNG image} jpeg {a JPEG image} gif {a GIF image} pdf {a PDF document} zip {a ZIP archive or Office document} gzip {a gzip archive} riff {a WebP or other RIFF file} ico {an ICO image} other {a binary file}}, not a robots.txt: nothing was opened, and your robots.txt stays as it was.',
  'file.not-case': '“{name}” is not a test case: {reason}',
  'link.problem': '{problem, select, not_json {The case is not valid JSON.} unknown_format {The link’s test case is not in a format this tester knows.} newer_version {The link was made by a newer version of this tester (format {version}).} bad_content {The link’s test case holds data this tester cannot read.} not_base64 {The link is damaged: its data is not valid base64.} too_large {The link unpacks to more than 2 MB; it was not opened.} corrupt {The link is damaged or cut short: its data cannot be unpacked.} not_utf8 {The link is damaged: its text is not UTF-8.} other {The case could not be read.}}',

  'notice.link-failed': 'This link could not be opened: {reason} Your last autosaved case is open instead.',
  'notice.link-failed-kept': 'This link could not be opened: {reason} Your case is unchanged.',
  'notice.autosave-failed': 'Autosave failed: the case is too large for the browser’s storage, or storage is disabled. Download the case to keep it.',
  'notice.bookmarklet-gone': 'This tab was opened for the bookmarklet, but the page that ran it is gone. Run the bookmarklet again.',
  'notice.bookmarklet-bad': 'The bookmarklet’s message was not usable (its robots.txt address, status or page). Nothing was opened.',
  'notice.fetch-redirected': 'Redirected to {to}; the rules apply to the URLs of {site}, the site asked for.',
  'notice.read-from-site': 'Read {url} from the site ({code, plural, =0 {network error} other {HTTP {code}}}). Your own draft is kept: “Back to my draft” returns to it.',
  'notice.fetched': 'Fetched {url}: HTTP {code}, {bytes, number} bytes. Your own draft is kept: “Back to my draft” returns to it.',
  'notice.fetch-bad-url': '“{url}” is not a web address to fetch a robots.txt from.',
  'notice.fetch-blocked': 'This page cannot read {url}: the site does not let other web pages read its robots.txt (most sites don’t), or it could not be reached. Two ways that need no server:',
  'notice.engine-restarted': '{reason, select, timeout {The analysis engine stopped responding and was restarted. Your text is safe.} other {The analysis engine crashed and was restarted. Your text is safe.}}',
  'notice.analysis-failed': 'The analysis failed: {message}',
  'notice.bulk-restarted': 'The bulk checker stopped responding and was restarted.',
  'notice.fixes-skipped': '{count, plural, one {# of the lines changed since it was checked and was left as it is.} other {# of the lines changed since they were checked and were left as they are.}}',
  'notice.new-file': 'Started a new robots.txt. Ctrl+Z in the editor brings back the previous text.',

  'fetch-help.bookmarklet-step': '1. Drag this link to your bookmarks bar, open any page of the site, and click it:',
  'fetch-help.bookmarklet': 'Test this site’s robots.txt',
  'fetch-help.curl-step': '2. Or save the file with this command, then drop it on the editor:',

  'share.new': 'New',
  'share.new-title': 'Start a new robots.txt?',
  'share.new-body': 'The text in the editor is replaced (Ctrl+Z in the editor brings it back). Save it first if you want to keep a copy.',
  'share.new-starter': 'Starter with comments',
  'share.new-blank': 'Blank file',
  'share.starter-comment': '# robots.txt — Google reads the first 500 KiB of this file.\n# Each line is "field: value"; a group starts with User-agent lines.',
  'share.open': 'Open…',
  'share.open-title': 'Open a robots.txt or a saved test case',
  'share.save': 'Save robots.txt',
  'share.download': 'Download case',
  'share.copy-link': 'Copy link',
  'share.link-copied': 'Link copied ✓',
  'share.link-copied-status': 'Link copied to the clipboard',
  'share.too-large-title': 'Too large for a link: download the case instead',
  'share.copy-this': 'Copy this link:',
  'share.too-large': 'This case is too large for a link ({mb, number, ::.0} MB): chat tools cut links over {limit, number} characters.',
  'share.long': 'This link is {length, number} characters: chat tools may cut links over {limit, number}.',
  'share.use-download': 'Use {download} and share the file instead.',

  'banner.label': 'Shared test case',
  'banner.text': 'You are viewing a shared test case. Your own draft is saved and untouched.',
  'banner.back': 'Back to my draft',
  'banner.keep': 'Keep this as my draft',

  'summary.bytes': '{count, plural, one {# byte} other {# bytes}}',
  'summary.lines': '{count, plural, one {# line} other {# lines}}',
  'summary.groups': '{count, plural, one {# group} other {# groups}}',
  'summary.rules': '{count, plural, one {# rule} other {# rules}}',
  'summary.ignored': '{count, number} ignored',
  'summary.over-limit': 'Over 500 KiB: Google ignores everything from line {line, number} on',
  'summary.share-of-limit': '{percent}% of the 500 KiB limit',

  'panel.label': 'Tests',
  'panel.views': 'Views',
  'tab.test': 'Test',
  'tab.bulk': 'Bulk',
  'tab.ai': 'AI access',
  'tab.diagnostics': '{count, plural, =0 {Diagnostics} other {Diagnostics (#)}}',
  'tab.sitemaps': '{count, plural, =0 {Site} other {Site (#)}}',
  'tab.compare': 'Compare',
  'tab.logs': 'Logs',

  'context.summary': '{set, select, yes {Site and fetch result · set} other {Site and fetch result}}',
  'context.fetch': 'Test a live site',
  'live.placeholder': 'example.com or https://example.com/robots.txt',
  'context.fetch-go': 'Fetch',
  'context.fetching': 'Fetching…',
  'context.site': 'Site (robots.txt URL or origin)',
  'context.status': 'robots.txt fetch returned',
  'context.hops': 'Hops',
  'status.option': '{status, select, s200 {200 OK — the rules apply} s301 {301/302 redirect} s404 {404 Not found} s401 {401 Unauthorized} s403 {403 Forbidden} s429 {429 Too many requests} s500 {500 Server error} s503 {503 Unavailable} other {Network error or timeout}}',

  'test.url': 'URL to test',
  'test.url-placeholder': 'https://example.com/page or /page',
  'test.add': '+ Add another URL',
  'test.tested-path': 'Tests the path {path}',
  'test.crawler': 'Crawler',
  'test.list': 'Test cases',
  'test.no-url': '(no URL)',
  'test.remove': 'Remove test {n, number}',
  'test.state': '{state, select, pending {…} invalid {No test} out_of_scope {Not covered} allowed {Allowed} other {Blocked}}',

  'picker.placeholder': 'Googlebot, or a full User-Agent string',
  'picker.show': 'Show crawlers',
  'picker.list': 'Crawlers',
  'picker.ai-heading': 'AI · {purpose}',
  'picker.ignores-robots': 'ignores robots.txt',
  'picker.ignores-star': 'ignores *',
  'picker.may-ignore': 'may ignore robots.txt',

  'verdict.allowed': 'Allowed',
  'verdict.blocked': 'Blocked',
  'verdict.may-crawl': '{crawler} may crawl {path}',
  'verdict.may-not-crawl': '{crawler} may not crawl {path}',
  'verdict.this-crawler': 'This crawler',
  'verdict.problem': '{problem, select, no_crawler {No crawler to test} unknown_profile {Unknown crawler} no_url {No URL to test} not_http {Not a web URL} relative_no_site {Relative URL: no site to resolve it} other {Not a valid URL}}',
  'verdict.out-of-scope': 'Not covered by this robots.txt',
  'verdict.governing': 'Test it against {url} instead.',
  'verdict.no-rule': 'No rule decided: {reason, select, no_matching_rule {no rule matches this URL} global_ignored {this crawler ignores the * group} other {no group applies to this crawler}}.',

  'why.heading': 'Why',
  'why.matches': 'Matching rules in the group',
  'why.column-line': 'Line',
  'why.column-rule': 'Rule',
  'why.column-length': 'Length',
  'why.decides': 'decides',
  'why.path-tested': 'Path tested: {path}',
} as const satisfies Record<string, string>;

const en: Catalogue = { ...verdictMessages(), ...UI_MESSAGES };

export default en;
