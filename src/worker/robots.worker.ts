/**
 * The analysis worker: parses and checks off the UI thread (the verdicts, and bulk lists in a
 * second instance). One handler per request type.
 */
import { Analyser } from './analyse.js';
import { RobotsParser } from '../robots/index.js';
import { runBulk } from './bulk.js';
import { reply, replyError, serve } from './serve.js';
import { TextMirror } from './text-sync.js';
import { bulkTransferables, transferables } from './protocol.js';

const analyser = new Analyser();
const bulkParser = new RobotsParser();
// The documents as the client sent them: whole at first, then edit by edit.
const analysedText = new TextMirror();
const bulkText = new TextMirror();
// The newest bulk request: an older run stops at its next chunk.
let latestBulk = 0;

serve({
  analyse(req) {
    const { text, edit } = analysedText.apply(req.text);
    const result = analyser.analyse({ ...req, text }, edit);
    reply(result, transferables(result.lines));
  },
  bulk(req) {
    latestBulk = req.id;
    const { text, edit } = bulkText.apply(req.text);
    void runBulk(
      { ...req, text },
      (done, total) => reply({ type: 'bulk-progress', id: req.id, done, total }),
      () => latestBulk !== req.id,
      undefined,
      undefined,
      (t) => bulkParser.parse(t, t === text ? edit : null),
    ).then(
      (result) => {
        if (result) reply(result, bulkTransferables(result));
      },
      (err: unknown) => replyError(req.id, err),
    );
  },
});
