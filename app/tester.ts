/**
 * Wires the store, the analysis worker and the editor together (no React here).
 */
import type { EditorAnalysis } from '../src/editor/analysis-field.js';
import type { Diagnostic, LineFix } from '../src/robots/index.js';
import type { TestCaseState } from '../src/share/index.js';
import { createTesterStore, editsSince, initialState, testCases, type CaseOrigin, type TesterState, type TesterStore } from '../src/store/index.js';
import { BulkWorkerClient, DiagnosticsWorkerClient, RobotsWorkerClient, splitBulkUrls, type AnalysisResult, type WorkerLike } from '../src/worker/index.js';

/** What the tester needs from the editor (kept abstract so CodeMirror can load lazily). */
export interface EditorAdapter {
  /** Shows a new analysis (null: unchanged) and diagnostics (null: unchanged). */
  show(analysis: EditorAnalysis | null, diagnostics: readonly Diagnostic[] | null): void;
  reveal(line: number): void;
  /** Applies one-click repairs as one undoable edit; returns how many applied. */
  fix(requests: readonly { line: number; fix: LineFix; lineText: string }[]): number;
}

/** The running tester: store, worker client and (once mounted) the editor. */
export interface Tester {
  readonly tester: TesterStore;
  readonly client: RobotsWorkerClient;
  readonly bulk: BulkWorkerClient;
  attachEditor(editor: EditorAdapter | null): void;
  reveal(line: number): void;
  /** Applies repairs in the editor (0 when no editor is mounted). */
  fix(requests: readonly { line: number; fix: LineFix; lineText: string }[]): number;
}

/** How long typing pauses before the bulk list re-runs against the edited file. */
const BULK_AFTER_EDIT_MS = 250;

/** Starts a worker; its name tells the three apart in the browser's tools (and in e2e hooks). */
function spawnWorker(name: 'robots-analysis' | 'robots-bulk' | 'robots-diagnostics'): () => WorkerLike {
  return () => new Worker(new URL('../src/worker/robots.worker.ts', import.meta.url), { type: 'module', name }) as WorkerLike;
}

function editorAnalysis(result: AnalysisResult, active: number): EditorAnalysis {
  const v = result.verdicts[active];
  return {
    lines: result.lines,
    winnerLine: v?.line ?? 0,
    winnerAllow: v?.rule?.allow ?? true,
    appliedGroups: v && (v.group.kind === 'specific' || v.group.kind === 'global') ? v.group.groups : [],
  };
}

/** Creates the tester opening `initial`. */
export function createTester(initial: TestCaseState, origin: CaseOrigin): Tester {
  const tester = createTesterStore(initialState(initial, origin));
  let view: EditorAdapter | null = null;
  let pushed: { result: AnalysisResult; active: number } | null = null;
  let pushedDiagnostics: unknown = null;
  const pushToEditor = (s: TesterState) => {
    // Async results are dropped when the document changed meanwhile (s.result is null then).
    if (!view || !s.result) return;
    let analysis: EditorAnalysis | null = null;
    let diagnostics: readonly Diagnostic[] | null = null;
    if (!pushed || pushed.result !== s.result || pushed.active !== s.active) {
      pushed = { result: s.result, active: s.active };
      analysis = editorAnalysis(s.result, s.active);
    }
    if (s.result.diagnostics && s.result.diagnostics !== pushedDiagnostics) {
      pushedDiagnostics = s.result.diagnostics;
      diagnostics = s.result.diagnostics;
    }
    if (analysis || diagnostics) view.show(analysis, diagnostics);
  };
  const client = new RobotsWorkerClient(spawnWorker('robots-analysis'), {
    onResult: (result) => tester.applyResult(result),
    onRestart(reason) {
      tester.setNotice({ kind: 'warning', message: { id: 'notice.engine-restarted', args: { reason } } });
    },
    onError(message) {
      tester.setNotice({ kind: 'error', message: { id: 'notice.analysis-failed', args: { message } } });
    },
  });
  const bulk = new BulkWorkerClient(spawnWorker('robots-bulk'), {
    onProgress: (done, total) => tester.setBulkProgress(total > 0 ? done / total : 0),
    onResult: (result) => {
      if (sentUrls && sentUrls.revision === result.revision) tester.applyBulk(result, sentUrls.urls);
    },
    onRestart: () => tester.setNotice({ kind: 'warning', message: { id: 'notice.bulk-restarted' } }),
  });
  const diagnostics = new DiagnosticsWorkerClient(spawnWorker('robots-diagnostics'), (d) => tester.applyDiagnostics(d));
  let sent = 0;
  let sentSite: string | null = null;
  let sentBulk = 0;
  // The list each bulk run was asked for: the table shows results against exactly these URLs.
  let sentUrls: { revision: number; urls: string[] } | null = null;
  let bulkTimer: ReturnType<typeof setTimeout> | null = null;
  // The bulk revision the timer waits to run (0: none).
  let bulkWaiting = 0;
  // The text revision the last bulk run was asked for: a newer one is an edit.
  let bulkDocRevision = 0;
  const runBulk = (s: TesterState) => {
    bulkTimer = null;
    bulkWaiting = 0;
    if (s.bulkRevision === sentBulk || s.result === null) return;
    sentBulk = s.bulkRevision;
    bulkDocRevision = s.docRevision;
    if (s.bulkUrls.trim() !== '') {
      const crawlers = s.bulkCrawlers.length > 0 ? s.bulkCrawlers : [s.tests[s.active]!.crawler];
      sentUrls = { revision: s.bulkRevision, urls: splitBulkUrls(s.bulkUrls) };
      // A progress bar only for runs long enough to need one (the worker reports per 20,000 checks).
      if (sentUrls.urls.length * crawlers.length > 20_000) tester.setBulkProgress(0);
      bulk.run({ revision: s.bulkRevision, text: s.doc, urls: s.bulkUrls, crawlers, site: s.site, status: s.status, compare: s.compare });
    } else {
      tester.clearBulk();
    }
  };
  // The text revision the workers were last told of: each change reaches every worker as edits.
  let seenDoc = 0;
  const onChange = (s: TesterState) => {
    const docChanged = s.docRevision !== seenDoc;
    if (docChanged) {
      const edits = editsSince(s, seenDoc);
      seenDoc = s.docRevision;
      client.textChanged(edits);
      bulk.textChanged(edits);
      diagnostics.textChanged(edits);
    }
    if (s.revision !== sent) {
      sent = s.revision;
      client.analyse(s.revision, s.doc, testCases(s), s.site, s.status);
    }
    if (docChanged || s.site !== sentSite) {
      sentSite = s.site;
      diagnostics.diagnose(s.docRevision, s.doc, s.site);
    }
    // After an edit, the bulk list re-runs once the verdict is in and typing has paused: a run
    // per keystroke would take a core from the next keystroke. A new list or crawler runs at once.
    if (s.bulkRevision !== sentBulk && s.bulkRevision !== bulkWaiting && s.result !== null) {
      if (bulkTimer) clearTimeout(bulkTimer);
      bulkTimer = null;
      bulkWaiting = 0;
      if (s.docRevision !== bulkDocRevision && sentBulk !== 0) {
        bulkWaiting = s.bulkRevision;
        bulkTimer = setTimeout(() => runBulk(tester.store.getState()), BULK_AFTER_EDIT_MS);
      } else {
        runBulk(s);
      }
    }
    pushToEditor(s);
  };
  tester.store.subscribe(onChange);
  onChange(tester.store.getState());
  return {
    tester,
    client,
    bulk,
    attachEditor(v) {
      view = v;
      pushed = null;
      pushedDiagnostics = null;
      pushToEditor(tester.store.getState());
    },
    reveal(line) {
      view?.reveal(line);
    },
    fix(requests) {
      return view ? view.fix(requests) : 0;
    },
  };
}
