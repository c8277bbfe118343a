/**
 * Server log lines read as requests: Apache/nginx common and combined (with or without a leading
 * virtual host), W3C extended (IIS, CloudFront), AWS ALB and JSON lines (Cloudflare Logpush field
 * names and common generic keys). Each reader takes one line and never throws; the format is
 * detected from the first lines.
 */
import { parseLogTime, parseW3cTime, parseClfTime } from './time.js';

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

/** The formats, in words, for the message when none fits. */
export const LOG_FORMAT_NAMES = 'Apache/nginx common or combined (optionally with a leading virtual host), W3C extended (IIS, CloudFront), AWS ALB, JSON lines (Cloudflare Logpush or keys such as ip, time, url/path/request, user_agent)';

/** What `read` says of a line that is no request: blank, or a W3C directive (not counted as unreadable). */
export const NOT_A_REQUEST = undefined;

const hasBackslash = (s: string) => s.indexOf('\\') >= 0;

/** Apache's and nginx's escapes in a quoted field: \" \\ \xHH. */
function unescapeLogged(s: string): string {
  if (!hasBackslash(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\' || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const n = s[i + 1]!;
    if (n === 'x' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 2, i + 4))) {
      out += String.fromCharCode(parseInt(s.slice(i + 2, i + 4), 16));
      i += 3;
    } else if (n === '"' || n === '\\') {
      out += n;
      i++;
    } else if (n === 't') {
      out += '\t';
      i++;
    } else if (n === 'n') {
      out += '\n';
      i++;
    } else {
      out += c;
    }
  }
  return out;
}

/** The end (index of the closing quote) of a quoted field opened at `open`; -1 when it never closes. */
function closingQuote(s: string, open: number): number {
  for (let i = open + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i;
  }
  return -1;
}

/** "METHOD target PROTOCOL" → method and target; a request line that is not one gives empty strings. */
function requestLine(req: string): { method: string; target: string } {
  const sp = req.indexOf(' ');
  if (sp <= 0) return { method: '', target: '' };
  const method = req.slice(0, sp);
  if (!/^[A-Z][A-Z_-]*$/.test(method)) return { method: '', target: '' };
  const last = req.lastIndexOf(' ');
  const target = last > sp && req.startsWith('HTTP/', last + 1) ? req.slice(sp + 1, last) : req.slice(sp + 1);
  return target === '' || target.indexOf(' ') >= 0 ? { method, target: '' } : { method, target };
}

/** A host as compared: lower case, without the port when it is a default one. */
export function plainHost(host: string): string {
  const h = host.trim().toLowerCase();
  return h.endsWith(':80') || h.endsWith(':443') ? h.slice(0, h.lastIndexOf(':')) : h;
}

const isDigits = (s: string) => s.length > 0 && /^\d+$/.test(s);

/**
 * Common and combined (`%h %l %u %t "%r" %>s %b ["%{Referer}i" "%{User-Agent}i"]`), with an
 * optional leading virtual host (`%v` or `%v:%p`, Apache's vhost_combined); fields after the
 * user agent (nginx's extras) are allowed.
 */
/** The last time read and its value: consecutive lines mostly share their second. */
interface Clock {
  text: string;
  time: number;
}

function readClf(s: string, line: number, clock: Clock): LogRequest | null {
  const open = s.indexOf(' [');
  if (open <= 0) return null;
  const close = s.indexOf(']', open + 2);
  if (close < 0 || s.charCodeAt(close + 1) !== 0x20 || s.charCodeAt(close + 2) !== 0x22) return null;
  // Three fields before the time (%h %l %u: the third space is the one before '['), or four
  // with a virtual host first.
  const s1 = s.indexOf(' ');
  const s2 = s.indexOf(' ', s1 + 1);
  const s3 = s2 < 0 || s2 >= open ? -1 : s.indexOf(' ', s2 + 1);
  let vhost = '';
  let ip: string;
  if (s3 === open) {
    ip = s.slice(0, s1);
  } else if (s3 > 0 && s.indexOf(' ', s3 + 1) === open) {
    vhost = s.slice(0, s1);
    ip = s.slice(s1 + 1, s2);
  } else return null;
  let time = clock.time;
  if (close - open - 2 !== clock.text.length || !s.startsWith(clock.text, open + 2)) {
    clock.text = s.slice(open + 2, close);
    time = clock.time = parseClfTime(clock.text);
  }
  if (Number.isNaN(time) || ip === '') return null;
  const reqEnd = closingQuote(s, close + 2);
  if (reqEnd < 0) return null;
  const { method, target } = requestLine(unescapeLogged(s.slice(close + 3, reqEnd)));
  // " status bytes"
  if (s.charCodeAt(reqEnd + 1) !== 0x20) return null;
  const st = reqEnd + 2;
  if (!isDigit(s.charCodeAt(st)) || !isDigit(s.charCodeAt(st + 1)) || !isDigit(s.charCodeAt(st + 2))) return null;
  const afterStatus = s.charCodeAt(st + 3);
  if (!Number.isNaN(afterStatus) && afterStatus !== 0x20) return null;
  const status = (s.charCodeAt(st) - 48) * 100 + (s.charCodeAt(st + 1) - 48) * 10 + (s.charCodeAt(st + 2) - 48);
  let userAgent = '';
  if (afterStatus === 0x20) {
    const bytesStart = st + 4;
    let bytesEnd = bytesStart;
    if (s.charCodeAt(bytesStart) === 0x2d) bytesEnd++;
    else while (isDigit(s.charCodeAt(bytesEnd))) bytesEnd++;
    if (bytesEnd === bytesStart) return null;
    const next = s.charCodeAt(bytesEnd);
    if (!Number.isNaN(next)) {
      if (next !== 0x20 || s.charCodeAt(bytesEnd + 1) !== 0x22) return null;
      // Combined: the referer and the user agent, both quoted.
      const refEnd = closingQuote(s, bytesEnd + 1);
      if (refEnd < 0 || s.charCodeAt(refEnd + 1) !== 0x20 || s.charCodeAt(refEnd + 2) !== 0x22) return null;
      const uaEnd = closingQuote(s, refEnd + 2);
      if (uaEnd < 0) return null;
      const ua = unescapeLogged(s.slice(refEnd + 3, uaEnd));
      userAgent = ua === '-' ? '' : ua;
    }
  }
  return { line, time, ip, method, target, host: vhost ? plainHost(vhost) : '', status, userAgent };
}

const isDigit = (c: number) => c >= 48 && c <= 57;

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
function readW3c(s: string, line: number, fields: readonly string[] | undefined): LogRequest | null {
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
  const cloudfront = fields.includes('x-edge-location');
  const host = w3cValue(get('x-host-header')) || w3cValue(get('cs-host')) || (cloudfront ? '' : w3cValue(get('cs(host)')));
  return {
    line, time, ip, method: w3cValue(get('cs-method')), target, host: plainHost(host),
    status: statusText && statusText !== '-' ? Number(statusText) : 0, userAgent: w3cValue(get('cs(user-agent)'), cloudfront ? 'cloudfront' : 'iis'),
  };
}

const ALB_TYPES = new Set(['http', 'https', 'h2', 'grpcs', 'ws', 'wss']);

/** Space-separated fields, a quoted field taken whole (its quotes dropped); null when a quote never closes. */
function quotedFields(s: string, max: number): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < s.length && out.length < max) {
    if (s.charCodeAt(i) === 0x22) {
      const end = closingQuote(s, i);
      if (end < 0) return null;
      out.push(unescapeLogged(s.slice(i + 1, end)));
      i = end + 1;
    } else {
      let end = s.indexOf(' ', i);
      if (end < 0) end = s.length;
      out.push(s.slice(i, end));
      i = end;
    }
    if (i < s.length && s.charCodeAt(i) !== 0x20) return null;
    i++;
  }
  return out;
}

/** The address of `ip:port` (IPv6 with or without brackets). */
function withoutPort(hostPort: string): string {
  if (hostPort.startsWith('[')) {
    const end = hostPort.indexOf(']');
    return end > 0 ? hostPort.slice(1, end) : hostPort;
  }
  const colon = hostPort.lastIndexOf(':');
  return colon > 0 ? hostPort.slice(0, colon) : hostPort;
}

/** An absolute request URL split into host and target (path and query). */
function splitAbsolute(url: string): { host: string; target: string } | null {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)(.*)$/.exec(url);
  if (!m) return null;
  return { host: plainHost(m[1]!), target: m[2] || '/' };
}

/** AWS Application Load Balancer access log lines. */
function readAlb(s: string, line: number): LogRequest | null {
  const f = quotedFields(s, 14);
  if (!f || f.length < 14 || !ALB_TYPES.has(f[0]!)) return null;
  const time = parseLogTime(f[1]!);
  if (Number.isNaN(time)) return null;
  const ip = withoutPort(f[3]!);
  const status = f[8] === '-' ? 0 : Number(f[8]);
  if (!Number.isInteger(status)) return null;
  const { method, target: raw } = requestLine(f[12]!);
  const abs = raw ? splitAbsolute(raw) : null;
  const ua = f[13]!;
  return { line, time, ip, method, target: abs ? abs.target : raw, host: abs ? abs.host : '', status, userAgent: ua === '-' ? '' : ua };
}

type Json = Record<string, unknown>;

/** A value at a path of keys, or undefined. */
function at(o: Json, path: readonly string[]): unknown {
  let v: unknown = o;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Json)[k];
  }
  return v;
}

/** The first of `paths` holding a string or number, as a string ('' when none). */
function first(o: Json, paths: readonly (readonly string[])[]): string {
  for (const p of paths) {
    const v = p.length === 1 ? o[p[0]!] : at(o, p);
    if (typeof v === 'string' && v !== '' && v !== '-') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return '';
}

const keys = (...names: string[]) => names.map((n) => n.split('.'));
// Cloudflare Logpush first, then common generic keys (nginx/Caddy JSON, GCP httpRequest, Elastic ECS).
const JSON_IP = keys('ClientIP', 'ip', 'remote_addr', 'remoteAddr', 'client_ip', 'clientIp', 'clientIP', 'c-ip', 'remote_ip', 'remoteIp', 'httpRequest.remoteIp', 'source.ip', 'client.ip', 'request.remote_ip', 'http_x_forwarded_for', 'x_forwarded_for');
const JSON_URI = keys('ClientRequestURI', 'ClientRequestPath', 'request_uri', 'requestUri', 'uri', 'url', 'path', 'httpRequest.requestUrl', 'url.original', 'url.path', 'request.uri', 'cs-uri-stem');
const JSON_REQUEST = keys('request');
const JSON_HOST = keys('ClientRequestHost', 'host', 'http_host', 'hostname', 'server_name', 'request.host', 'url.domain', 'cs-host');
const JSON_UA = keys('ClientRequestUserAgent', 'user_agent', 'http_user_agent', 'userAgent', 'useragent', 'ua', 'agent', 'httpRequest.userAgent', 'user_agent.original', 'request.headers.User-Agent.0', 'cs(User-Agent)');
const JSON_TIME = keys('EdgeStartTimestamp', 'time', 'timestamp', '@timestamp', 'time_iso8601', 'time_local', 'ts', 'date', 'datetime', 'start_time', 'request_time_start');
const JSON_METHOD = keys('ClientRequestMethod', 'method', 'request_method', 'requestMethod', 'httpRequest.requestMethod', 'http.request.method', 'request.method', 'cs-method');
const JSON_STATUS = keys('EdgeResponseStatus', 'status', 'status_code', 'statusCode', 'httpRequest.status', 'http.response.status_code', 'sc-status', 'OriginResponseStatus');

/** JSON lines: one object per line, with Cloudflare's field names or common generic keys. */
function readJson(s: string, line: number): LogRequest | null {
  if (s.charCodeAt(0) !== 0x7b) return null;
  let o: unknown;
  try {
    o = JSON.parse(s);
  } catch {
    return null;
  }
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return null;
  const j = o as Json;
  let uri = first(j, JSON_URI);
  let method = first(j, JSON_METHOD);
  if (uri === '') {
    const req = first(j, JSON_REQUEST);
    if (req !== '') {
      const r = requestLine(req);
      uri = r.target;
      method ||= r.method;
    }
  }
  const ua = first(j, JSON_UA);
  if (uri === '' && ua === '') return null;
  let host = first(j, JSON_HOST);
  let target = uri;
  const abs = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(uri) ? splitAbsolute(uri) : null;
  if (abs) {
    target = abs.target;
    host ||= abs.host;
  }
  const ip = first(j, JSON_IP);
  const timeValue = JSON_TIME.map((p) => (p.length === 1 ? j[p[0]!] : at(j, p))).find((v) => typeof v === 'string' || typeof v === 'number');
  const time = timeValue === undefined ? NaN : parseLogTime(timeValue as string | number);
  const statusText = first(j, JSON_STATUS);
  const status = isDigits(statusText) ? Number(statusText) : 0;
  // X-Forwarded-For may list proxies after the client.
  const client = ip.indexOf(',') >= 0 ? ip.slice(0, ip.indexOf(',')).trim() : ip;
  return { line, time, ip: client, method, target, host: plainHost(host), status, userAgent: ua };
}

/** A directive line of W3C extended logs (`#Fields:`, `#Version:`, …); only #Fields matters. */
function w3cFields(s: string): string[] | null {
  if (!s.startsWith('#Fields:')) return null;
  return s.slice(8).trim().split(/\s+/).map((f) => f.toLowerCase());
}

/** Reads lines of one format; a W3C reader follows each #Fields directive it reads. */
export class LogReader {
  private fields: readonly string[] | undefined;
  private readonly clock: Clock = { text: '', time: NaN };

  constructor(readonly family: LogFamily, fields?: readonly string[]) {
    this.fields = fields;
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
   * W3C directive); null for a line that cannot be read. Never throws.
   */
  read(s: string, line: number): LogRequest | null | undefined {
    if (s.length === 0 || (s.length < 3 && s.trim() === '')) return NOT_A_REQUEST;
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
          if (f) this.fields = f;
          return NOT_A_REQUEST;
        }
        return readW3c(s, line, this.fields);
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
  if (family === 'w3c') return fields?.includes('x-edge-location') ? 'w3c-cloudfront' : 'w3c-iis';
  if (family === 'alb') return 'aws-alb';
  return family === 'json' ? 'json' : 'combined';
}

/** What the first lines tell of the format. */
export type LogDetection =
  | { readonly ok: true; readonly reader: LogReader; readonly format: string }
  | { readonly ok: false; readonly message: string };

const FAMILIES: readonly LogFamily[] = ['clf', 'w3c', 'alb', 'json'];

/**
 * The format of a log from its first lines: the family that reads most of them (at least half of
 * those that are not blank or directives). A reader to start with, or a message naming the formats.
 */
export function detectLogFormat(lines: readonly string[]): LogDetection {
  const sample = lines.slice(0, 200);
  if (sample.some((l) => l.indexOf('\u0000') >= 0)) return { ok: false, message: 'this is a binary file, not a text log' };
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
      : family === 'json' ? (sample.some((l) => l.indexOf('"ClientRequestURI"') >= 0 || l.indexOf('"ClientIP"') >= 0) ? 'json-cloudflare' : 'json')
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
