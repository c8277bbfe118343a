/** A log's format told from its first lines: the family that reads most of them. */
import { isCloudflareLine } from './json.js';
import { LogReader } from './reader.js';
import type { LogFamily } from './request.js';
import { firstLineText } from './unreadable.js';

/** The formats, in words, for the message when none fits. */
export const LOG_FORMAT_NAMES = 'Apache/nginx common or combined (optionally with a leading virtual host), W3C extended (IIS, CloudFront), AWS ALB, JSON lines (Cloudflare Logpush or keys such as ip, time, url/path/request, user_agent)';

/** What the first lines tell of the format. */
export type LogDetection =
  | { readonly ok: true; readonly reader: LogReader; readonly format: string }
  | { readonly ok: false; readonly message: string };

const FAMILIES: readonly LogFamily[] = ['clf', 'w3c', 'alb', 'json'];

// Control characters no text log holds (tab and the line breaks aside).
const CONTROL = /[\u0000-\u0008\u000e-\u001f]/;

/** A binary file: its first line holds control characters, or most of its lines a NUL (a text log's line with a NUL is one unreadable line). */
function isBinary(sample: readonly string[]): boolean {
  if (sample.length > 0 && CONTROL.test(sample[0]!)) return true;
  return sample.filter((l) => l.indexOf('\u0000') >= 0).length * 2 > sample.length;
}

/**
 * The format of a log from its first lines: the family that reads most of them (at least half of
 * those that are not blank or directives). A reader to start with, or a message naming the formats.
 */
export function detectLogFormat(lines: readonly string[]): LogDetection {
  const sample = lines.slice(0, 200);
  // NULs leading the file are logrotate's copytruncate's, not a binary file's: the lines after them are read.
  if (sample.length > 0) sample[0] = firstLineText(sample[0]!);
  if (isBinary(sample)) return { ok: false, message: 'this is a binary file, not a text log' };
  let best: { family: LogFamily; read: number; variant: string } | null = null;
  for (const family of FAMILIES) {
    const reader = new LogReader(family);
    let read = 0;
    let tried = 0;
    let vhost = 0;
    let combined = 0;
    sample.forEach((l, i) => {
      const r = reader.read(l, i + 1);
      if (r === undefined) return;
      tried++;
      if (r === null) return;
      read++;
      if (r.host) vhost++;
      if (r.userAgent) combined++;
    });
    const variant = family === 'clf' ? `${vhost > read / 2 ? 'vhost-' : ''}${combined > 0 ? 'combined' : 'common'}`
      : family === 'json' ? (sample.some(isCloudflareLine) ? 'json-cloudflare' : 'json')
        : reader.formatName();
    if (read > 0 && read * 2 >= tried && (!best || read > best.read)) best = { family, read, variant };
  }
  if (!best) {
    const shown = sample.find((l) => l.trim() !== '');
    return {
      ok: false,
      message: `unknown log format: the first lines fit none of ${LOG_FORMAT_NAMES}${shown !== undefined ? `; the first line reads: ${JSON.stringify(shown.slice(0, 120))}` : ''}`,
    };
  }
  // A fresh reader: the caller reads from the first line again (a W3C reader meets its #Fields then).
  return { ok: true, reader: new LogReader(best.family), format: best.variant };
}
