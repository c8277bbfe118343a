/** Server log lines read as requests, one reader per family of formats, and the format told from the first lines. */
export { LogReader } from './reader.js';
export { LOG_FORMAT_NAMES, detectLogFormat } from './detect.js';
export type { LogDetection } from './detect.js';
export { plainHost } from './fields.js';
export type { LogFamily, LogReaderState, LogRequest } from './request.js';
export { firstLineText, leadingNuls, unreadableReason } from './unreadable.js';
