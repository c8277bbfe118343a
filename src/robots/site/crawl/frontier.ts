/**
 * The crawl's frontier: the URLs waiting to be fetched, one queue per host, each host asked at
 * most once per interval (its requests per second), the hosts taken in turn. Redirect targets go
 * ahead of their host's queue, so a chain is followed through before the next page. Pure: the
 * time comes in.
 */

/** A URL waiting to be fetched. */
export interface FrontierEntry {
  /** Its record in the crawl. */
  readonly id: number;
  readonly url: string;
  /** Links followed from the start (or a sitemap) to reach it. */
  readonly depth: number;
  /** Redirects followed to reach it. */
  readonly hops: number;
}

interface HostQueue {
  readonly ahead: FrontierEntry[];
  readonly queue: FrontierEntry[];
  head: number;
  /** When the host may be asked again. */
  nextAt: number;
}

/** What the frontier gives when asked: a URL to fetch now, the time until one may be, or nothing left. */
export type FrontierTake = { readonly entry: FrontierEntry } | { readonly waitMs: number } | null;

const hostOf = (url: string): string => {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url);
  return m ? m[1]!.toLowerCase() : '';
};

/** The frontier (see the module's comment). */
export class CrawlFrontier {
  private readonly hosts = new Map<string, HostQueue>();
  /** Hosts in the order they are taken. */
  private order: string[] = [];
  private turn = 0;
  private count = 0;

  /** `intervalMs`: the least time between two requests to one host (1000 / requests per second). */
  constructor(private readonly intervalMs: number) {}

  /** URLs waiting. */
  get size(): number {
    return this.count;
  }

  /** Queues `entry`; `ahead`: before the host's other URLs (a redirect's target). */
  push(entry: FrontierEntry, ahead = false): void {
    const host = hostOf(entry.url);
    let q = this.hosts.get(host);
    if (!q) {
      q = { ahead: [], queue: [], head: 0, nextAt: 0 };
      this.hosts.set(host, q);
      this.order.push(host);
    }
    (ahead ? q.ahead : q.queue).push(entry);
    this.count++;
  }

  /** The next URL whose host may be asked at `now`, else how long until one may be; null when none waits. */
  take(now: number): FrontierTake {
    if (this.count === 0) return null;
    let soonest = Infinity;
    for (let k = 0; k < this.order.length; k++) {
      const i = (this.turn + k) % this.order.length;
      const q = this.hosts.get(this.order[i]!)!;
      const waiting = q.ahead.length + q.queue.length - q.head;
      if (waiting === 0) continue;
      if (q.nextAt > now) {
        soonest = Math.min(soonest, q.nextAt - now);
        continue;
      }
      const entry = q.ahead.length > 0 ? q.ahead.shift()! : q.queue[q.head++]!;
      if (q.head > 1024 && q.head * 2 > q.queue.length) {
        q.queue.splice(0, q.head);
        q.head = 0;
      }
      q.nextAt = now + this.intervalMs;
      this.turn = i + 1;
      this.count--;
      return { entry };
    }
    return { waitMs: soonest };
  }

  /** Empties the frontier: the URLs never fetched, in queue order. */
  drain(): FrontierEntry[] {
    const out: FrontierEntry[] = [];
    for (const host of this.order) {
      const q = this.hosts.get(host)!;
      out.push(...q.ahead, ...q.queue.slice(q.head));
    }
    this.hosts.clear();
    this.order = [];
    this.count = 0;
    return out;
  }
}
