/**
 * Wires the store, the analysis worker and the editor together (no React here).
 */
import type { EditorAnalysis } from '../src/editor/analysis-field.js';
import { READER_IDS, type Diagnostic, type LineFix, type TextEdit } from '../src/robots/index.js';
import type { TestCaseState } from '../src/share/index.js';
import { shallow } from 'zustand/shallow';
import { createPolicyStore, createTesterStore, editsSince, initialState, testCases, type CaseOrigin, type TesterStore } from '../src/store/index.js';
import {
  BulkWorkerClient, DiagnosticsWorkerClient, PolicyWorkerClient, ReadersWorkerClient, RobotsWorkerClient, splitBulkUrls, withBroadcastReplies, type AnalysisResult, type WorkerLike,
} from '../src/worker/index.js';

/** What the tester needs from the editor (kept abstract so CodeMirror can load lazily). */
export interface EditorAdapter {
  /** Shows a new analysis (null: unchanged) and diagnostics (null: unchanged). */
  show(analysis: EditorAnalysis | null, diagnostics: readonly Diagnostic[] | null): void;
  reveal(line: number): void;
  /** Applies one-click repairs as one undoable edit; returns how many applied. */
  fix(requests: readonly { line: number; fix: LineFix; lineText: string }[]): number;
  /** Applies edits of `base` as one undoable edit; false when the document is no longer `base`. */
  edit(base: string, edits: readonly TextEdit[]): boolean;
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
  /** The AI access tab's worker (started when the tab first asks). */
  readonly policy: PolicyWorkerClient;
  /** The AI access tab's form and the worker's latest answer. */
  readonly policyStore: ReturnType<typeof createPolicyStore>;
  /** Applies edits of `base` in the editor as one undoable edit (false when it changed meanwhile or no editor is mounted). */
  edit(base: string, edits: readonly TextEdit[]): boolean;
}

/** How long typing pauses before the bulk list re-runs against the edited file. */
const BULK_AFTER_EDIT_MS = 250;

// Each worker is named for the browser's tools (and the e2e hooks). Bulk, diagnostics and readers
// have scripts of their own, loaded when first used: the first verdict waits for none of them.
// The analysis worker answers on a BroadcastChannel: a verdict is not held until the frame after
// the keystroke is drawn (bulk and diagnostics are not keystroke-bound and transfer their arrays).
const spawnAnalysis = (): WorkerLike =>
  withBroadcastReplies(new Worker(new URL('../src/worker/robots.worker.ts', import.meta.url), { type: 'module', name: 'robots-analysis' }) as WorkerLike);
const spawnBulk = (): WorkerLike =>
  new Worker(new URL('../src/worker/bulk.worker.ts', import.meta.url), { type: 'module', name: 'robots-bulk' }) as WorkerLike;
const spawnDiagnostics = (): WorkerLike =>
  new Worker(new URL('../src/worker/diagnostics.worker.ts', import.meta.url), { type: 'module', name: 'robots-diagnostics' }) as WorkerLike;
const spawnPolicy = (): WorkerLike =>
  new Worker(new URL('../src/worker/policy.worker.ts', import.meta.url), { type: 'module', name: 'robots-policy' }) as WorkerLike;
const spawnReaders = (): WorkerLike =>
  new Worker(new URL('../src/worker/readers.worker.ts', import.meta.url), { type: 'module', name: 'robots-readers' }) as WorkerLike;

/** The readers shown beside Google's verdict. */
const OTHER_READERS = READER_IDS.filter((r) => r !== 'google');

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
  const { store } = tester;
  let view: EditorAdapter | null = null;
  const client = new RobotsWorkerClient(spawnAnalysis, {
    onResult: (result) => tester.applyResult(result),
    onRestart(reason) {
      tester.setNotice({ kind: 'warning', message: { id: 'notice.engine-restarted', args: { reason } } });
    },
    onError(message) {
      tester.setNotice({ kind: 'error', message: { id: 'notice.analysis-failed', args: { message } } });
    },
  });
  // The list each bulk run was asked for: the table shows results against exactly these URLs.
  let bulkAsked: { revision: number; urls: string[] } | null = null;
  const bulk = new BulkWorkerClient(spawnBulk, {
    onProgress: (done, total) => tester.setBulkProgress(total > 0 ? done / total : 0),
    onResult: (result) => {
      if (bulkAsked && bulkAsked.revision === result.revision) tester.applyBulk(result, bulkAsked.urls);
    },
    onRestart: () => tester.setNotice({ kind: 'warning', message: { id: 'notice.bulk-restarted' } }),
  });
  const diagnostics = new DiagnosticsWorkerClient(spawnDiagnostics, (d) => tester.applyDiagnostics(d));
  // The readers' answer is for the test that was active when it was asked.
  let readersAsked = { revision: 0, active: 0 };
  const policyStore = createPolicyStore();
  // The answer is kept only for the document it was composed on.
  const policy = new PolicyWorkerClient(spawnPolicy, (r) => {
    if (r.revision === store.getState().docRevision) policyStore.setState({ result: r });
  });
  const readers = new ReadersWorkerClient(spawnReaders, (r) => {
    if (r.revision === readersAsked.revision) tester.applyReaders(r, readersAsked.active);
  });

  // Subscriptions run in the order made: every worker hears of an edit before any request for it.
  store.subscribe((s) => s.docRevision, (docRevision, before) => {
    const edits = editsSince(store.getState(), before);
    client.textChanged(edits);
    bulk.textChanged(edits);
    diagnostics.textChanged(edits);
    readers.textChanged(edits);
    policy.textChanged(edits);
  });
  store.subscribe((s) => s.revision, () => {
    const s = store.getState();
    client.analyse(s.revision, s.doc, testCases(s), s.site, s.status);
  }, { fireImmediately: true });
  store.subscribe((s) => [s.docRevision, s.site] as const, () => {
    const s = store.getState();
    diagnostics.diagnose(s.docRevision, s.doc, s.site);
  }, { equalityFn: shallow, fireImmediately: true });
  // The other parsers read the file only while they are on screen, once typing pauses.
  store.subscribe((s) => [s.revision, s.active, s.readersOpen] as const, () => {
    const s = store.getState();
    if (!s.readersOpen) {
      readers.cancel();
      return;
    }
    readersAsked = { revision: s.revision, active: s.active };
    readers.check(s.revision, s.doc, testCases(s)[s.active]!, OTHER_READERS, s.site);
  }, { equalityFn: shallow, fireImmediately: true });

  // The bulk revision last run, and the text revision it was asked for (0: none yet).
  let bulkRevisionRun = 0;
  let bulkDocRevision = 0;
  let bulkTimer: ReturnType<typeof setTimeout> | null = null;
  const runBulk = () => {
    bulkTimer = null;
    const s = store.getState();
    // Typing went on meanwhile: the run waits for that text's verdict (this subscription again).
    if (s.result === null) return;
    bulkRevisionRun = s.bulkRevision;
    bulkDocRevision = s.docRevision;
    if (s.bulkUrls.trim() === '') {
      tester.clearBulk();
      return;
    }
    const crawlers = s.bulkCrawlers.length > 0 ? s.bulkCrawlers : [s.tests[s.active]!.crawler];
    bulkAsked = { revision: s.bulkRevision, urls: splitBulkUrls(s.bulkUrls) };
    // A progress bar only for runs long enough to need one (the worker reports per 20,000 checks).
    if (bulkAsked.urls.length * (s.bulkReaders ? READER_IDS.length : crawlers.length) > 20_000) tester.setBulkProgress(0);
    bulk.run({ revision: s.bulkRevision, text: s.doc, urls: s.bulkUrls, crawlers, site: s.site, status: s.status, compare: s.compare, readers: s.bulkReaders ? READER_IDS : [] });
  };
  // A bulk revision becomes ready to run once its text's verdict is in. After an edit, the run
  // waits for a pause in typing: one per keystroke would take a core from the next keystroke.
  // A new list or crawler runs at once. (A new URL leaves the bulk revision as it is.)
  store.subscribe((s) => (s.result !== null ? s.bulkRevision : 0), (ready) => {
    if (ready === 0 || ready === bulkRevisionRun) return;
    if (bulkTimer) clearTimeout(bulkTimer);
    bulkTimer = null;
    if (bulkDocRevision !== 0 && store.getState().docRevision !== bulkDocRevision) bulkTimer = setTimeout(runBulk, BULK_AFTER_EDIT_MS);
    else runBulk();
  }, { fireImmediately: true });

  // The editor shows the newest analysis for the active test, and the newest diagnostics.
  const showAnalysis = () => {
    const s = store.getState();
    // Async results are dropped when the document changed meanwhile (s.result is null then).
    if (view && s.result) view.show(editorAnalysis(s.result, s.active), null);
  };
  const showDiagnostics = () => {
    const { diagnostics: list } = store.getState();
    if (view && list) view.show(null, list);
  };
  store.subscribe((s) => [s.result, s.active] as const, showAnalysis, { equalityFn: shallow });
  store.subscribe((s) => s.diagnostics, showDiagnostics);
  return {
    tester,
    client,
    bulk,
    attachEditor(v) {
      view = v;
      showAnalysis();
      showDiagnostics();
    },
    reveal(line) {
      view?.reveal(line);
    },
    fix(requests) {
      return view ? view.fix(requests) : 0;
    },
    policy,
    policyStore,
    edit(base, edits) {
      return view ? view.edit(base, edits) : false;
    },
  };
}
