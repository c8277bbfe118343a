/**
 * The readers worker: how the other crawlers' parsers read the file, off the UI thread and apart
 * from the analysis worker (their parsers never sit on a keystroke's path): the chips' answers,
 * and the findings the readers' parses decide, both worked out in slices.
 */
import { queuedFirst } from './queued-first.js';
import { ReadersAnalyser } from './readers.js';
import { reply, serve } from './serve.js';
import { runInSlices } from './slices.js';
import { TextMirror } from './text-sync.js';

const analyser = new ReadersAnalyser();
// The document as the client sent it: whole at first, then edit by edit.
const mirror = new TextMirror();
// The newest request for findings, and for the chips: an older one stops at its next pause.
let findings = 0;
let chips = 0;
// Between slices of either, the requests already queued run first (a chips request waits behind no findings).
const pause = queuedFirst();

serve({
  readers(req, { signal }) {
    chips = req.id;
    const { text, edit } = mirror.apply(req.text);
    // Stopped when no longer wanted: the page cancelled it (its text changed), asked again, or a text another request changed.
    const stop = () => signal.aborted || chips !== req.id || mirror.current !== text;
    return runInSlices(analyser.answerInSteps(req, text, edit), { stop, pause }).then((answer) => {
      if (answer) reply(answer);
    });
  },
  'reader-findings'(req, { signal }) {
    findings = req.id;
    const { text, edit } = mirror.apply(req.text);
    // Stopped when no longer wanted: the page cancelled it, a newer request for findings, or a text another request changed.
    const stop = () => signal.aborted || findings !== req.id || mirror.current !== text;
    return runInSlices(analyser.findings(text, edit), { stop, pause })
      .then((found) => reply({ type: 'reader-findings', id: req.id, revision: req.revision, diagnostics: found }));
  },
});
