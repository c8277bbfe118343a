/** A real-shaped access log for the logs tests: real crawlers' User-Agents, a browser's, robots.txt fetches, around a change of the file. */
import { UA } from './test-agents.js';

/** Agents as a log mixes them: crawlers, one bot in two spellings, a fetcher that ignores robots.txt, a browser, no agent. */
export const LOG_AGENTS = [UA.googlebot, UA.image, UA.gptbot, UA.chatgpt, UA.bing, UA.mj12, 'mj12bot/1.0', UA.feed, UA.browser, '-'];
/** Paths as a log mixes them. */
export const LOG_PATHS = ['/', '/robots.txt', '/private/a', '/private/b?x=1', '/new/page', '/new/other', '/blog/post', '/p.pdf', '/search?q=a'];
/** The live file of the test log, since CHANGE; BEFORE it, the earlier one. */
export const LOG_CHANGE = Date.UTC(2025, 2, 10);
export const LOG_LIVE = 'User-agent: *\nDisallow: /private/\nDisallow: /new/\n\nUser-agent: GPTBot\nDisallow: /\n';
export const LOG_BEFORE = 'User-agent: *\nDisallow: /private/\n';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number) => String(n).padStart(2, '0');

/** A combined log line at `time`. */
export function combinedLine(ip: string, time: number, target: string, agent: string): string {
  const d = new Date(time);
  const date = `${p2(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0000`;
  return `${ip} - - [${date}] "GET ${target} HTTP/1.1" 200 512 "-" "${agent}"`;
}

/** `count` lines in time order over the three days either side of LOG_CHANGE, the same for the same seed. */
export function testLogLines(count: number, seed = 1): string[] {
  let s = seed >>> 0 || 1;
  const next = (n: number) => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return (s >>> 8) % n;
  };
  const start = LOG_CHANGE - 3 * 86_400_000;
  const step = Math.floor((6 * 86_400_000) / Math.max(1, count));
  return Array.from({ length: count }, (_, i) => combinedLine(`66.249.66.${1 + next(200)}`, start + i * step, LOG_PATHS[next(LOG_PATHS.length)]!, LOG_AGENTS[next(LOG_AGENTS.length)]!));
}
