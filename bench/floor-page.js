// The floor page for `npm run bench`: a bare CodeMirror editor whose every change goes to a worker
// that answers at once. Its keystroke → answer latency is what any CodeMirror + worker design pays
// in this browser before doing any work (bundled by bench/floor.mjs; not part of the app).
import { basicSetup, EditorView } from 'codemirror';

const worker = new Worker(URL.createObjectURL(new Blob(['onmessage = (e) => postMessage(e.data);'], { type: 'text/javascript' })));
const answer = document.getElementById('answer');
let revision = 0;
worker.onmessage = (e) => answer.setAttribute('data-revision', String(e.data));
window.__floor = {
  revision: () => revision,
  load(text) {
    window.view = new EditorView({
      parent: document.getElementById('editor'),
      doc: text,
      extensions: [basicSetup, EditorView.updateListener.of((u) => {
        if (u.docChanged) worker.postMessage(++revision);
      })],
    });
  },
};
