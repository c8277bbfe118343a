/**
 * The bounds of one inventory run: caps on the Sitemap: lines read, the child sitemaps followed
 * and the URLs taken, sitemaps fetched a few at a time per host, and an overall deadline (the
 * caller's). A run past a cap stops there and says what it left out; what was read is audited.
 */

/** The run's caps and pace. */
export interface InventoryCaps {
  /** URLs the inventory takes in all: the reading stops at the first one past it. */
  readonly urls: number;
  /** Child sitemaps followed in all (those named past it are counted on their index, not read). */
  readonly childSitemaps: number;
  /** A robots.txt's Sitemap: lines read (the rest are counted, not read). */
  readonly sitemapLines: number;
  /** Sitemaps fetched at a time per host. */
  readonly perHost: number;
  /** The whole run's time, in milliseconds: the reading stops there. */
  readonly deadlineMs: number;
}

/**
 * The defaults: a 50,000 × 50,000 index stops at the URL cap within two minutes in under 400 MB;
 * a thousand Sitemap lines and ten thousand child sitemaps are more than the largest real sites
 * list (Google reads at most 50,000 sitemaps per index).
 */
export const INVENTORY_CAPS: InventoryCaps = { urls: 5_000_000, childSitemaps: 10_000, sitemapLines: 1_000, perHost: 4, deadlineMs: 600_000 };

/** What a run's bounds left out. */
export interface InventoryCut {
  /** Sitemap: lines past the cap, not read (counted by whoever made the lines into sources). */
  sitemapLines: number;
  /** Child sitemaps past the cap, not followed. */
  childSitemaps: number;
  /** The URL cap stopped the reading. */
  urls: boolean;
  /** The deadline stopped the reading. */
  deadline: boolean;
  /** Sources and child sitemaps not read at all once the reading stopped. */
  unread: number;
}

/** The caps of a run and what they cut, shared by every read of one inventory. */
export class InventoryBudget {
  readonly caps: InventoryCaps;
  readonly cut: InventoryCut = { sitemapLines: 0, childSitemaps: 0, urls: false, deadline: false, unread: 0 };
  private urlsTaken = 0;
  private childrenTaken = 0;

  constructor(caps: Partial<InventoryCaps> = {}) {
    this.caps = { ...INVENTORY_CAPS, ...caps };
  }

  /** True once a cap or the deadline stopped the reading. */
  get stopped(): boolean {
    return this.cut.urls || this.cut.deadline;
  }

  /** URLs taken so far. */
  get urls(): number {
    return this.urlsTaken;
  }

  /** How many of `n` new URLs the cap lets in; any past it stop the reading. */
  takeUrls(n: number): number {
    const k = Math.min(n, this.caps.urls - this.urlsTaken);
    this.urlsTaken += k;
    if (k < n) this.cut.urls = true;
    return k;
  }

  /** Whether one more child sitemap may be followed (one past the cap is counted as cut). */
  takeChild(): boolean {
    if (this.childrenTaken >= this.caps.childSitemaps) {
      this.cut.childSitemaps++;
      return false;
    }
    this.childrenTaken++;
    return true;
  }

  /** The first `caps.sitemapLines` of a robots.txt's Sitemap: line URLs; the rest are counted as cut. */
  sitemapLines(urls: readonly string[]): string[] {
    const kept = urls.slice(0, this.caps.sitemapLines);
    this.cut.sitemapLines += urls.length - kept.length;
    return kept;
  }

  /** Whether anything was left out. */
  get anyCut(): boolean {
    const c = this.cut;
    return c.sitemapLines > 0 || c.childSitemaps > 0 || c.urls || c.deadline || c.unread > 0;
  }
}
