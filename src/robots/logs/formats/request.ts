/**
 * What a log line is read as: one request, the families of formats read, and what a reader needs
 * to go on reading mid-file.
 */

/** One request as a log line records it. */
export interface LogRequest {
  /** The line's 1-based number in its file. */
  readonly line: number;
  /** Milliseconds since the epoch (UTC); NaN when the line holds no time. */
  readonly time: number;
  /** The client's address as logged ('' when none). */
  readonly ip: string;
  readonly method: string;
  /** The request target: a path and query, or an absolute URL ('' when the request line is not one). */
  readonly target: string;
  /** The host the request was for, when the log says (a virtual host, a Host header); '' otherwise. */
  readonly host: string;
  /** The response status, 0 when not logged. */
  readonly status: number;
  readonly userAgent: string;
}

/** The formats read, as families: each family's reader reads all its variants. */
export type LogFamily = 'clf' | 'w3c' | 'alb' | 'json';

/** What a reader needs to go on reading mid-file: its family, and W3C's current #Fields. */
export interface LogReaderState {
  readonly family: LogFamily;
  /** W3C: the field names of the last #Fields directive (lower case). */
  readonly fields?: readonly string[];
}

/** What `read` says of a line that is no request: blank, or a W3C directive (not counted as unreadable). */
export const NOT_A_REQUEST = undefined;
