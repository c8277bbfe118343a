/** The tester's state: a vanilla zustand store, its slices and their pure transitions. */
export * from './transitions.js';
export { createTesterStore } from './tester-store.js';
export type { TesterStore } from './tester-store.js';
export * from './bulk-view.js';
/** The bulk table's CSV export: loaded when first needed. */
export const loadBulkCsv = (): Promise<typeof import('./bulk-csv.js')> => import('./bulk-csv.js');
export * from './policy.js';
export * from './diagnostics-view.js';
export * from './test-view.js';
export * from './site-rules-view.js';
