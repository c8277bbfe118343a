/**
 * JSON lines: one object per line, with Cloudflare Logpush's field names (http_requests, and the
 * `Datetime` of its other datasets) or
 * common generic keys (nginx and Caddy JSON, GCP's httpRequest, Elastic ECS).
 */
import { isTimeShaped, parseLogTime } from '../time.js';
import { isDigits, plainHost, requestLine, splitAbsolute } from './fields.js';
import type { LogRequest } from './request.js';

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
const JSON_TIME = keys('EdgeStartTimestamp', 'Datetime', 'EdgeEndTimestamp', 'time', 'timestamp', '@timestamp', 'time_iso8601', 'time_local', 'ts', 'date', 'datetime', 'start_time', 'request_time_start');
const JSON_METHOD = keys('ClientRequestMethod', 'method', 'request_method', 'requestMethod', 'httpRequest.requestMethod', 'http.request.method', 'request.method', 'cs-method');
const JSON_STATUS = keys('EdgeResponseStatus', 'status', 'status_code', 'statusCode', 'httpRequest.status', 'http.response.status_code', 'sc-status', 'OriginResponseStatus');

/** A JSON line read as a request; null when it is not one. */
export function readJson(s: string, line: number): LogRequest | null {
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
  // A time written as one but impossible (32 March, +99:99) makes the line unreadable, not undated.
  if (Number.isNaN(time) && timeValue !== undefined && isTimeShaped(timeValue as string | number)) return null;
  const statusText = first(j, JSON_STATUS);
  const status = isDigits(statusText) ? Number(statusText) : 0;
  // X-Forwarded-For may list proxies after the client.
  const client = ip.indexOf(',') >= 0 ? ip.slice(0, ip.indexOf(',')).trim() : ip;
  return { line, time, ip: client, method, target, host: plainHost(host), status, userAgent: ua };
}

/** Whether a JSON line uses Cloudflare Logpush's field names. */
export function isCloudflareLine(s: string): boolean {
  return s.indexOf('"ClientRequestURI"') >= 0 || s.indexOf('"ClientIP"') >= 0;
}
