/** The tester's state: a vanilla zustand store and its pure transitions. */
export * from './transitions.js';
export { createTesterStore } from './tester-store.js';
export type { TesterStore } from './tester-store.js';
export * from './bulk-view.js';
/** CSV in and out for the bulk table (papaparse): loaded when first needed. */
export const loadCsv = (): Promise<typeof import('./csv.js')> => import('./csv.js');
export * from './policy.js';
