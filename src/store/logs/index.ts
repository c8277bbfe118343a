/**
 * The Logs tab's slice of the tester's state and its choices made into a run: a sub-API of its
 * own, loaded with the tab (not before the first verdict).
 */
export * from './logs-tab.js';
export * from '../slices/logs.js';
