/**
 * Bulk checking: every URL of a list × every crawler, in chunks that yield so a newer request can
 * cancel an older one. Results are compact typed arrays.
 */
import {
  chooseGroups, createChecker, parseRobotsTxt, prepareChecks, readerAgent, readerName, readerUrl, readWith, resolveCrawler, type QuickVerdict,
  type ResolvedAgent, type RobotsTxt,
} from '../robots/index.js';
import { BulkVerdict, splitBulkUrls, type BulkRequest, type BulkResult } from './protocol.js';

/** The group a crawler follows in `robots`, in words. */
function groupLabel(robots: RobotsTxt, agent: ResolvedAgent): string {
  if (agent.ignoresRobotsTxt) return 'ignores robots.txt';
  const g = chooseGroups(robots, agent);
  const lines = g.groups.map((i) => robots.groups[i]!.firstLine).join(', ');
  if (g.kind === 'specific') return `${g.token} (line ${lines})`;
  if (g.kind === 'global') return `* (line ${lines})`;
  return g.kind === 'global-ignored' ? '* ignored (special-case crawler)' : 'none';
}

/** The text of each distinct deciding line of `lines`. */
function textsOf(robots: RobotsTxt, lines: Int32Array): Record<number, string> {
  const out: Record<number, string> = {};
  for (const l of lines) {
    if (l > 0 && !(l in out)) out[l] = robots.text.slice(robots.lines.from[l - 1], robots.lines.to[l - 1]).trim();
  }
  return out;
}

/**
 * A bulk checker reading as `reader` does; the test's validity, scope and fetch result are
 * Google's checker's (they do not depend on the parser), the verdict and line the reader's.
 */
function readerChecker(reader: Parameters<typeof readWith>[0], text: string, agent: ResolvedAgent, google: (url: string) => QuickVerdict, site: string | undefined) {
  const read = readWith(reader, text);
  const ua = readerAgent(agent);
  return (url: string): QuickVerdict => {
    const g = google(url);
    if (!g.valid || !g.inScope) return g;
    const v = read(ua, readerUrl(url, site));
    return v.reason === 'unparsable' ? { ...g, allowed: false, line: 0, valid: false } : { ...g, allowed: v.allowed, line: v.line };
  };
}

/** Checks per chunk between yields. */
const CHUNK = 20_000;
// A list this long checks each crawler's rules more often than indexing them costs.
const BULK_INDEX_AT_ONCE = 64;

/**
 * Runs a bulk request; `cancelled()` is asked between chunks. Resolves to null when cancelled.
 * `parse` reads the document (a RobotsParser's, to re-scan only what changed since the last run).
 */
export async function runBulk(
  req: BulkRequest,
  onProgress: (done: number, total: number) => void,
  cancelled: () => boolean,
  yieldNow: () => Promise<void> = () => new Promise((r) => setTimeout(r, 0)),
  now: () => number = () => performance.now(),
  parse: (text: string) => RobotsTxt = parseRobotsTxt,
): Promise<BulkResult | null> {
  const t0 = now();
  const urls = splitBulkUrls(req.urls);
  const readersMode = req.readers.length > 0;
  // Readers mode: the first crawler, once per reader (Google's column is the one the others are told apart from).
  const crawlers = (readersMode ? req.readers.map(() => req.crawlers[0]!) : req.crawlers).map(resolveCrawler);
  const m = crawlers.length;
  const total = urls.length * m;
  const versions: RobotsTxt[] = [parse(req.text)];
  if (req.compare !== null) versions.push(parseRobotsTxt(req.compare));
  const out = versions.map(() => ({ verdict: new Uint8Array(total), line: new Int32Array(total) }));
  let done = 0;
  for (let v = 0; v < versions.length; v++) {
    const { verdict, line } = out[v]!;
    for (let c = 0; c < m; c++) {
      if (urls.length >= BULK_INDEX_AT_ONCE) prepareChecks(versions[v]!, crawlers[c]!);
      const options = { status: req.status, site: req.site || undefined };
      const google = createChecker(versions[v]!, crawlers[c]!, options);
      const reader = readersMode ? req.readers[c]! : 'google';
      const check = reader === 'google' ? google : readerChecker(reader, v === 0 ? req.text : req.compare!, crawlers[c]!, google, options.site);
      for (let u = 0; u < urls.length; u++) {
        const i = u * m + c;
        const q = check(urls[u]!);
        verdict[i] = !q.valid ? BulkVerdict.Invalid : !q.inScope ? BulkVerdict.OutOfScope : q.allowed ? BulkVerdict.Allowed : BulkVerdict.Blocked;
        line[i] = q.line;
        if (++done % CHUNK === 0) {
          onProgress(done, total * versions.length);
          await yieldNow();
          if (cancelled()) return null;
        }
      }
    }
  }
  const disagree = new Uint8Array(readersMode ? urls.length : 0);
  if (readersMode) {
    const { verdict } = out[0]!;
    const g = req.readers.indexOf('google');
    for (let u = 0; u < urls.length; u++) {
      const base = g >= 0 ? verdict[u * m + g] : undefined;
      let n = 0;
      for (let c = 0; c < m; c++) if (c !== g && base !== undefined && verdict[u * m + c] !== base) n++;
      disagree[u] = n;
    }
  }
  return {
    type: 'bulk-result',
    id: req.id,
    revision: req.revision,
    urlCount: urls.length,
    crawlerCount: m,
    verdict: out[0]!.verdict,
    line: out[0]!.line,
    compareVerdict: out[1]?.verdict ?? new Uint8Array(0),
    compareLine: out[1]?.line ?? new Int32Array(0),
    crawlerLabels: readersMode ? req.readers.map(readerName) : crawlers.map((c) => c.profile?.tokens[0] ?? c.profile?.name ?? c.tokens[0] ?? c.input),
    crawlers: readersMode ? req.readers.map(() => req.crawlers[0]!) : req.crawlers,
    crawlerGroups: crawlers.map((c) => groupLabel(versions[0]!, c)),
    readers: req.readers,
    disagree,
    lineTexts: textsOf(versions[0]!, out[0]!.line),
    compareLineTexts: versions[1] ? textsOf(versions[1], out[1]!.line) : {},
    ms: now() - t0,
  };
}
