/**
 * The page's first screen, drawn at build time into index.html (scripts/first-screen.ts runs this
 * in Node): the sample case once its first answer is in (its file, its verdict, the Why, the tab
 * bar), in English, exactly as the app draws it then. A first visit paints it before any script
 * runs; the app takes it over as it is when it opens the same case in the same language
 * (app/main.tsx), and the page's early script hides what it may not show (app/first-paint.ts).
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { testCases, toCase, type TesterState } from '../src/store/index.js';
import { createTester } from '../src/tester/index.js';
import { Analyser, type AnalyseRequest, type WorkerLike } from '../src/worker/index.js';
import { i18nStore } from './i18n/index.js';
import { DraftBanner } from './components/DraftBanner.js';
import { TesterContext } from './context.js';
import { BANNER_ROOM_CLASS } from './first-paint.js';
import { DRAFT_KEY, draftJson } from './persistence.js';
import { Root } from './Root.js';
import { SAMPLE_CASE } from './samples.js';

/** What the build puts in index.html: the first screen, and what the early script compares the page's opening with. */
export interface FirstScreen {
  /** The app's markup, for the page's root element. */
  readonly html: string;
  /** The markup's language. */
  readonly language: string;
  /** Where the draft is kept, and the sample's draft as the app keeps it once opened. */
  readonly draftKey: string;
  readonly sampleDraft: string;
}

/** A worker that answers nothing: the first answer is the analysis worker's own function, run here. */
const silent = (): WorkerLike => ({ postMessage() {}, addEventListener() {}, terminate() {} });
const silentWorkers = { analysis: silent, bulk: silent, readers: silent, policy: silent, site: silent };

/** The analysis request the tester sends first for `state` (src/tester/tester.ts). */
function firstRequest(state: TesterState): AnalyseRequest {
  return { type: 'analyse', id: 1, revision: state.revision, text: state.doc, tests: testCases(state), site: state.site, status: state.status, active: state.active };
}

/** Draws the sample's first screen as the app draws it once the first verdict is in. */
export async function renderFirstScreen(): Promise<FirstScreen> {
  const tester = createTester(SAMPLE_CASE, 'draft', silentWorkers);
  try {
    const { store } = tester.tester;
    // A fresh analyser answers whole (its line table its own, not built on an earlier answer).
    const answer = new Analyser().answer(firstRequest(store.getState()), null, true);
    if (answer.base !== null) throw new Error('the first answer built on an earlier one');
    tester.tester.applyResult(answer);
    const painted = store.getState();
    // Every lazy part of the first screen (the readers' row) drawn as it is once loaded: the app
    // takes each over when its code and words are in.
    const app = await drawn(<Root tester={tester} painted={painted} />);
    const header = app.indexOf('</header>') + '</header>'.length;
    if (header < '</header>'.length) throw new Error('the first screen has no header to put the banner\'s room after');
    const html = app.slice(0, header) + (await bannerRoom()) + app.slice(header);
    return { html, language: i18nStore.getState().language, draftKey: DRAFT_KEY, sampleDraft: draftJson(toCase(painted)) };
  } finally {
    tester.dispose();
  }
}

/** The markup of `element`, every lazy part loaded. */
async function drawn(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

/**
 * The shared case's banner, inert and out of sight (app/first-paint.ts): where the page opens a
 * case from its address, it keeps the banner's room until the app draws the banner there.
 */
async function bannerRoom(): Promise<string> {
  const tester = createTester(SAMPLE_CASE, 'shared', silentWorkers);
  try {
    const banner = await drawn(<TesterContext.Provider value={tester}><DraftBanner /></TesterContext.Provider>);
    return `<div class="${BANNER_ROOM_CLASS}" aria-hidden="true">${banner.replace(/ (data-testid|role|aria-label)="[^"]*"/g, '')}</div>`;
  } finally {
    tester.dispose();
  }
}
