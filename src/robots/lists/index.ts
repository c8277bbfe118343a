/** Lists of URLs checked for crawlers and readers against versions of a file: Bulk, the CLI, the site audit, the logs. */
export { ListChecker, googleCode, readerCode, readerDecides } from './list-checker.js';
export type { ListBatch, ListColumn, ListResults, ListRow, ListSpec, ListVersion, VersionChoice } from './list-checker.js';
export { checkList, countVerdicts, noVerdicts } from './batches.js';
export { ReaderReadings } from './reader-readings.js';
export type { ListStreamOptions, VerdictCounts } from './batches.js';
export { ListVerdict, groupLabel, readerGroupLabel, verdictTag, verdictWord } from './words.js';
export type { ListVerdictCode } from './words.js';
export { listEntries } from './list-entries.js';
export { tellingPaths } from './telling-paths.js';
export type { TellingPathOptions } from './telling-paths.js';
export { verdictChanges } from './verdict-changes.js';
export type { VerdictChange, VerdictChanges, VerdictSide } from './verdict-changes.js';
