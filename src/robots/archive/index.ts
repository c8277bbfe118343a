/** The live file's past: the Wayback Machine's captures of a robots.txt (queries and answers; no I/O). */
export {
  WAYBACK_URL, captureRawUrl, capturesPageUrl, cdxQueryUrl, holdsFile, nearestCapture, readCdxJson, readDate, timestampTime,
} from './wayback.js';
export type { Capture, CdxProblem } from './wayback.js';
