/**
 * The tester's coordination, without React: the store's changes go to the workers (every edit to
 * each worker, before the request it belongs to), requests go when their inputs change or typing
 * pauses, current answers go into the store and the editor.
 */
import type { EditorAnalysis } from '../editor/index.js';
import { mergeReaderFindings, READER_IDS, type AiPolicy, type Diagnostic, type LineFix, type TextEdit } from '../robots/index.js';
import type { TestCaseState } from '../share/index.js';
import { shallow } from 'zustand/shallow';
import { bulkCrawlersOf, commonOrigin, createPolicyStore, createTesterStore, initialState, testAxes, testCases, type CaseOrigin, type TesterStore } from '../store/index.js';
import {
  BulkWorkerClient, PolicyWorkerClient, ReadersWorkerClient, RobotsWorkerClient, splitBulkUrls, type AnalysisResult, type WorkerLike,
} from '../worker/index.js';
import { Answers } from './answers.js';
import { Pause } from './pause.js';
import type { LogsTab } from './logs.js';
import { createSiteTab, type SiteKeeper, type SiteTab } from './site.js';

/** A Site or Logs worker that answers nothing (testers made without one). */
const silentWorker = (): WorkerLike => ({ postMessage() {}, addEventListener() {}, terminate() {} });

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

/**
 * How the tester starts each of its workers (the app: Vite's module workers; tests: fakes). The
 * analysis worker is asked for with the tester (the built page has started it already: see
 * app/early-analysis.ts); the others when first asked.
 */
export interface WorkerSpawners {
  /** Verdicts, and diagnostics from the same parse. */
  readonly analysis: () => WorkerLike;
  /** Bulk's URL lists. */
  readonly bulk: () => WorkerLike;
  /** The other crawlers' parsers. */
  readonly readers: () => WorkerLike;
  /** The AI access tab. */
  readonly policy: () => WorkerLike;
  /** The Site tab's inventory and audit (absent: a worker that answers nothing, for tests of the rest). */
  readonly site?: () => WorkerLike;
  /** The Logs tab's runs (absent: a worker that answers nothing). */
  readonly logs?: () => WorkerLike;
}

/** The running tester: its store, its workers and (once mounted) the editor. */
export interface Tester {
  readonly tester: TesterStore;
  /** The AI access tab's form and the worker's latest answer. */
  readonly policyStore: ReturnType<typeof createPolicyStore>;
  attachEditor(editor: EditorAdapter | null): void;
  reveal(line: number): void;
  /** Applies repairs in the editor (0 when no editor is mounted). */
  fix(requests: readonly { line: number; fix: LineFix; lineText: string }[]): number;
  /** Applies edits of `base` in the editor as one undoable edit (false when it changed meanwhile or no editor is mounted). */
  edit(base: string, edits: readonly TextEdit[]): boolean;
  /** The Bulk tab is open: the bulk worker starts, reads the text and indexes the crawlers' rules while a list is picked. */
  prepareBulk(): void;
  /** The Site tab: its inventory, audit and queries. */
  readonly site: SiteTab;
  /** The Logs tab's controller, loaded with the tab when first asked for (the same one each time). */
  logs(): Promise<LogsTab>;
  /** Asks the AI access worker for `policy`'s edit of the text and its check on `urls`, once typing pauses. */
  composePolicy(policy: AiPolicy, urls: readonly string[]): void;
  /** Stops every worker and subscription. */
  dispose(): void;
}

/** How long typing pauses before the bulk list re-runs against the edited file. */
export const BULK_AFTER_EDIT_MS = 250;
/** How long the analysis worker's findings wait for the readers worker's part of the same text before they are shown without it. */
export const READER_FINDINGS_WAIT_MS = 4000;

/** The pause in typing before diagnostics, the readers, the AI access tab and Compare's changes are asked (plus 1 ms per 500 characters, at most 1.5 s). */
export const PAUSE_MS = { diagnostics: 150, readers: 120, policy: 80, changes: 200 } as const;

/** Past this many tests, the readers answer for the active test only (each test is read by every parser). */
const MATRIX_READERS_MAX = 200;

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

/** Creates the tester opening `initial`, with its workers started by `spawn`. */
export function createTester(initial: TestCaseState, origin: CaseOrigin, spawn: WorkerSpawners, siteKeeper: SiteKeeper | null = null): Tester {
  const tester = createTesterStore(initialState(initial, origin));
  const { store } = tester;
  const answers = new Answers();
  const pauses = {
    diagnostics: new Pause(PAUSE_MS.diagnostics), readerFindings: new Pause(PAUSE_MS.diagnostics), readers: new Pause(PAUSE_MS.readers), policy: new Pause(PAUSE_MS.policy),
    changes: new Pause(PAUSE_MS.changes), findingsWait: new Pause(READER_FINDINGS_WAIT_MS),
  };
  let view: EditorAdapter | null = null;
  // A text's findings come in two parts: the analysis worker's, and those the other readers' parses
  // decide (the readers worker's: three whole parses, several hundred milliseconds each at 500 KB,
  // which a keystroke's verdict must not wait behind). Shown merged once both are in for one text,
  // or the first alone if the other is long in coming.
  type Findings = { readonly revision: number; readonly list: readonly Diagnostic[] };
  let ownFindings: Findings | null = null;
  let readerFindings: Findings | null = null;
  const showFindings = () => {
    if (!ownFindings) return;
    if (readerFindings && ownFindings.revision === readerFindings.revision) {
      pauses.findingsWait.cancel();
      tester.applyDiagnostics(mergeReaderFindings(ownFindings.list, readerFindings.list));
      return;
    }
    // A readers worker that is slow to start, or stuck until its watchdog gives up on it, must not
    // hold back every other finding: a while after the analysis worker's came for a text, they are
    // shown without the readers' part, which is added when it comes.
    const own = ownFindings;
    // The wait does not grow with the text (a length of 0): it bounds a fault, not a parse.
    pauses.findingsWait.after(0, () => {
      if (answers.current('diagnostics', own.revision, store.getState())) tester.applyDiagnostics(mergeReaderFindings(own.list, []));
    });
  };

  const analysis = new RobotsWorkerClient(spawn.analysis, {
    onResult(result) {
      if (answers.current('analysis', result.revision, store.getState())) tester.applyResult(result);
    },
    onDiagnostics(revision, diagnostics) {
      if (!diagnostics || !answers.current('diagnostics', revision, store.getState())) return;
      ownFindings = { revision, list: diagnostics };
      showFindings();
    },
    onRestart(reason) {
      // Before any answer the restart has cost nothing the page showed (the text goes to the new
      // worker whole): no notice, which would push the page's first answer down (a slow first
      // analysis on a busy machine outlasts the watchdog).
      if (store.getState().shown !== null) tester.setNotice({ kind: 'warning', message: { id: 'notice.engine-restarted', args: { reason } } });
      // A diagnosis under way went with the old worker: the new one is asked after a pause.
      askDiagnostics();
    },
    onError(message) {
      tester.setNotice({ kind: 'error', message: { id: 'notice.analysis-failed', args: { message } } });
      // When no worker could start, a diagnosis under way went with it: asked again after a pause.
      askDiagnostics();
    },
  });
  // The list the newest bulk run was asked for: the table shows results against exactly these URLs.
  let bulkUrls: string[] = [];
  let bulkOrigin: string | null = null;
  const bulk = new BulkWorkerClient(spawn.bulk, {
    onProgress: (done, total) => tester.setBulkProgress(total > 0 ? done / total : 0),
    onResult(result) {
      if (answers.current('bulk', result.revision, store.getState())) tester.applyBulk(result, bulkUrls, bulkOrigin);
    },
    onChanges(result) {
      if (answers.current('changes', result.revision, store.getState())) tester.applyCompareChanges(result);
    },
    onRestart: () => tester.setNotice({ kind: 'warning', message: { id: 'notice.bulk-restarted' } }),
    onError(message) {
      tester.setBulkProgress(null);
      tester.setNotice({ kind: 'error', message: { id: 'notice.bulk-failed', args: { message } } });
    },
  });
  const readers = new ReadersWorkerClient(spawn.readers, (result) => {
    const s = store.getState();
    if (answers.current('readers', result.revision, s)) tester.applyReaders(result, s.active);
  }, (revision, findings) => {
    if (!findings || !answers.current('reader-findings', revision, store.getState())) return;
    readerFindings = { revision, list: findings };
    showFindings();
  });
  const policyStore = createPolicyStore();
  const policy = new PolicyWorkerClient(spawn.policy, (result) => {
    if (answers.current('policy', result.revision, store.getState())) policyStore.setState({ result });
  });
  const workers = [analysis, bulk, readers, policy];
  const site = createSiteTab(tester, spawn.site ?? silentWorker, siteKeeper);
  let logs: Promise<LogsTab> | null = null;
  function askDiagnostics() {
    pauses.diagnostics.after(store.getState().doc.length, () => {
      const s = store.getState();
      answers.ask('diagnostics', s.docRevision, s);
      analysis.diagnose(s.docRevision, s.doc, s.site);
    });
  }
  const unsubscribe: (() => void)[] = [];

  // Subscriptions run in the order made: every worker hears of an edit before any request for it.
  // The edited text is read once while the page is idle. To V8 a text made by an edit is a chain
  // of the old text's pieces and the insert until something reads it, and the first read copies
  // all of it (about a millisecond at 500 KB): read here, that copy is not made between the next
  // keystroke and its post to the worker.
  let settling: number | null = null;
  const settleWhenIdle = () => {
    if (typeof requestIdleCallback !== 'function') return;
    if (settling !== null) cancelIdleCallback(settling);
    settling = requestIdleCallback(() => {
      settling = null;
      store.getState().doc.charCodeAt(0);
    });
  };
  unsubscribe.push(store.subscribe((s) => s.docRevision, () => {
    const s = store.getState();
    for (const w of workers) w.textChanged(s.docEdits, s.doc);
    settleWhenIdle();
  }));
  unsubscribe.push(store.subscribe((s) => s.revision, () => {
    const s = store.getState();
    answers.ask('analysis', s.revision, s);
    analysis.analyse(s.revision, s.doc, testCases(s), s.site, s.status, s.active);
  }, { fireImmediately: true }));
  // Diagnostics wait for a pause in typing: they share the analysis worker with the verdicts.
  unsubscribe.push(store.subscribe((s) => [s.docRevision, s.site] as const, askDiagnostics, { equalityFn: shallow, fireImmediately: true }));
  // The findings the other parsers decide, once typing pauses, and not before the first verdict
  // (their worker's start would take a core from it).
  unsubscribe.push(store.subscribe((s) => [s.docRevision, s.shown === null] as const, () => {
    if (store.getState().shown === null) {
      pauses.readerFindings.cancel();
      return;
    }
    pauses.readerFindings.after(store.getState().doc.length, () => {
      const s = store.getState();
      answers.ask('reader-findings', s.docRevision, s);
      readers.findings(s.docRevision, s.doc);
    });
  }, { equalityFn: shallow, fireImmediately: true }));
  // The other parsers read the file only while they are on screen, once typing pauses, and not
  // before the first verdict: their worker's start would take a core from it.
  unsubscribe.push(store.subscribe((s) => [s.revision, s.active, s.readersOpen, s.shown === null] as const, () => {
    const s = store.getState();
    if (!s.readersOpen || s.shown === null) {
      pauses.readers.cancel();
      return;
    }
    pauses.readers.after(store.getState().doc.length, () => {
      const s = store.getState();
      answers.ask('readers', s.revision, s);
      const tests = testCases(s);
      // Each cell of the matrix says how many other parsers read it otherwise (a list of pairs: the active test only).
      readers.check(s.revision, s.doc, tests[s.active]!, OTHER_READERS, s.site, s.columns > 0 && tests.length <= MATRIX_READERS_MAX ? tests : []);
    });
  }, { equalityFn: shallow, fireImmediately: true }));

  // While comparing, the verdicts that change are looked for once typing pauses (in the bulk
  // worker: never on a keystroke's path), for the tests' crawlers, with the tests' URLs tried too.
  unsubscribe.push(store.subscribe((s) => [s.revision, s.compare] as const, () => {
    if (store.getState().compare === null) {
      pauses.changes.cancel();
      return;
    }
    pauses.changes.after(store.getState().doc.length, () => {
      const s = store.getState();
      if (s.compare === null) return;
      answers.ask('changes', s.revision, s);
      const { crawlers, urls } = testAxes(s);
      bulk.changes({ revision: s.revision, text: s.doc, compare: s.compare, crawlers, urls, site: s.site, status: s.status });
    });
  }, { equalityFn: shallow, fireImmediately: true }));

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
    const crawlers = bulkCrawlersOf(s);
    answers.ask('bulk', s.bulkRevision, s);
    bulk.run({ revision: s.bulkRevision, text: s.doc, urls: s.bulkUrls, crawlers, site: s.site, status: s.status, compare: s.compare, readers: s.bulkReaders ? READER_IDS : [] });
    // The list as the table will show it is read while the worker checks it (a big list's reading
    // is then off the time to its results).
    bulkUrls = splitBulkUrls(s.bulkUrls);
    bulkOrigin = commonOrigin(bulkUrls);
    // A progress bar only for runs long enough to need one (the worker reports per 20,000 checks).
    if (bulkUrls.length * (s.bulkReaders ? READER_IDS.length : crawlers.length) > 20_000) tester.setBulkProgress(0);
  };
  // A bulk revision becomes ready to run once its text's verdict is in. After an edit, the run
  // waits for a pause in typing: one per keystroke would take a core from the next keystroke.
  // A new list or crawler runs at once. (A new URL leaves the bulk revision as it is.)
  unsubscribe.push(store.subscribe((s) => (s.result !== null ? s.bulkRevision : 0), (ready) => {
    if (ready === 0 || ready === bulkRevisionRun) return;
    if (bulkTimer) clearTimeout(bulkTimer);
    bulkTimer = null;
    if (bulkDocRevision !== 0 && store.getState().docRevision !== bulkDocRevision) bulkTimer = setTimeout(runBulk, BULK_AFTER_EDIT_MS);
    else runBulk();
  }, { fireImmediately: true }));

  // The editor shows the newest analysis for the active test, and the newest diagnostics.
  const showAnalysis = () => {
    const s = store.getState();
    // No analysis of the current revision yet (s.result is null): the editor keeps what it shows.
    if (view && s.result) view.show(editorAnalysis(s.result, s.active), null);
  };
  const showDiagnostics = () => {
    const { diagnostics } = store.getState();
    if (view && diagnostics) view.show(null, diagnostics);
  };
  unsubscribe.push(store.subscribe((s) => [s.result, s.active] as const, showAnalysis, { equalityFn: shallow }));
  unsubscribe.push(store.subscribe((s) => s.diagnostics, showDiagnostics));

  return {
    tester,
    policyStore,
    site,
    logs() {
      logs ??= import('./logs.js').then((m) => m.createLogsTab(tester, spawn.logs ?? silentWorker));
      return logs;
    },
    prepareBulk() {
      const s = store.getState();
      // Also after a list has run: a short list is checked without an index, which a long one then builds.
      bulk.prepare(s.doc, bulkCrawlersOf(s));
    },
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
    edit(base, edits) {
      return view ? view.edit(base, edits) : false;
    },
    composePolicy(p, urls) {
      pauses.policy.after(store.getState().doc.length, () => {
        const s = store.getState();
        answers.ask('policy', s.docRevision, s);
        policy.compose(s.docRevision, s.doc, p, urls, s.site);
      });
    },
    dispose() {
      for (const u of unsubscribe) u();
      if (settling !== null) cancelIdleCallback(settling);
      for (const p of Object.values(pauses)) p.cancel();
      if (bulkTimer) clearTimeout(bulkTimer);
      for (const w of workers) w.dispose();
      site.dispose();
      void logs?.then((t) => t.dispose());
    },
  };
}
