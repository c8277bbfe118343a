/**
 * A bulk worker's first long list runs its checking code cold: V8 optimises the matcher only after
 * many checks (its optimising compile alone took 90–270 ms on a busy 2-core machine), so the first
 * 100,000 URLs ran mostly unoptimised. Checking a few thousand made-up URLs against the file while
 * the user picks a list has that code optimised before the list arrives; the answers are dropped.
 */
import type { RobotsTxt } from '../robots/index.js';
import { runBulk } from './bulk.js';
import type { CrawlerSpec } from './protocol.js';

/** How many made-up URLs a warm-up checks. */
const WARM_UP_URLS = 8000;
/** Made-up URLs checked between yields: a request that comes meanwhile waits for one slice at most. */
const SLICE = 1000;
/** The longest made-up path kept from a rule's pattern (a line may be 16 KB long). */
const PATH_CHARS = 200;
/** A run of this many rows (URLs × columns) has warmed the checking code as a warm-up does. */
export const WARM_UP_ROWS = WARM_UP_URLS;

/**
 * URLs shaped like the ones a list of this site holds: each rule's pattern as a path (wildcards as
 * a word, without its end anchor), also one level deeper and with a query, so checks walk the
 * file's indexes as a real list's do. A file without rules gives a few plain paths.
 */
export function warmUpUrls(robots: RobotsTxt, count = WARM_UP_URLS): string[] {
  const paths: string[] = [];
  for (const group of robots.groups) {
    for (const rule of group.rules) {
      if (paths.length * 3 >= count) break;
      const path = rule.pattern.slice(0, PATH_CHARS).replace(/\*/g, 'x').replace(/\$$/, '');
      paths.push(path.startsWith('/') ? path : `/${path}`);
    }
  }
  if (paths.length === 0) paths.push('/', '/a', '/a/b.html');
  const urls: string[] = [];
  for (let i = 0; urls.length < count; i++) {
    const path = paths[i % paths.length]!;
    const shape = Math.floor(i / paths.length) % 3;
    urls.push(`https://warm-up.invalid${shape === 0 ? path : shape === 1 ? `${path}x/y` : `${path}?q=${i}`}`);
  }
  return urls;
}

/**
 * Checks made-up URLs (warmUpUrls) against `robots` for `crawlers` as a run does, through runBulk
 * (the list as one text, split, checked in batches into the result's arrays), `parse` giving the
 * prepared parse; in slices, yielding between them, until done or `cancelled()` (a real run has
 * come). Resolves to how many rows it checked.
 */
export async function warmUp(
  robots: RobotsTxt, crawlers: readonly CrawlerSpec[], parse: (text: string) => RobotsTxt, cancelled: () => boolean = () => false,
  yieldNow: () => Promise<void> = () => new Promise((r) => setTimeout(r, 0)),
): Promise<number> {
  if (crawlers.length === 0) return 0;
  const urls = warmUpUrls(robots);
  let rows = 0;
  for (let at = 0; at < urls.length && !cancelled(); at += SLICE) {
    const result = await runBulk(
      { type: 'bulk', id: -1, revision: 0, text: robots.text, urls: urls.slice(at, at + SLICE).join('\n'), crawlers, site: '', status: { kind: 'http', code: 200 }, compare: null, readers: [] },
      () => {}, cancelled, yieldNow, undefined, parse,
    );
    rows += result?.verdict.length ?? 0;
    await yieldNow();
  }
  return rows;
}
