/** The live file's past: the Wayback Machine's captures of a robots.txt (queries and answers; no I/O). */
export {
  WAYBACK_URL, MAX_CDX_BYTES, captureRawUrl, capturesPageUrl, cdxQueryUrl, holdsFile, nearestCapture, readCdxJson, readDate, timestampTime,
} from './wayback.js';
export type { Capture, CdxProblem } from './wayback.js';
