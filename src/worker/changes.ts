/** The Compare tab's work, as a pure function: the verdicts that change between two versions. */
import { resolveCrawler, verdictChanges, type RobotsTxt } from '../robots/index.js';
import { crawlerLabel } from './bulk.js';
import type { ChangesRequest, ChangesResult } from './protocol.js';

/**
 * Answers a ChangesRequest: the version compared with is before, the text after. Never throws for
 * any text or crawler. `robots`: the text's parse when the caller holds it.
 */
export function answerChanges(req: ChangesRequest, robots?: RobotsTxt): ChangesResult {
  const crawlers = req.crawlers.map(resolveCrawler);
  const { tried, changes } = verdictChanges({
    versions: [{ text: req.compare, status: req.status }, { text: req.text, status: req.status, ...(robots ? { robots } : {}) }],
    crawlers,
    site: req.site,
  }, req.urls);
  return {
    type: 'changes', id: req.id, revision: req.revision, tried, changes, crawlers: req.crawlers,
    crawlerLabels: crawlers.map(crawlerLabel),
  };
}
