/** `robots-txt-tester ai-policy`: writes what AI crawlers may do into a robots.txt, and checks the result. */
import { AI_PROFILE_IDS, DIRECTORY_PROFILE_IDS, policyFrom, runAiPolicy } from '../ai-policy.js';
import { writeFileAtomic } from '../atomic-write.js';
import { CliError } from '../cli-error.js';
import { defineCommand } from '../command.js';
import { FORMAT_OPTIONS, formatOf, readRobots, readText, SITE_OPTION, siteOf } from '../options/index.js';
import { describeFetch, EDIT_LIMIT, isRemote } from '../source.js';

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
  --format <text|json>   --json is short for --format json
  --help, -h             this help
AI profiles: ${AI_PROFILE_IDS.join(', ')}
Listed by a directory only: ${DIRECTORY_PROFILE_IDS.join(', ')}`,
  options: {
    train: { type: 'string' }, search: { type: 'string' }, user: { type: 'string' }, control: { type: 'string' },
    override: { type: 'string', multiple: true }, 'content-signal': { type: 'boolean' }, 'content-usage': { type: 'boolean' },
    urls: { type: 'string' }, ...SITE_OPTION, write: { type: 'boolean' }, ...FORMAT_OPTIONS,
  },

  async run({ values, positionals }) {
    const format = formatOf(values);
    if (format === 'csv') throw new CliError('--format takes text or json for ai-policy');
    const [file, ...extra] = positionals;
    if (file === undefined) throw new CliError('missing the robots.txt file (or - for standard input)');
    if (extra.length > 0) throw new CliError(`one file at a time: ${JSON.stringify(extra[0])}`);
    const policy = policyFrom(values);
    if (typeof policy === 'string') throw new CliError(policy);
    const local = file !== '-' && !isRemote(file);
    if (values.write && !local) throw new CliError('--write writes a local file: give its path');
    const urls = values.urls ? readText(values.urls, 'URL list').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#')) : [];
    const src = await readRobots(file, 10_000, EDIT_LIMIT);
    if (src.fetch) process.stderr.write(`robots-txt-tester: ${describeFetch(src.fetch)}\n`);
    const run = runAiPolicy(src.text, policy, urls, siteOf(values.site) ?? src.fetch?.url);
    process.stdout.write(format === 'json' ? JSON.stringify(run.json) + '\n' : run.report);
    if (values.write) {
      if (!run.check.ok) process.stderr.write(`robots-txt-tester: the check failed: ${file} was not written\n`);
      else if (run.changed) {
        // A write that fails (a full disk) throws its CliError: exit 2, the file unchanged.
        writeFileAtomic(file, run.text);
        process.stderr.write(`robots-txt-tester: wrote ${file}\n`);
      }
    }
    return run.check.ok ? 0 : 1;
  },
});
