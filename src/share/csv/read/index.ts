/**
 * CSV read (papaparse): URL lists and expectations files, for what imports them (the Bulk tab, the
 * CLI, the site audit's sources). An API of its own, so that what only writes CSV (the Logs
 * worker's export) never loads papaparse.
 */
export { crawlerFromCell, csvColumns, expectationOf, parseUrlImport, readCsv, readExpectationRows, urlListReader } from './read.js';
export type { CsvColumns, ExpectationRow, UrlImport, UrlListReader } from './read.js';
