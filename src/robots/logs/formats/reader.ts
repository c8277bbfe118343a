/** Reads lines of one format, the family's reader chosen once; a W3C reader follows each #Fields directive it reads. */
import { readAlb } from './alb.js';
import { newClock, readClf } from './clf.js';
import { readJson } from './json.js';
import { NOT_A_REQUEST, type LogFamily, type LogReaderState, type LogRequest } from './request.js';
import { isCloudFront, readW3c, w3cColumns, w3cFields, type W3cColumns } from './w3c.js';

/** Reads lines of one format; a W3C reader follows each #Fields directive it reads. */
export class LogReader {
  private fields: readonly string[] | undefined;
  /** Where the fields' columns are, found once per #Fields directive. */
  private columns: W3cColumns | undefined;
  private readonly clock = newClock();

  constructor(readonly family: LogFamily, fields?: readonly string[]) {
    this.fields = fields;
    this.columns = fields ? w3cColumns(fields) : undefined;
  }

  /** What a reader of another thread needs to read on from here. */
  state(): LogReaderState {
    return this.fields ? { family: this.family, fields: this.fields } : { family: this.family };
  }

  /** A reader that goes on from `state`. */
  static from(state: LogReaderState): LogReader {
    return new LogReader(state.family, state.fields);
  }

  /**
   * The request a line records; undefined for a line that is none and is not counted (blank, a
   * W3C directive); null for a line that cannot be read (one with a NUL too). Never throws.
   */
  read(s: string, line: number): LogRequest | null | undefined {
    if (s.length === 0 || (s.length < 3 && s.trim() === '')) return NOT_A_REQUEST;
    // A NUL is in no log line's fields: such a line is unreadable, whichever field it fell in.
    if (s.indexOf('\u0000') >= 0) return null;
    switch (this.family) {
      case 'clf':
        return readClf(s, line, this.clock);
      case 'alb':
        return readAlb(s, line);
      case 'json':
        return readJson(s, line);
      case 'w3c': {
        if (s.charCodeAt(0) === 0x23) {
          const f = w3cFields(s);
          if (f) {
            this.fields = f;
            this.columns = w3cColumns(f);
          }
          return NOT_A_REQUEST;
        }
        return readW3c(s, line, this.columns);
      }
    }
  }

  /** The name of the format read, as the report gives it. */
  formatName(): string {
    return formatName(this.family, this.fields);
  }
}

/** A format's name: the family and, where it tells, the variant. */
function formatName(family: LogFamily, fields?: readonly string[]): string {
  if (family === 'w3c') return isCloudFront(fields) ? 'w3c-cloudfront' : 'w3c-iis';
  if (family === 'alb') return 'aws-alb';
  return family === 'json' ? 'json' : 'combined';
}
