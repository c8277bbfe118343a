/**
 * What a fetched or opened robots.txt body is, when it is not the plain UTF-8 text it should be:
 * an HTML page (a soft 404), UTF-16 or UTF-32 text, or a body served with a non-text type. The
 * verdict stays Google's; these words say why it may be "everything allowed".
 */
import { formatIcu, type MessageArgs } from './icu.js';

/** Why a body is not what a robots.txt should be. */
export type BodyNoticeCode = 'html' | 'utf16' | 'utf32' | 'content-type';

/** One notice about a body: its code, data and English text. */
export interface BodyNotice {
  readonly code: BodyNoticeCode;
  readonly args: MessageArgs;
  readonly text: string;
}

const BODY_MESSAGES: Readonly<Record<BodyNoticeCode, string>> = {
  html: 'This looks like an HTML page, not a robots.txt (a “soft 404”?). Google reads it line by line as a robots.txt all the same: tags are not rules, so unless it holds user-agent and disallow lines, everything is allowed.',
  utf16: 'This file is UTF-16 text. Google reads a robots.txt as UTF-8: every other byte is then a NUL, Google stops each line at its first NUL, so it reads no rule and everything is allowed.',
  utf32: 'This file is UTF-32 text. Google reads a robots.txt as UTF-8: most bytes are then NULs, Google stops each line at its first NUL, so it reads no rule and everything is allowed.',
  'content-type': 'It was served as “{type}”, not as text. Google reads the body as a robots.txt whatever its content type.',
};

/** `body.<code>` → English template. */
export function bodyMessages(): Record<string, string> {
  return Object.fromEntries(Object.entries(BODY_MESSAGES).map(([code, t]) => [`body.${code}`, t]));
}

const say = (code: BodyNoticeCode, args: MessageArgs = {}): BodyNotice => ({ code, args, text: formatIcu(BODY_MESSAGES[code], args) });

// The first bytes are enough: a robots.txt starts with its directives, an HTML page with its markup.
const SNIFF = 4096;
const HTML_START = /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body|meta|title)[\s/>]/i;
const HTML_TAGS = /<(?:html|head|body)[\s>]/i;

/** The encoding the bytes' BOM or NUL pattern tells, or null for anything else (UTF-8, Latin-1…). */
function wideEncoding(b: Uint8Array): 'utf16' | 'utf32' | null {
  if (b.length >= 4 && ((b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) || (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff))) return 'utf32';
  if (b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff))) return 'utf16';
  // No BOM: ASCII text in UTF-16 has a NUL in every other byte; in UTF-32, three in every four.
  const n = Math.min(b.length, 256) & ~3;
  if (n < 8) return null;
  let nul = 0;
  for (let i = 0; i < n; i++) if (b[i] === 0) nul++;
  if (nul >= n * 0.7) return 'utf32';
  if (nul >= n * 0.4) return 'utf16';
  return null;
}

/**
 * What is wrong with a body (its bytes as fetched or opened) and its content type (null when
 * unknown, as for a file): notices in the order they matter. Empty for a plain robots.txt.
 */
export function describeBody(bytes: Uint8Array, contentType: string | null = null): BodyNotice[] {
  const out: BodyNotice[] = [];
  const wide = wideEncoding(bytes);
  if (wide) out.push(say(wide));
  else {
    const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, SNIFF));
    if (HTML_START.test(head) || (HTML_TAGS.test(head) && !/^\s*user-agent\s*:/im.test(head))) out.push(say('html'));
  }
  const type = contentType?.split(';')[0]!.trim().toLowerCase() ?? '';
  if (type !== '' && !type.startsWith('text/')) out.push(say('content-type', { type }));
  return out;
}
