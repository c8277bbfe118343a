/** Text plumbing: edits, UTF-8 bytes, gzip told by its first bytes, ICU message formatting, English numbers, and control characters shown as text. */
export { applyTextEdits, editsFit } from './edit.js';
export type { TextChange, TextEdit } from './edit.js';
export { decodeRobotsBytes, encodeRobotsText, utf8Length, surveyText, cutAtBytes, cutAtBytesByUnits, escapedBytesToString, isEscapedByte, percentByte, utf8BytesAt } from './utf8.js';
export type { TextSurvey } from './utf8.js';
export { formatIcu } from './icu.js';
export { englishNumber } from './english-number.js';
export type { MessageArgs } from './icu.js';
export { describeBody, bodyMessages } from './body.js';
export type { BodyNotice, BodyNoticeCode } from './body.js';
export { isGzip } from './gzip.js';
export { showControls } from './controls.js';
