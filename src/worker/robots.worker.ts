/**
 * The analysis worker: parses and checks off the UI thread (the verdicts), and diagnoses the same
 * parse once typing pauses (its code loaded then), but for the findings the other readers' parses
 * decide: those the readers worker works out. Bulk lists run in a worker script of their own
 * (bulk.worker.ts): the readers they can use stay out of this one, which the first verdict waits for.
 */
import { Analyser } from './analyse.js';
import { queuedFirst } from './queued-first.js';
import { reply, replyError, serve } from './serve.js';
import { TextMirror } from './text-sync.js';
import { transferables } from './protocol.js';

const analyser = new Analyser();
// The document as the client sent it: whole at first, then edit by edit.
const analysedText = new TextMirror();
// The newest diagnosis asked for: an older one stops at its next pause.
let diagnosis = 0;

// A diagnosis's pause: the requests already queued for this worker (a keystroke's) run first.
const pause = queuedFirst();

let diagnostics: Promise<typeof import('./diagnose.js')> | null = null;

// The parse read only the edited lines: the new text is joined once the page has had a frame to
// show the answer in (the page's thread and this one share two cores on small machines), or by the
// next edit, whichever comes first.
const SETTLE_AFTER_MS = 20;
let settling: ReturnType<typeof setTimeout> | null = null;
const settleSoon = () => {
  if (settling !== null) clearTimeout(settling);
  settling = setTimeout(() => {
    settling = null;
    analysedText.settle();
  }, SETTLE_AFTER_MS);
};

serve({
  analyse(req) {
    const { text, edit } = analysedText.apply(req.text);
    const msg = analyser.answer({ ...req, text }, edit, req.text.kind === 'whole');
    try {
      reply(msg, transferables(msg.base === null ? msg.lines : msg.lines.rows));
    } catch (e) {
      // Not sent: the next answer must not build on it.
      analyser.forgetAnswer();
      throw e;
    }
    settleSoon();
  },
  diagnose(req) {
    diagnosis = req.id;
    const { text, edit } = analysedText.apply(req.text);
    const robots = analyser.parse(text, edit);
    // Stopped when no longer wanted: a newer diagnosis, or a text the next request changed.
    const stop = () => diagnosis !== req.id || analysedText.current !== text;
    diagnostics ??= import('./diagnose.js');
    diagnostics
      .then(({ diagnoseInSlices }) => diagnoseInSlices(robots, req.site, { stop, pause }))
      .then(
        (found) => reply({ type: 'diagnostics', id: req.id, revision: req.revision, diagnostics: found }),
        (err: unknown) => {
          // A chunk that failed to load is fetched again next time.
          diagnostics = null;
          replyError(req.id, err);
        },
      );
  },
});
