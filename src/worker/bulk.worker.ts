/**
 * The bulk worker: every URL of a list × every crawler (or reader), in chunks a newer list
 * cancels; and the verdicts that change between the text and the version compared with. A
 * script of its own, so the readers it may use never weigh on the first verdict.
 */
import { prepareChecks, resolveCrawler, RobotsParser } from '../robots/index.js';
import { runBulk } from './bulk.js';
import { answerChanges } from './changes.js';
import { bulkTransferables } from './protocol.js';
import { reply, replyError, serve } from './serve.js';
import { TextMirror } from './text-sync.js';
import { warmUp, WARM_UP_ROWS } from './warm-up.js';

const parser = new RobotsParser();
// The document as the client sent it: whole at first, then edit by edit.
const text = new TextMirror();
// The newest bulk request: an older run stops at its next chunk.
let latest = 0;
// Once a long list has run (or a warm-up has begun), the checking code is optimised: no warm-up is needed again.
let warm = false;

serve({
  bulk(req) {
    latest = req.id;
    const { text: doc, edit } = text.apply(req.text);
    void runBulk(
      { ...req, text: doc },
      (done, total) => reply({ type: 'bulk-progress', id: req.id, done, total }),
      () => latest !== req.id,
      undefined,
      undefined,
      (t) => parser.parse(t, t === doc ? edit : null),
    ).then(
      (result) => {
        if (result && result.verdict.length >= WARM_UP_ROWS) warm = true;
        if (result) reply(result, bulkTransferables(result));
      },
      (err: unknown) => replyError(req.id, err),
    );
  },
  'bulk-prepare'(req) {
    const { text: doc, edit } = text.apply(req.text);
    const robots = parser.parse(doc, edit);
    const crawlers = req.crawlers.map(resolveCrawler);
    // The parse keeps what this prepares (its MatchState), which the run's parse of the same text hands on.
    for (const c of crawlers) prepareChecks(robots, c);
    reply({ type: 'bulk-prepared', id: req.id });
    // Once per worker, in slices that a list picked meanwhile stops (it runs warm enough by then).
    if (!warm) {
      warm = true;
      const at = latest;
      // A warm-up that fails leaves the code as cold as before, and answers nothing.
      warmUp(robots, req.crawlers, (t) => parser.parse(t, null), () => latest !== at).catch(() => undefined);
    }
  },
  changes(req) {
    const { text: doc, edit } = text.apply(req.text);
    reply(answerChanges({ ...req, text: doc }, parser.parse(doc, edit)));
  },
});
