/// <reference lib="webworker" />
/**
 * The analysis worker: parses and checks off the UI thread. One handler per request type.
 */
import { Analyser } from './analyse.js';
import { diagnose, RobotsParser } from '../robots/index.js';
import { runBulk } from './bulk.js';
import { TextMirror } from './text-sync.js';
import { bulkTransferables, transferables, type WorkerRequest, type WorkerResponse } from './protocol.js';

declare const self: DedicatedWorkerGlobalScope;

const analyser = new Analyser();
// The diagnostics worker sees every version of the document too: re-scan only what changed.
const diagnosticsParser = new RobotsParser();
const bulkParser = new RobotsParser();
// The documents as the client sent them: whole at first, then edit by edit.
const analysedText = new TextMirror();
const diagnosedText = new TextMirror();
const bulkText = new TextMirror();
// The newest bulk request: an older run stops at its next chunk.
let latestBulk = 0;

function reply(msg: WorkerResponse, transfer: Transferable[] = []): void {
  self.postMessage(msg, transfer);
}

const handlers: { [K in WorkerRequest['type']]: (req: Extract<WorkerRequest, { type: K }>) => void } = {
  analyse(req) {
    const { text, edit } = analysedText.apply(req.text);
    const result = analyser.analyse({ ...req, text }, edit);
    reply(result, transferables(result.lines));
  },
  diagnose(req) {
    const { text, edit } = diagnosedText.apply(req.text);
    reply({ type: 'diagnostics', id: req.id, revision: req.revision, diagnostics: diagnose(diagnosticsParser.parse(text, edit), { site: req.site || undefined }) });
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
      (err: unknown) => reply({ type: 'error', id: req.id, error: { name: 'Error', message: String(err) } }),
    );
  },
};

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  try {
    const handle = handlers[req.type] as ((r: WorkerRequest) => void) | undefined;
    // Messages of other kinds (the end-to-end tests' own hooks) are not for this handler.
    if (handle) handle(req);
  } catch (err) {
    const error = err instanceof Error ? { name: err.name, message: err.message } : { name: 'Error', message: String(err) };
    reply({ type: 'error', id: req.id, error });
  }
};
