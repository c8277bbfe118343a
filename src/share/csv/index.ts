/**
 * CSV written, for the app and the CLI: a folder of its own, loaded only with what writes CSV.
 * Reading CSV (papaparse) is its own API, `read/`: what only writes never loads it.
 */
export { CSV_BOM, CSV_NEWLINE, csvCell, csvRecord, csvTable, isFormulaLike } from './write.js';
export { LogCsvWriter, logCsvHeader, logVerdictWord } from './logs.js';
export { AuditCsvWriter, auditCsvHeader } from './audit-csv.js';
export { AuditCsvBytes } from './audit-csv-bytes.js';
