/**
 * Wires the store, the analysis worker and the editor together (no React here).
 */
import type { EditorView } from '@codemirror/view';
import { setAnalysis, revealLine } from '../src/editor/index.js';
import { createTesterStore, initialState, testCases, type TesterStore } from '../src/store/index.js';
import { RobotsWorkerClient, type AnalysisResult, type WorkerLike } from '../src/worker/index.js';
import sample from '../public/samples/shop-robots.txt?raw';

/** The running tester: store, worker client and (once mounted) the editor view. */
export interface Tester {
  readonly tester: TesterStore;
  readonly client: RobotsWorkerClient;
  attachEditor(view: EditorView | null): void;
  reveal(line: number): void;
}

function spawnWorker(): WorkerLike {
  return new Worker(new URL('../src/worker/robots.worker.ts', import.meta.url), { type: 'module', name: 'robots-analysis' }) as WorkerLike;
}

function editorAnalysis(result: AnalysisResult) {
  const v = result.verdicts[0];
  return {
    lines: result.lines,
    winnerLine: v?.line ?? 0,
    winnerAllow: v?.rule?.allow ?? true,
    appliedGroups: v && (v.group.kind === 'specific' || v.group.kind === 'global') ? v.group.groups : [],
  };
}

/** Creates the tester with the sample case. */
export function createTester(): Tester {
  const tester = createTesterStore(
    initialState(sample, 'https://www.example-shop.com/checkout/payment?step=2', 'Googlebot', { kind: 'text', value: 'Googlebot' }),
  );
  let view: EditorView | null = null;
  const pushToEditor = (result: AnalysisResult | null) => {
    if (view && result) view.dispatch({ effects: setAnalysis.of(editorAnalysis(result)) });
  };
  const client = new RobotsWorkerClient(spawnWorker, {
    onResult(result) {
      tester.applyResult(result);
      // Async results are dropped when the document changed meanwhile.
      if (tester.store.getState().result === result) pushToEditor(result);
    },
    onRestart(reason) {
      tester.setNotice({
        kind: 'warning',
        text: reason === 'timeout'
          ? 'The analysis engine stopped responding and was restarted. Your text is safe.'
          : 'The analysis engine crashed and was restarted. Your text is safe.',
      });
    },
    onError(message) {
      tester.setNotice({ kind: 'error', text: `The analysis failed: ${message}` });
    },
  });
  let sent = 0;
  const request = () => {
    const s = tester.store.getState();
    if (s.revision === sent) return;
    sent = s.revision;
    client.analyse(s.revision, s.doc, testCases(s));
  };
  tester.store.subscribe(request);
  request();
  return {
    tester,
    client,
    attachEditor(v) {
      view = v;
      pushToEditor(tester.store.getState().result);
    },
    reveal(line) {
      if (view) revealLine(view, line);
    },
  };
}
