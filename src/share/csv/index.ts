/**
 * CSV in and out, for the app and the CLI: a folder of its own, so that papaparse loads only with
 * what reads CSV (the Bulk tab's import and export, the CLI), never with the first verdict.
 */
export {
  CSV_BOM, CSV_NEWLINE, crawlerFromCell, csvCell, csvColumns, csvRecord, csvTable, expectationOf, isFormulaLike, parseUrlImport, readCsv,
  readExpectationRows, urlListReader,
} from './csv.js';
export type { CsvColumns, ExpectationRow, UrlImport, UrlListReader } from './csv.js';
export { LogCsvWriter, logCsvHeader, logVerdictWord } from './logs.js';
export { AUDIT_VERDICT_WORDS, AuditCsvWriter, auditCsvHeader } from './audit-csv.js';
