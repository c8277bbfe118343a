/** `robots-txt-tester ai-policy`: writes what AI crawlers may do into a robots.txt, and checks the result. */
import { AI_PROFILE_IDS, DIRECTORY_PROFILE_IDS, policyFrom, runAiPolicy, runServerExport, serverFrom } from '../ai-policy.js';
import { isRefusalStatus, SERVER_KINDS } from '../../robots/index.js';
import { writeFileAtomic } from '../atomic-write.js';
import { CliError } from '../cli-error.js';
import { defineCommand } from '../command.js';
import { FORMAT_OPTIONS, formatOf, readRobots, readText, SITE_OPTION, siteOf } from '../options/index.js';
import { writeOut } from '../output.js';
import { describeFetch, EDIT_LIMIT, isRemote } from '../source.js';
import { terminalText, writeMessage } from '../terminal.js';

/** `ai-policy`. */
export const aiPolicyCommand = defineCommand({
  name: 'ai-policy',
  help: `Usage: robots-txt-tester ai-policy <robots.txt> [choices] [options]

Writes what AI crawlers may do into the file: reuses a crawler's own group, takes it out of a group
it shares, keeps the rules the file gives a crawler unless the policy overrides them (a crawler that
followed * gets the * rules that still bind it) and lists every rule it drops or replaces, keeps
comments and order, and never changes the rules of Google Search's or other search engines' crawlers.
Agents with no robots.txt token (ChatGPT Agent, Google-Agent…) are never written: a note says so. Prints the diff and notes, then
checks the result with Google's reading: every AI crawler must have the chosen verdict on every
sample URL, and no other crawler's verdict may change.
Exit code 0 when the check passes, 1 when it fails (nothing is written then), 2 on bad input.

Choices (each: keep, allow = as the rest of the site, block = everywhere, or /a/,/b/ = block these paths):
  --train <choice>       AI training: the crawlers that collect training data (GPTBot, ClaudeBot,
                         CCBot, …) and the training-control tokens, which never fetch but say whether
                         what their operator's other crawlers fetch may train its models
                         (Google-Extended, Applebot-Extended)
  --search <choice>      AI search and answers (OAI-SearchBot, PerplexityBot, Claude-SearchBot, …)
  --user <choice>        fetches a user asked for (ChatGPT-User, Perplexity-User, …); changed only
                         when given
  --control <choice>     the training-control tokens apart from --train (an override for each)
  --override <id>=<choice>  one crawler's choice (repeat as you like); a name only a directory lists
                         (no operator page) is written only when named here
Options:
  --content-signal       also state it as a Content-Signal line (Cloudflare's Content Signals)
  --content-usage        also state it as Content-Usage lines (IETF AI preferences:
                         draft-ietf-aipref-attach-05 with draft-ietf-aipref-vocab-08)
  --urls <file>          more URLs to check on (the site's root and every rule's path always are)
  --site <url>           the site the URLs are on
  --write                write the new file in place (a local file only; not when the check fails)
  --server <name>        also the same policy enforced at the web server: rules for nginx, apache,
                         caddy, haproxy or cloudflare that refuse exactly the requests the new file
                         blocks for these crawlers (known by their product token in the User-Agent);
                         /robots.txt stays reachable. The rules go to standard output, the report to
                         standard error (with --json, both in one object)
  --status <code>        the status refused requests get with --server (a 4xx; 403 by default)
  --format <text|json>   --json is short for --format json
  --help, -h             this help
AI profiles: ${AI_PROFILE_IDS.join(', ')}
Listed by a directory only: ${DIRECTORY_PROFILE_IDS.join(', ')}`,
  options: {
    train: { type: 'string' }, search: { type: 'string' }, user: { type: 'string' }, control: { type: 'string' },
    override: { type: 'string', multiple: true }, 'content-signal': { type: 'boolean' }, 'content-usage': { type: 'boolean' },
    urls: { type: 'string' }, ...SITE_OPTION, write: { type: 'boolean' }, server: { type: 'string' }, status: { type: 'string' }, ...FORMAT_OPTIONS,
  },

  async run({ values, positionals }) {
    const format = formatOf(values);
    if (format === 'csv') throw new CliError('--format takes text or json for ai-policy');
    const [file, ...extra] = positionals;
    if (file === undefined) throw new CliError('missing the robots.txt file (or - for standard input)');
    if (extra.length > 0) throw new CliError(`one file at a time: ${JSON.stringify(extra[0])}`);
    const policy = policyFrom(values);
    if (typeof policy === 'string') throw new CliError(policy);
    const server = values.server === undefined ? null : serverFrom(values.server);
    if (values.server !== undefined && server === null) throw new CliError(`--server takes ${SERVER_KINDS.join(', ')}, not ${JSON.stringify(values.server)}`);
    const status = values.status === undefined ? 403 : Number(values.status);
    if (values.status !== undefined && (server === null || !isRefusalStatus(status))) throw new CliError(`--status takes a 4xx status with --server, not ${JSON.stringify(values.status)}`);
    const local = file !== '-' && !isRemote(file);
    if (values.write && !local) throw new CliError('--write writes a local file: give its path');
    const urls = values.urls ? readText(values.urls, 'URL list').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#')) : [];
    const src = await readRobots(file, 10_000, EDIT_LIMIT);
    if (src.fetch) writeMessage(describeFetch(src.fetch));
    const run = runAiPolicy(src.text, policy, urls, siteOf(values.site) ?? src.fetch?.url);
    if (server === null) {
      await writeOut(format === 'json' ? JSON.stringify(run.json) + '\n' : run.report);
    } else {
      // The rules alone on standard output, ready for a file; what the edit and the rules say, on standard error.
      const rules = runServerExport(run.text, policy, server, status);
      if (format === 'json') {
        await writeOut(JSON.stringify({ ...run.json, server: rules.json }) + '\n');
      } else {
        process.stderr.write(run.report);
        // A configuration says what it covers in its comments; a Cloudflare expression has none.
        if (server === 'cloudflare') process.stderr.write(terminalText(rules.notes.map((n) => `note: ${n}`)));
        await writeOut(rules.exported.text);
      }
    }
    if (values.write) {
      if (!run.check.ok) writeMessage(`the check failed: ${file} was not written`);
      else if (run.changed) {
        // A write that fails (a full disk) throws its CliError: exit 2, the file unchanged.
        writeFileAtomic(file, run.text);
        writeMessage(`wrote ${file}`);
      }
    }
    return run.check.ok ? 0 : 1;
  },
});
