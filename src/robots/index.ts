/** The robots.txt engine: Google-exact parsing and matching, and the other crawlers' readers. Pure TypeScript, no DOM. */
export * from './google/index.js';
export * from './text/index.js';
export * from './crawlers/index.js';
export * from './url/index.js';
export * from './findings/index.js';
export * from './readers/index.js';
export * from './policy/index.js';
export * from './archive/index.js';
export * from './lists/index.js';
export * from './prefs/index.js';
