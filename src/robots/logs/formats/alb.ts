/** AWS Application Load Balancer access logs: space-separated fields, some quoted, the request's URL absolute. */
import { parseLogTime } from '../time.js';
import { closingQuote, requestLine, splitAbsolute, unescapeLogged } from './fields.js';
import type { LogRequest } from './request.js';

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

/** An ALB access log line read as a request; null when it is not one. */
export function readAlb(s: string, line: number): LogRequest | null {
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
