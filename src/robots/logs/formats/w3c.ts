/**
 * The W3C Extended Log File Format (IIS, CloudFront): `#` directives, of which `#Fields` names
 * the columns of the lines after it, up to the next one.
 */
import { parseW3cTime } from '../time.js';
import { isDigits, plainHost } from './fields.js';
import type { LogRequest } from './request.js';

/** A W3C field's value: '-' is none; IIS writes spaces as '+', CloudFront percent-encodes (`decode`: which). */
function w3cValue(v: string | undefined, decode: 'iis' | 'cloudfront' | null = null): string {
  if (v === undefined || v === '-') return '';
  if (!decode) return v;
  let out = decode === 'iis' && v.indexOf(' ') < 0 ? v.replace(/\+/g, ' ') : v;
  if (decode === 'cloudfront' && out.indexOf('%') >= 0) {
    try {
      out = decodeURIComponent(out);
    } catch {
      // a stray % stays as logged
    }
  }
  return out;
}

/** W3C extended lines, read with the field names of the last #Fields directive. */
export function readW3c(s: string, line: number, fields: readonly string[] | undefined): LogRequest | null {
  if (!fields) return null;
  const values = s.indexOf('\t') >= 0 ? s.split('\t') : s.split(' ');
  if (values.length !== fields.length) return null;
  const get = (name: string) => {
    const i = fields.indexOf(name);
    return i < 0 ? undefined : values[i];
  };
  const date = get('date');
  const clock = get('time');
  const time = date !== undefined && clock !== undefined ? parseW3cTime(date, clock) : NaN;
  if (date !== undefined && Number.isNaN(time)) return null;
  const ip = w3cValue(get('c-ip'));
  const stem = w3cValue(get('cs-uri-stem'));
  const query = w3cValue(get('cs-uri-query'));
  const statusText = get('sc-status');
  if (stem === '' && get('cs-uri') === undefined) return null;
  if (statusText !== undefined && statusText !== '-' && !isDigits(statusText)) return null;
  const target = stem !== '' ? (query !== '' ? `${stem}?${query}` : stem) : w3cValue(get('cs-uri'));
  // CloudFront's cs(Host) is the distribution's own name; the site's is x-host-header.
  const cloudfront = isCloudFront(fields);
  const host = w3cValue(get('x-host-header')) || w3cValue(get('cs-host')) || (cloudfront ? '' : w3cValue(get('cs(host)')));
  return {
    line, time, ip, method: w3cValue(get('cs-method')), target, host: plainHost(host),
    status: statusText && statusText !== '-' ? Number(statusText) : 0, userAgent: w3cValue(get('cs(user-agent)'), cloudfront ? 'cloudfront' : 'iis'),
  };
}

/** The field names of a `#Fields:` directive (lower case); null for any other line. */
export function w3cFields(s: string): string[] | null {
  if (!s.startsWith('#Fields:')) return null;
  return s.slice(8).trim().split(/\s+/).map((f) => f.toLowerCase());
}

/** Whether W3C fields are CloudFront's (it alone logs the edge location). */
export function isCloudFront(fields: readonly string[] | undefined): boolean {
  return fields?.includes('x-edge-location') ?? false;
}
