/** Line findings: what one line carries on its own, detected from the scan's reading of it, with repairs. */
import { extractToken, isProductToken, resolveAgent, selectKey, UNREADABLE_LISTED_NAMES } from '../crawlers/index.js';
import { escapePattern, FieldKey, LineFlag, LineKind, type LineParts } from '../google/index.js';
import { isAbsoluteHttpUrl, resolveDotSegments } from '../url/index.js';
import type { FindingArgs, FindingCode } from './catalogue.js';
import { lineFix, type LineFix } from './repairs.js';

/** The keys Google's RobotsParsingReporter knows but Google does not use (reporting_robots.cc). */
export const UNUSED_KEYS: readonly string[] = [
  'clean-param', 'content-signal', 'content-usage', 'crawl-delay', 'domain', 'host', 'noarchive', 'nofollow', 'noindex',
  'request-rate', 'revisit-after', 'visit-time',
];

// Directives of the robots meta tag written into robots.txt: the site owner asked for something
// Google does not do from here (Google Search Central, "robots meta tag"; noindex since 2019).
const INTENT_KEYS: readonly string[] = ['noarchive', 'nofollow', 'noindex'];

/** One finding on a line: code, arguments, the columns it covers (UTF-16, within the line), and its repair. */
export interface LineFinding {
  readonly code: FindingCode;
  readonly args: FindingArgs;
  readonly from: number;
  readonly to: number;
  /** The one unambiguous repair, when there is one. */
  readonly fix: LineFix | null;
}

const CANONICAL_FIELD = ['', 'User-agent', 'Allow', 'Disallow', 'Sitemap', ''];

const FIELD_NAMES = ['', 'user-agent', 'allow', 'disallow', 'sitemap', ''];

/** The field name (`user-agent`, `allow`…) of a FieldKey, '' for unknown keys. */
export function fieldName(field: number): string {
  return FIELD_NAMES[field] ?? '';
}

/**
 * Every finding a line carries on its own, from the scan's reading of it (kind, field, flags,
 * spans): no second grammar. Findings that need the whole file (shadowed rules, merged groups…)
 * come from `diagnose`.
 */
export function lineFindings(p: LineParts, context: { readonly site?: string } = {}): LineFinding[] {
  const out: LineFinding[] = [];
  const { kind, flags, text } = p;
  const key = p.keyFrom >= 0 ? text.slice(p.keyFrom, p.keyTo) : '';
  const value = p.valueFrom >= 0 ? text.slice(p.valueFrom, p.valueTo) : '';
  const field = fieldName(p.field);
  const whole = { from: 0, to: text.length };
  const keySpan = { from: Math.max(p.keyFrom, 0), to: Math.max(p.keyTo, 0) };
  const valueSpan = p.valueFrom >= 0 ? { from: p.valueFrom, to: p.valueTo } : whole;
  const add = (code: FindingCode, args: FindingArgs, span: { from: number; to: number }, fix: LineFix | null = null) => out.push({ code, args, ...span, fix });
  const canonical = CANONICAL_FIELD[p.field] ?? '';
  const writeKey: LineFix | null = canonical ? lineFix('write', { text: canonical }, keySpan.from, keySpan.to, canonical) : null;

  if (kind === LineKind.AfterLimit) {
    add('after-limit', {}, whole);
    return out;
  }
  if (kind === LineKind.Invalid) {
    const reason = flags & LineFlag.EmptyKey ? 'emptyKey' : flags & LineFlag.ManyWords ? 'words' : 'shape';
    add('invalid-line', { reason }, whole);
  }
  if (kind === LineKind.IgnoredField) {
    const lower = key.toLowerCase();
    // AI-use preferences are read with the whole file (prefs/): diagnose words them.
    if (lower === 'content-signal' || lower === 'content-usage') { /* see diagnoseSignals */ }
    else if (lower === 'license') add(isAbsoluteHttpUrl(value) ? 'rsl-license' : 'rsl-license-not-absolute', { url: value }, valueSpan);
    else if (INTENT_KEYS.includes(lower)) add('intent-dropped', { key, keyid: selectKey(lower) }, keySpan);
    else if (UNUSED_KEYS.includes(lower)) add('unused-field', { key, keyid: selectKey(lower) }, keySpan);
    else add('ignored-field', { key }, keySpan);
  }
  if (flags & LineFlag.Typo) add('misspelled-field', { key, field, canonical }, keySpan, writeKey);
  else if (flags & LineFlag.KeyPrefix && kind !== LineKind.IgnoredField) add('field-prefix', { key, field, canonical }, keySpan, writeKey);
  if (flags & LineFlag.MissingColon) {
    add('missing-colon', { key, value }, whole, lineFix('add-colon', {}, p.keyTo, p.valueFrom, ': '));
  }
  if (kind === LineKind.RuleOutsideGroup) add('rule-outside-group', {}, whole, lineFix('add-user-agent', {}, 0, 0, 'User-agent: *\n'));
  if (kind === LineKind.EmptyRule) add(p.field === FieldKey.Disallow ? 'empty-disallow' : 'empty-allow', {}, whole);
  if (flags & LineFlag.NeverMatches) add('path-never-matches', { value }, valueSpan, lineFix('write', { text: `/${value}` }, p.valueFrom, p.valueFrom, '/'));
  const isRule = kind === LineKind.Allow || kind === LineKind.Disallow || (kind === LineKind.RuleOutsideGroup && value !== '');
  if (isRule) {
    const dollar = value.indexOf('$');
    if (dollar >= 0 && dollar < value.length - 1) add('dollar-not-at-end', {}, valueSpan);
    if (value.includes(' ')) {
      const encoded = value.replace(/ /g, '%20');
      add('path-has-space', { encoded }, valueSpan, lineFix('write', { text: encoded }, p.valueFrom, p.valueTo, encoded));
    }
    const unsendable = unsendablePath(value);
    if (unsendable) add('path-unsendable', unsendable, valueSpan, lineFix('write', { text: unsendable.rewrite }, p.valueFrom, p.valueTo, unsendable.rewrite));
    if (flags & LineFlag.Escaped) add('escaped-pattern', { pattern: escapePattern(value) }, valueSpan);
  }
  if (kind === LineKind.UserAgent && flags & LineFlag.AgentCut) {
    const rewrite = agentRewrite(value);
    // Only a pasted User-Agent string or a name/version is rewritten: any other name belongs to a
    // crawler with a parser of its own (MJ12bot, AI2Bot), which a rewrite could break.
    if (rewrite === null) add('agent-name-unreadable', { value, token: extractToken(value) }, valueSpan);
    else add('agent-cut', { value, token: extractToken(value) }, valueSpan, rewrite ? lineFix('write', { text: rewrite }, p.valueFrom, p.valueTo, rewrite) : null);
  }
  if (kind === LineKind.UserAgent && flags & LineFlag.AgentEmpty) add('agent-empty', { value }, valueSpan);
  if (kind === LineKind.Sitemap && !isAbsoluteHttpUrl(value)) {
    const absolute = context.site ? absoluteOn(context.site, value) : null;
    add('sitemap-not-absolute', { value }, valueSpan, absolute ? lineFix('write', { text: absolute }, p.valueFrom, p.valueTo, absolute) : null);
  }
  if (flags & LineFlag.LongLineCut) add('long-line', {}, whole);
  if (flags & LineFlag.NulCut) add('nul-byte', {}, whole);
  if (flags & LineFlag.LimitCut) add('over-size-limit', { bytes: 0 }, whole);
  return out;
}

// Characters a browser's URL parser percent-encodes (besides the space, found on its own): in the
// path " < > ` { }, in the query " < > '.
const UNSENDABLE_PATH = /["<>`{}]/;
const UNSENDABLE_QUERY = /["<>']/;

/**
 * Why a rule's pattern can never match a URL a crawler sends, and the rewrite that can: raw
 * characters the URL parser encodes, or `.`/`..` segments it resolves. Null when it can match.
 */
function unsendablePath(value: string): { kind: 'chars' | 'dots'; chars: string; rewrite: string } | null {
  const q = value.indexOf('?');
  const path = q < 0 ? value : value.slice(0, q);
  const query = q < 0 ? '' : value.slice(q);
  if (/(?:^|\/)\.{1,2}(?:\/|$)/.test(path.replace(/\$$/, ''))) {
    const rewrite = resolveDotSegments(path.startsWith('/') ? path : '/' + path) + query;
    return rewrite === value ? null : { kind: 'dots', chars: '', rewrite };
  }
  if (!UNSENDABLE_PATH.test(path) && !UNSENDABLE_QUERY.test(query)) return null;
  const encode = (s: string, set: RegExp) => s.replace(new RegExp(set.source, 'g'), (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  const found = [...new Set([...path].filter((c) => UNSENDABLE_PATH.test(c)).concat([...query].filter((c) => UNSENDABLE_QUERY.test(c))))];
  return { kind: 'chars', chars: found.map((c) => `“${c}”`).join(' '), rewrite: encode(path, UNSENDABLE_PATH) + encode(query, UNSENDABLE_QUERY) };
}

// AI crawlers listed under names Google's parser cuts short (AI2Bot → AI): written on purpose.
const UNREADABLE_AI_NAMES: ReadonlySet<string> = new Set(UNREADABLE_LISTED_NAMES.map((t) => t.toLowerCase()));

/**
 * The crawler name a cut user-agent value stands for: a pasted User-Agent string's token, or the
 * name before `/version`; '' when Google's reading is what was meant but no rewrite is sure; null
 * when the value names a crawler that reads it with a parser of its own (no rewrite).
 */
function agentRewrite(value: string): string | null {
  if (UNREADABLE_AI_NAMES.has(value.toLowerCase())) return null;
  if (/[(;]/.test(value)) {
    const token = resolveAgent(value).tokens[0];
    return token && isProductToken(token) ? token : '';
  }
  const slash = value.indexOf('/');
  const name = slash < 0 ? value : value.slice(0, slash);
  if (slash > 0 && isProductToken(name)) return name;
  // A name Google's parser cannot read whole: one of Google's own crawlers mistyped, or another's name.
  const token = extractToken(value);
  return token !== '' && resolveAgent(token).profile?.operator === 'Google' ? '' : null;
}

/** `value` made absolute on the site's root, or null when it cannot be. */
function absoluteOn(site: string, value: string): string | null {
  const root = /^[a-z][a-z0-9+.-]*:\/\//i.test(site.trim()) ? site.trim() : `https://${site.trim()}`;
  try {
    const u = new URL(value, new URL('/', root));
    return (u.protocol === 'http:' || u.protocol === 'https:') && value.trim() !== '' ? u.href : null;
  } catch {
    return null;
  }
}
