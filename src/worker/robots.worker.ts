/**
 * The analysis worker: parses and checks off the UI thread (the verdicts). Bulk lists run in a
 * worker script of their own (bulk.worker.ts): the readers they can use stay out of this one,
 * which the first verdict waits for.
 */
import { Analyser } from './analyse.js';
import { reply, serve } from './serve.js';
import { TextMirror } from './text-sync.js';
import { transferables } from './protocol.js';

const analyser = new Analyser();
// The document as the client sent it: whole at first, then edit by edit.
const analysedText = new TextMirror();

serve({
  analyse(req) {
    const { text, edit } = analysedText.apply(req.text);
    const result = analyser.analyse({ ...req, text }, edit);
    reply(result, transferables(result.lines));
  },
});
