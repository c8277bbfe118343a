/**
 * The diagnostics worker: every finding of the file, off the UI thread and apart from the
 * analysis worker (whose script, needed for the first verdict, then carries no diagnostics code).
 */
import { diagnose, RobotsParser } from '../robots/index.js';
import { reply, serve } from './serve.js';
import { TextMirror } from './text-sync.js';

// This worker sees every version of the document: re-scan only what changed.
const parser = new RobotsParser();
// The document as the client sent it: whole at first, then edit by edit.
const mirror = new TextMirror();

serve({
  diagnose(req) {
    const { text, edit } = mirror.apply(req.text);
    reply({ type: 'diagnostics', id: req.id, revision: req.revision, diagnostics: diagnose(parser.parse(text, edit), { site: req.site || undefined }) });
  },
});
