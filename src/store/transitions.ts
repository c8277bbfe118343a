/** Every slice's state and pure transitions, as one namespace: what the store's actions call. */
export * from './state.js';
export * from './slices/document.js';
export * from './slices/test.js';
export * from './slices/bulk.js';
export * from './slices/site.js';
export * from './slices/crawl.js';
export { keepUnchanged, sameData } from './keep-unchanged.js';
