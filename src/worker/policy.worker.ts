/**
 * The AI access worker: composes a policy's edit and checks the result off the UI thread (a check
 * of every AI crawler over the sample URLs parses the file twice).
 */
import { answerPolicy } from './policy.js';
import { reply, serve } from './serve.js';
import { TextMirror } from './text-sync.js';

// The document as the client sent it: whole at first, then edit by edit.
const mirror = new TextMirror();

serve({
  policy(req) {
    const { text } = mirror.apply(req.text);
    reply(answerPolicy(req, text));
  },
});
