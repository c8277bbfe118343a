/** The Logs tab's choices made into a run: a sub-API of its own, loaded with the tab (not before the first verdict). */
export * from './logs-tab.js';
