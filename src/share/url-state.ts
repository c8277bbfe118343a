/**
 * The case in the URL fragment: a versioned JSON object, defaults left out, raw-deflated and
 * base64url-encoded behind a `z` marker. Decoding never throws: it returns a result the UI shows.
 */
import type { FetchStatus } from '../robots/index.js';
import type { CrawlerSpec } from '../robots/index.js';
import { deflateRaw, inflateRaw } from './deflate.js';
import { fromBase64Url, toBase64Url } from './base64url.js';
import { CASE_DEFAULTS, DEFAULT_CRAWLER, expectationKey, expectationRecord, splitExpectationKey, type CaseTest, type Expectation, type TestCaseState } from './case.js';

/** The newest link format. */
export const CURRENT_VERSION = 4;

/** The cap on a link's inflated size: a decompression bomb is refused, not unpacked. */
export const MAX_INFLATED_BYTES = 2 * 1024 * 1024;

/** Links longer than this are cut by some chat tools. */
export const LONG_LINK_CHARS = 8000;

/** Why a link or case file could not be read (the UI words it; `reason` is the English sentence). */
export type DecodeProblem =
  | 'not-json' | 'unreadable' | 'unknown-format' | 'newer-version' | 'bad-content' | 'not-base64' | 'too-large' | 'corrupt' | 'not-utf8';

/** The outcome of decoding a link; `reason` is a sentence for the user, `problem` its code. */
export type DecodeResult =
  | { readonly ok: true; readonly value: TestCaseState; readonly version: number }
  | { readonly ok: false; readonly problem: DecodeProblem; readonly reason: string; readonly version?: number };

/** A crawler on the wire: `{p: id}` for a profile, `{c: text}` for free text. */
type WireCrawler = { c?: string; p?: string };

/**
 * Format 4 on the wire: format 3's fields, and i: the Site tab's fetched sources (sitemap URLs),
 * j: its crawlers.
 */
interface WireV4 extends Omit<WireV3, 'v'> {
  v: 4;
  i?: string[];
  j?: WireCrawler[];
}

/**
 * Format 3 on the wire (format 1 is its first four fields). t: tests (u = URL), a: active test,
 * b: bulk URL list, k: bulk crawlers, e: expectations ([url, 'a' | 'b'] for every crawler, or
 * [url, 'a' | 'b', crawler] for one — format 2 had only the first), s: site,
 * h: fetch status ('301:3', 'network-error'), o: the other version to compare with.
 */
interface WireV3 {
  v: 3;
  r?: string;
  t?: (WireCrawler & { u?: string })[];
  a?: number;
  b?: string;
  k?: WireCrawler[];
  e?: ([string, 'a' | 'b'] | [string, 'a' | 'b', WireCrawler])[];
  s?: string;
  h?: string;
  o?: string;
}

function crawlerToWire(c: CrawlerSpec): WireCrawler {
  if (c.kind === 'profile') return { p: c.id };
  return c.value === 'Googlebot' ? {} : { c: c.value };
}

function statusToWire(s: FetchStatus): string {
  if (s.kind === 'network-error') return 'network-error';
  return s.redirects !== undefined ? `${s.code}:${s.redirects}` : String(s.code);
}

/** The case as current-format JSON, defaults left out. */
export function toWire(state: TestCaseState): WireV4 {
  const wire: WireV4 = { v: 4 };
  if (state.robots !== '') wire.r = state.robots;
  const tests = state.tests.map((t) => ({ ...(t.url !== '' ? { u: t.url } : {}), ...crawlerToWire(t.crawler) }));
  if (!(tests.length === 1 && Object.keys(tests[0]!).length === 0)) wire.t = tests;
  if (state.active !== 0) wire.a = state.active;
  if (state.bulkUrls !== '') wire.b = state.bulkUrls;
  if (state.bulkCrawlers.length > 0) wire.k = state.bulkCrawlers.map(crawlerToWire);
  const e = Object.entries(state.expectations);
  if (e.length > 0) {
    wire.e = e.map(([key, x]) => {
      const { url, crawler } = splitExpectationKey(key);
      const ab = x === 'allowed' ? 'a' : 'b';
      if (crawler === '') return [url, ab];
      const spec: CrawlerSpec = crawler.startsWith('p:') ? { kind: 'profile', id: crawler.slice(2) } : { kind: 'text', value: crawler.slice(2) };
      return [url, ab, crawlerToWire(spec)];
    });
  }
  if (state.site !== '') wire.s = state.site;
  const h = statusToWire(state.status);
  if (h !== '200') wire.h = h;
  if (state.compare !== null) wire.o = state.compare;
  if (state.siteSources.length > 0) wire.i = [...state.siteSources];
  if (state.siteCrawlers.length > 0) wire.j = state.siteCrawlers.map(crawlerToWire);
  return wire;
}

class Invalid extends Error {
  constructor(message: string, readonly problem: DecodeProblem = 'bad-content', readonly version?: number) {
    super(message);
  }
}

function fail(reason: string, problem?: DecodeProblem, version?: number): never {
  throw new Invalid(reason, problem, version);
}

function failure(problem: DecodeProblem, reason: string): DecodeResult {
  return { ok: false, problem, reason };
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function text(x: unknown, fallback: string, what: string): string {
  if (x === undefined) return fallback;
  if (typeof x !== 'string') fail(`${what} in the link is not text.`);
  return x;
}

function crawlerFromWire(t: Record<string, unknown>): CrawlerSpec {
  if (t.p !== undefined) {
    if (typeof t.p !== 'string' || !/^[a-z0-9-]{1,64}$/.test(t.p)) fail('A crawler in the link is not a known crawler id.');
    return { kind: 'profile', id: t.p };
  }
  const c = text(t.c, 'Googlebot', 'A crawler');
  return c === 'Googlebot' ? DEFAULT_CRAWLER : { kind: 'text', value: c };
}

function list(x: unknown, what: string, max: number): unknown[] {
  if (!Array.isArray(x)) fail(`${what} in the link is not a list.`);
  if (x.length > max) fail(`${what} in the link is too long.`);
  return x;
}

/** Format 1: robots.txt, tests and the active test. */
function fromV1(raw: Record<string, unknown>): TestCaseState {
  const robots = text(raw.r, '', 'The robots.txt');
  const rawTests = raw.t === undefined ? [{}] : list(raw.t, 'The test list', 10_000);
  if (rawTests.length === 0) fail('The test list in the link is empty.');
  const tests: CaseTest[] = rawTests.map((t) => {
    if (!isObject(t)) fail('A test in the link is not an object.');
    return { url: text(t.u, '', 'A test URL'), crawler: crawlerFromWire(t) };
  });
  const a = raw.a ?? 0;
  const active = typeof a === 'number' && Number.isInteger(a) && a >= 0 && a < tests.length ? a : 0;
  return { robots, tests, active, ...CASE_DEFAULTS };
}

function statusFromWire(h: unknown): FetchStatus {
  if (h === undefined) return CASE_DEFAULTS.status;
  if (h === 'network-error') return { kind: 'network-error' };
  const m = typeof h === 'string' ? /^([1-5]\d\d)(?::(\d{1,2}))?$/.exec(h) : null;
  if (!m) fail('The fetch result in the link is not an HTTP status.');
  return m[2] !== undefined ? { kind: 'http', code: Number(m[1]), redirects: Number(m[2]) } : { kind: 'http', code: Number(m[1]) };
}

/** Format 2 adds the bulk list, its crawlers and expectations, the site, the fetch result and compare. */
function fromV2(raw: Record<string, unknown>): TestCaseState {
  return fromV3(raw, false);
}

/** Format 3: an expectation may name its crawler (one URL × crawler). */
function fromV3(raw: Record<string, unknown>, perCrawler = true): TestCaseState {
  const base = fromV1(raw);
  const bulkCrawlers = raw.k === undefined ? [] : list(raw.k, 'The bulk crawler list', 100).map((c) => {
    if (!isObject(c)) fail('A bulk crawler in the link is not an object.');
    return crawlerFromWire(c);
  });
  const expectations = expectationRecord();
  if (raw.e !== undefined) {
    for (const e of list(raw.e, 'The expectation list', 200_000)) {
      if (!Array.isArray(e) || typeof e[0] !== 'string' || (e[1] !== 'a' && e[1] !== 'b')) fail('An expectation in the link is not [url, "a" | "b"].');
      if (e.length > 2 && !(perCrawler && isObject(e[2]))) fail('An expectation in the link names no crawler it can read.');
      const key = e.length > 2 ? expectationKey(e[0], crawlerFromWire(e[2] as Record<string, unknown>)) : e[0];
      expectations[key] = e[1] === 'a' ? 'allowed' : 'blocked';
    }
  }
  const compare = raw.o === undefined ? null : text(raw.o, '', 'The version to compare with');
  return {
    ...base,
    bulkUrls: text(raw.b, '', 'The bulk URL list'),
    bulkCrawlers,
    expectations,
    site: text(raw.s, '', 'The site'),
    status: statusFromWire(raw.h),
    compare,
  };
}

/** Format 4 adds the Site tab's fetched sources and its crawlers. */
function fromV4(raw: Record<string, unknown>): TestCaseState {
  const siteSources = raw.i === undefined ? [] : list(raw.i, 'The site sources', 10_000).map((u) => {
    if (typeof u !== 'string') fail('A site source in the link is not a URL.');
    return u;
  });
  const siteCrawlers = raw.j === undefined ? [] : list(raw.j, 'The site crawler list', 100).map((c) => {
    if (!isObject(c)) fail('A site crawler in the link is not an object.');
    return crawlerFromWire(c);
  });
  return { ...fromV3(raw), siteSources, siteCrawlers };
}

/**
 * Turns any released version into the current case: each format reads its own fields on top of
 * the one before. Throws Invalid for unknown versions or wrong types; callers catch it.
 */
function migrate(raw: unknown): { value: TestCaseState; version: number } {
  if (!isObject(raw)) fail('The link does not hold a test case.');
  const v = raw.v;
  switch (v) {
    case 1:
      return { value: fromV1(raw), version: 1 };
    case 2:
      return { value: fromV2(raw), version: 2 };
    case 3:
      return { value: fromV3(raw), version: 3 };
    case 4:
      return { value: fromV4(raw), version: 4 };
    default:
      if (typeof v === 'number' && v > CURRENT_VERSION) fail(`The link was made by a newer version of this tester (format ${v}).`, 'newer-version', v);
      fail('The link’s format is unknown.', 'unknown-format');
  }
}

/** Parses a case from JSON text (a case file, or autosave). Never throws. */
export function caseFromJson(json: string): DecodeResult {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return failure('not-json', 'The case is not valid JSON.');
  }
  return caseFromObject(raw);
}

/** Validates and migrates a parsed case object. Never throws. */
export function caseFromObject(raw: unknown): DecodeResult {
  try {
    const { value, version } = migrate(raw);
    return { ok: true, value, version };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, problem: e.problem, reason: e.message, ...(e.version !== undefined ? { version: e.version } : {}) };
    return failure('unreadable', 'The case could not be read.');
  }
}

/** Encodes a case as a URL fragment (without `#`). */
export async function encodeFragment(state: TestCaseState): Promise<string> {
  const json = JSON.stringify(toWire(state));
  return 'z' + toBase64Url(await deflateRaw(new TextEncoder().encode(json)));
}

/** Decodes a URL fragment (with or without `#`). Never throws or rejects. */
export async function decodeFragment(fragment: string): Promise<DecodeResult> {
  const f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!f.startsWith('z')) return failure('unknown-format', 'The link’s test case is not in a format this tester knows.');
  const packed = fromBase64Url(f.slice(1));
  if (packed === null) return failure('not-base64', 'The link is damaged: its data is not valid base64.');
  const bytes = await inflateRaw(packed, MAX_INFLATED_BYTES);
  if (bytes === 'too-large') return failure('too-large', 'The link unpacks to more than 2 MB; it was not opened.');
  if (bytes === 'corrupt') return failure('corrupt', 'The link is damaged or cut short: its data cannot be unpacked.');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return failure('not-utf8', 'The link is damaged: its text is not UTF-8.');
  }
  return caseFromJson(json);
}
