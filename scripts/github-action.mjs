#!/usr/bin/env node
/**
 * The body of the repository's GitHub Action (action.yml): reads the action's inputs from the
 * environment (ROBOTS, EXPECTATIONS, CRAWLERS, USER_AGENTS, READERS, LIVE_URL, URLS, SITE), runs
 * `check --expect` and/or `diff <live> <robots>` with argument arrays (no shell, so no input is
 * ever run as a command), and exits with the worst code of the runs (2 > 1 > 0). The CLI it runs
 * is RTT_CLI (a path to lib/cli.js: the tests), else `npx --yes robots-txt-tester@RTT_VERSION`.
 */
import { spawnSync } from 'node:child_process';

const env = process.env;
/** An input's entries: one per line or comma-separated, trimmed, empty ones dropped. */
const list = (name) => (env[name] ?? '').split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
/** A user-agent input: one per line (a full User-Agent string holds commas). */
const lines = (name) => (env[name] ?? '').split('\n').map((s) => s.trim()).filter(Boolean);
const one = (name) => (env[name] ?? '').trim();

function fail(message) {
  process.stderr.write(`::error title=robots-txt-tester action::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
  process.exit(2);
}

const robots = one('ROBOTS');
if (robots === '') fail('the input "robots" is required: the path of the robots.txt in the repository');
const expectations = one('EXPECTATIONS');
const live = one('LIVE_URL');
if (expectations === '' && live === '') fail('give "expectations" (a CSV of url, crawler, expected), "live-url" (the live robots.txt to diff against), or both');

const crawlerArgs = [];
for (const c of list('CRAWLERS')) {
  if (c === 'all-google' || c === 'all-ai') crawlerArgs.push(`--${c}`);
  else crawlerArgs.push('--crawler', c);
}
for (const ua of lines('USER_AGENTS')) crawlerArgs.push('--ua', ua);
if (crawlerArgs.length === 0) crawlerArgs.push('--crawler', 'googlebot');
const readerArgs = list('READERS').flatMap((r) => (r === 'all' ? ['--all-readers'] : ['--reader', r]));
const siteArgs = one('SITE') ? ['--site', one('SITE')] : [];

const cli = one('RTT_CLI');
const version = one('RTT_VERSION') || 'latest';
/** Runs the CLI with `args`; its output goes straight to the job log. Returns its exit code. */
function run(args) {
  const [command, lead] = cli ? [process.execPath, [cli]] : ['npx', ['--yes', `robots-txt-tester@${version}`]];
  process.stdout.write(`::group::robots-txt-tester ${args.map((a) => (/[\s"'$]/.test(a) ? JSON.stringify(a) : a)).join(' ')}\n`);
  const r = spawnSync(command, [...lead, ...args], { stdio: 'inherit' });
  process.stdout.write('::endgroup::\n');
  if (r.error) fail(`cannot run the CLI: ${r.error.message}`);
  return r.status ?? 2;
}

let worst = 0;
if (expectations !== '') {
  worst = Math.max(worst, run(['check', robots, '--expect', expectations, ...crawlerArgs, ...readerArgs, ...siteArgs]));
}
if (live !== '') {
  const urls = one('URLS') || expectations;
  if (urls === '') fail('"live-url" needs the URLs to compare: "urls" (one per line, or a CSV with a url column) or "expectations"');
  worst = Math.max(worst, run(['diff', live, robots, '--urls', urls, ...crawlerArgs, ...readerArgs, ...siteArgs]));
}
process.exit(worst > 2 ? 2 : worst);
