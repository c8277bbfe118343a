/**
 * The enforcement export, proven on the real servers: Debian's nginx, Apache (mod_rewrite), Caddy
 * and HAProxy run on 127.0.0.1 with the generated rules, and every AI crawler's real User-Agent
 * (`user-agents.ts`, each with its source), one made from the token for a crawler with no published
 * string, real browsers' strings and look-alikes are sent over targets derived from the file
 * (`probe-urls.ts`). Every answer must be the engine's verdict: 403 exactly where the file blocks a
 * crawler the policy names (Google's reading of the User-Agent and the URL); 200 for everything
 * else, browsers and `/robots.txt` always. The Cloudflare expression is evaluated by
 * `cloudflare-reader.ts` on the same requests. A server whose binary is missing is skipped with a
 * message (.ci/run installs all four).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_CRAWLERS, composeAiPolicy, createChecker, parseRobotsTxt, planPolicyEnforcement, serverRules, writtenName,
  type AiPolicy, type CrawlerProfile, type EnforcementPlan, type RobotsTxt,
} from '../../src/robots/index.js';
import { evaluateCloudflare, parseCloudflare } from './cloudflare-reader.js';
import { sendAll, type RawRequest } from './pipelined-client.js';
import { probeTargets } from './probe-urls.js';
import { BINARIES, serverVersion, startServer, type LocalServer, type RunningServer } from './real-servers.js';
import { BROWSER_USER_AGENTS, CRAWLER_USER_AGENTS, LOOKALIKE_USER_AGENTS, type UserAgentSample } from './user-agents.js';

/** A real file, the policy applied to it, and the status refusals get. */
interface Run {
  readonly file: string;
  readonly policy: AiPolicy;
  readonly status: number;
}

const NO_TRAINING_SEARCH_PATHS: AiPolicy = {
  purposes: { training: { mode: 'block' }, search: { mode: 'paths', paths: ['/members/', '/*?session=', '/café/', '/a%c3%a9b$'] }, user: { mode: 'allow' } },
};

const RUNS: readonly Run[] = [
  { file: 'theatlantic.com.txt', policy: NO_TRAINING_SEARCH_PATHS, status: 403 },
  { file: 'typo3-webroot.txt', policy: { purposes: { training: { mode: 'paths', paths: ['/*.pdf$', '/fileadmin/'] }, search: { mode: 'allow' }, user: { mode: 'block' } } }, status: 403 },
  { file: 'wiki.osmfoundation.org.txt', policy: { purposes: { training: { mode: 'block' }, search: { mode: 'paths', paths: ['/wiki/Special:'] } }, overrides: { 'oai-searchbot': { mode: 'block' } } }, status: 451 },
];

const SERVERS: readonly LocalServer[] = ['nginx', 'apache', 'caddy', 'haproxy'];

/** A User-Agent sent, and the crawler it belongs to (its token, lower case; '' for none). */
interface Sent {
  readonly sample: UserAgentSample;
  readonly crawler: string;
  readonly kind: 'crawler' | 'made' | 'browser' | 'lookalike';
}

/** The User-Agents sent: real crawlers', one from the token for each covered crawler without one, browsers', look-alikes. */
function userAgents(covered: ReadonlyMap<string, string>): Sent[] {
  const real = CRAWLER_USER_AGENTS.map((sample) => ({ sample, crawler: sample.crawler.toLowerCase(), kind: 'crawler' as const }));
  const named = new Set(real.map((r) => r.crawler));
  const made = [...covered].filter(([t]) => !named.has(t)).map(([t, written]) => ({
    sample: { ua: `Mozilla/5.0 (compatible; ${written}/1.0; +https://example.com/bot)`, source: 'made from the token: no published string found' },
    crawler: t,
    kind: 'made' as const,
  }));
  const other = (kind: 'browser' | 'lookalike') => (sample: UserAgentSample) => ({ sample, crawler: '', kind });
  return [...real, ...made, ...BROWSER_USER_AGENTS.map(other('browser')), ...LOOKALIKE_USER_AGENTS.map(other('lookalike'))];
}

/** One request with the answer the engine says it must get. */
interface Probe extends RawRequest {
  readonly refused: boolean;
  readonly kind: Sent['kind'];
}

/** The crawlers the export covers: the policy's, less those it says it cannot (token, lower case → profile). */
function coveredCrawlers(plan: EnforcementPlan, targets: ReadonlyMap<string, unknown>): Map<string, CrawlerProfile> {
  const left = new Set(plan.notes.filter((n) => n.code === 'control-tokens' || n.code === 'no-token' || n.code === 'ignores-robots-txt').flatMap((n) => n.crawlers));
  return new Map(AI_CRAWLERS.filter((c) => targets.has(c.id) && !left.has(c.id)).map((c) => [writtenName(c).toLowerCase(), c]));
}

const isRobotsTxt = (target: string) => target.split('?')[0] === '/robots.txt';

/**
 * Every User-Agent over every target, with the engine's answer for the crawler it belongs to:
 * refused ⇔ the policy covers that crawler and the file blocks it there (and it is not /robots.txt).
 */
function probes(robots: RobotsTxt, covered: ReadonlyMap<string, CrawlerProfile>): Probe[] {
  const out: Probe[] = [];
  const targets = probeTargets(robots);
  const names = new Map([...covered].map(([t, c]) => [t, writtenName(c)]));
  for (const { sample, crawler, kind } of userAgents(names)) {
    const profile = covered.get(crawler);
    const check = profile ? createChecker(robots, profile) : null;
    for (const target of targets) {
      out.push({ target, userAgent: sample.ua, kind, refused: check !== null && !isRobotsTxt(target) && !check(`https://example.com${target}`).allowed });
    }
  }
  return out;
}

/** The disagreements between the answers and the engine, as plain data (the first few), and the counts. */
function compare(list: readonly Probe[], refused: readonly boolean[]) {
  const wrong = list.flatMap((p, i) => (refused[i] === p.refused ? [] : [{ ua: p.userAgent, target: p.target, engine: p.refused ? 'refused' : 'passed', server: refused[i] ? 'refused' : 'passed' }]));
  const robotsTxt = list.filter((p, i) => isRobotsTxt(p.target) && !refused[i]).length;
  return {
    requests: list.length,
    agree: list.length - wrong.length,
    refused: refused.filter(Boolean).length,
    browsersRefused: list.filter((p, i) => p.kind === 'browser' && refused[i]).length,
    lookalikesRefused: list.filter((p, i) => p.kind === 'lookalike' && refused[i]).length,
    robotsTxtReachable: `${robotsTxt}/${list.filter((p) => isRobotsTxt(p.target)).length}`,
    // The first few, and how many for each User-Agent.
    wrong: wrong.slice(0, 5),
    wrongByAgent: Object.fromEntries([...new Set(wrong.map((w) => w.ua))].map((ua) => [ua, wrong.filter((w) => w.ua === ua).length])),
  };
}

const percent = (agree: number, total: number) => `${((100 * agree) / total).toFixed(1)} %`;

for (const run of RUNS) {
  describe(`the server rules agree with the engine: ${run.file}, status ${run.status}`, () => {
    const text = readFileSync(new URL(`./fixtures/${run.file}`, import.meta.url), 'utf8');
    const composed = composeAiPolicy(text, run.policy);
    const robots = parseRobotsTxt(composed.text);
    const plan = planPolicyEnforcement(robots, composed.targets);
    const covered = coveredCrawlers(plan, composed.targets);
    const list = probes(robots, covered);
    const dir = mkdtempSync(join(tmpdir(), 'robots-txt-servers-'));
    // Apache's children run as nobody when the test runs as root: they must reach their directory.
    chmodSync(dir, 0o755);
    const running = new Map<LocalServer, RunningServer>();

    beforeAll(async () => {
      await Promise.all(SERVERS.filter((s) => serverVersion(s) !== null).map(async (s) => {
        running.set(s, await startServer(s, serverRules(plan, s, { status: run.status }).text, join(dir, s)));
      }));
    }, 60_000);
    afterAll(async () => {
      await Promise.all([...running.values()].map((r) => r.stop()));
      rmSync(dir, { recursive: true, force: true });
    });

    it('the test data: each real string holds its crawler’s token as a whole word, and browsers and look-alikes name no covered crawler', () => {
      const whole = (ua: string, token: string) => new RegExp(`(?:^|[^A-Za-z_-])${token.replace(/[.]/g, '\\.')}(?:[^A-Za-z_-]|$)`, 'i').test(ua);
      for (const s of CRAWLER_USER_AGENTS) expect(whole(s.ua, s.crawler), s.ua).toBe(true);
      for (const s of [...BROWSER_USER_AGENTS, ...LOOKALIKE_USER_AGENTS]) expect([...covered.keys()].filter((t) => whole(s.ua, t)), s.ua).toEqual([]);
      expect(plan.sets.length).toBeGreaterThan(0);
      expect(list.some((p) => p.refused) && list.some((p) => !p.refused && p.kind === 'crawler')).toBe(true);
    });

    for (const server of SERVERS) {
      const version = serverVersion(server);
      (version === null ? it.skip : it.concurrent)(`${server}${version ? ` (${version})` : ` — skipped: ${BINARIES[server]} is not installed (apt-get install ${server === 'apache' ? 'apache2' : server})`}: every answer is the engine's`, async () => {
        const port = running.get(server)!.port;
        const statuses = await sendAll(port, list);
        const unexpected = [...new Set(statuses.filter((s) => s !== 200 && s !== run.status))];
        expect(unexpected, 'statuses other than 200 and the refusal').toEqual([]);
        const result = compare(list, statuses.map((s) => s === run.status));
        console.log(`${server}: ${percent(result.agree, result.requests)} agreement (${result.agree.toLocaleString('en')} of ${result.requests.toLocaleString('en')} requests; ${result.refused.toLocaleString('en')} refused; browsers refused ${result.browsersRefused}; /robots.txt 200 ${result.robotsTxtReachable})`);
        expect(result.wrongByAgent).toEqual({});
        expect([result.browsersRefused, result.lookalikesRefused]).toEqual([0, 0]);
      }, 60_000);
    }

    it('Cloudflare: the expression, read by the Rules-language reader, gives every answer the engine gives', () => {
      const expression = serverRules(plan, 'cloudflare').text.trim();
      const tree = parseCloudflare(expression);
      const refused = list.map((p) => evaluateCloudflare(tree, { userAgent: p.userAgent, target: p.target }));
      const result = compare(list, refused);
      console.log(`cloudflare (${expression.length.toLocaleString('en')} characters): ${percent(result.agree, result.requests)} agreement (${result.agree.toLocaleString('en')} of ${result.requests.toLocaleString('en')} requests; ${result.refused.toLocaleString('en')} refused; browsers refused ${result.browsersRefused}; /robots.txt passed ${result.robotsTxtReachable})`);
      expect(result.wrongByAgent).toEqual({});
      expect(result.browsersRefused).toBe(0);
    });
  });
}
