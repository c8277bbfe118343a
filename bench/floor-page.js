// The comparison pages for `npm run bench` (bundled by bench/floor.mjs; not part of the app), timed
// exactly like the app:
// - `?mode=echo`: a bare CodeMirror editor whose every change goes to a worker that answers at
//   once — what any CodeMirror + worker design pays in this browser before doing any work;
// - `?mode=broadcast`: the same, the worker answering on a BroadcastChannel as the app's analysis
//   worker does (Chromium does not hold those answers until the frame after a keypress);
// - `?mode=naive`: the naive page — the whole text re-parsed on the main thread once per
//   animation frame, the verdict written in that frame.
import { basicSetup, EditorView } from 'codemirror';
import { checkUrl, parseRobotsTxt } from '../src/robots/index.ts';

const mode = new URLSearchParams(location.search).get('mode') ?? 'echo';
const answer = document.getElementById('answer');
let revision = 0;
let onChange;
if (mode === 'naive') {
  let frame = 0;
  onChange = (view) => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const verdict = checkUrl(parseRobotsTxt(view.state.doc.toString()), 'Googlebot', 'https://www.example-shop.com/typed-path/x');
      answer.textContent = `${verdict.allowed ? 'Allowed' : 'Disallowed'} by line ${verdict.line}`;
      answer.setAttribute('data-revision', String(revision));
    });
  };
} else if (mode === 'broadcast') {
  const worker = new Worker(URL.createObjectURL(new Blob(['let out; onmessage = (e) => { if (out) out.postMessage(e.data); else out = new BroadcastChannel(e.data); };'], { type: 'text/javascript' })));
  const name = `floor-${Math.random()}`;
  const replies = new BroadcastChannel(name);
  worker.postMessage(name);
  replies.onmessage = (e) => answer.setAttribute('data-revision', String(e.data));
  onChange = () => worker.postMessage(revision);
} else {
  const worker = new Worker(URL.createObjectURL(new Blob(['onmessage = (e) => postMessage(e.data);'], { type: 'text/javascript' })));
  worker.onmessage = (e) => answer.setAttribute('data-revision', String(e.data));
  onChange = () => worker.postMessage(revision);
}
window.__floor = {
  revision: () => revision,
  load(text) {
    window.view = new EditorView({
      parent: document.getElementById('editor'),
      doc: text,
      extensions: [basicSetup, EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        revision++;
        onChange(u.view);
      })],
    });
  },
};
