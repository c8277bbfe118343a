/**
 * Bulk checking: every URL of a list × every crawler (or reader), through the list checker, in
 * batches that yield so a newer request can cancel an older one. Results are compact typed arrays.
 */
import { checkList, ListChecker, parseRobotsTxt, readerName, resolveCrawler, type ListVersion, type ResolvedAgent, type RobotsTxt } from '../robots/index.js';
import { splitBulkUrls, type BulkRequest, type BulkResult } from './protocol.js';

/** The name a crawler's column is shown by: its profile's token, else the token read from the input. */
export function crawlerLabel(c: ResolvedAgent): string {
  return c.profile?.tokens[0] ?? c.profile?.name ?? c.tokens[0] ?? c.input;
}

/** Checks per batch between yields. */
const CHUNK = 20_000;

/**
 * Runs a bulk request; `cancelled()` is asked between batches. Resolves to null when cancelled.
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
  const crawlers = (readersMode ? req.crawlers.slice(0, 1) : req.crawlers).map(resolveCrawler);
  const versions: ListVersion[] = [{ text: req.text, status: req.status, robots: parse(req.text) }];
  if (req.compare !== null) versions.push({ text: req.compare, status: req.status });
  const checker = new ListChecker({ versions, crawlers, readers: readersMode ? req.readers : ['google'], site: req.site });
  const m = checker.columns.length;
  const total = urls.length * m;
  const out = versions.map(() => ({ verdict: new Uint8Array(total), line: new Int32Array(total) }));
  for await (const batch of checkList(checker, urls, { batchSize: Math.max(1, Math.floor(CHUNK / m)), versions: 'all' })) {
    batch.results.forEach((r, v) => {
      out[v]!.verdict.set(r.verdict, batch.start * m);
      out[v]!.line.set(r.line, batch.start * m);
    });
    const done = batch.start + batch.urls.length;
    if (done < urls.length) {
      onProgress(done * m * versions.length, total * versions.length);
      await yieldNow();
      if (cancelled()) return null;
    }
  }
  const disagree = new Uint8Array(readersMode ? urls.length : 0);
  const g = req.readers.indexOf('google');
  if (readersMode && g >= 0) {
    const { verdict } = out[0]!;
    for (let u = 0; u < urls.length; u++) {
      let n = 0;
      for (let c = 0; c < m; c++) if (c !== g && verdict[u * m + c] !== verdict[u * m + g]) n++;
      disagree[u] = n;
    }
  }
  const texts = (v: number) => {
    const lines: Record<number, string> = {};
    for (const l of out[v]!.line) if (l > 0 && !(l in lines)) lines[l] = checker.lineText(v, l);
    return lines;
  };
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
    crawlerLabels: readersMode ? req.readers.map(readerName) : crawlers.map(crawlerLabel),
    crawlers: readersMode ? req.readers.map(() => req.crawlers[0]!) : req.crawlers,
    crawlerGroups: checker.columns.map((_, c) => checker.columnGroup(c, 0)),
    readers: req.readers,
    disagree,
    lineTexts: texts(0),
    compareLineTexts: versions.length > 1 ? texts(1) : {},
    ms: now() - t0,
  };
}
