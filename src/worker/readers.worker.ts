/**
 * The readers worker: how the other crawlers' parsers read the file, off the UI thread and apart
 * from the analysis worker (their parsers never sit on a keystroke's path).
 */
import { ReadersAnalyser } from './readers.js';
import { reply, serve } from './serve.js';
import { TextMirror } from './text-sync.js';

const analyser = new ReadersAnalyser();
// The document as the client sent it: whole at first, then edit by edit.
const mirror = new TextMirror();

serve({
  readers(req) {
    const { text, edit } = mirror.apply(req.text);
    reply(analyser.answer(req, text, edit));
  },
});
