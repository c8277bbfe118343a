/** The tester's coordination (no React): store, workers, pauses and the rule for stale answers. */
export { createTester, BULK_AFTER_EDIT_MS, PAUSE_MS } from './tester.js';
export type { EditorAdapter, Tester, WorkerSpawners } from './tester.js';
export { Answers } from './answers.js';
export type { AnswerKind } from './answers.js';
export { createSiteTab, SITE_PAUSE_MS } from './site.js';
export type { SiteKeeper, SiteTab } from './site.js';
export type { LogsTab } from './logs.js';
