/**
 * The case in the URL fragment: a versioned JSON object, defaults left out, raw-deflated and
 * base64url-encoded behind a `z` marker. Decoding never throws: it returns a result the UI shows.
 */
import { deflateRaw, inflateRaw } from './deflate.js';
import { fromBase64Url, toBase64Url } from './base64url.js';
import { DEFAULT_CRAWLER, type CaseTest, type TestCaseState } from './case.js';

/** The newest link format. */
export const CURRENT_VERSION = 1;

/** The cap on a link's inflated size: a decompression bomb is refused, not unpacked. */
export const MAX_INFLATED_BYTES = 2 * 1024 * 1024;

/** Links longer than this are cut by some chat tools. */
export const LONG_LINK_CHARS = 8000;

/** The outcome of decoding a link; `reason` is a sentence for the user. */
export type DecodeResult =
  | { readonly ok: true; readonly value: TestCaseState; readonly version: number }
  | { readonly ok: false; readonly reason: string };

/** Format 1 on the wire. `t` entries: u = URL, c = crawler text, p = crawler profile id. */
interface WireV1 {
  v: 1;
  r?: string;
  t?: { u?: string; c?: string; p?: string }[];
  a?: number;
}

/** The case as format-1 JSON, defaults left out. */
export function toWire(state: TestCaseState): WireV1 {
  const wire: WireV1 = { v: 1 };
  if (state.robots !== '') wire.r = state.robots;
  const tests = state.tests.map((t) => {
    const e: { u?: string; c?: string; p?: string } = {};
    if (t.url !== '') e.u = t.url;
    if (t.crawler.kind === 'profile') e.p = t.crawler.id;
    else if (t.crawler.value !== 'Googlebot') e.c = t.crawler.value;
    return e;
  });
  if (!(tests.length === 1 && Object.keys(tests[0]!).length === 0)) wire.t = tests;
  if (state.active !== 0) wire.a = state.active;
  return wire;
}

class Invalid extends Error {}

function fail(reason: string): never {
  throw new Invalid(reason);
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function fromV1(raw: Record<string, unknown>): TestCaseState {
  const robots = raw.r ?? '';
  if (typeof robots !== 'string') fail('The robots.txt in the link is not text.');
  const rawTests = raw.t ?? [{}];
  if (!Array.isArray(rawTests) || rawTests.length === 0) fail('The link’s test list is not a list.');
  if (rawTests.length > 10_000) fail('The link holds too many tests.');
  const tests: CaseTest[] = rawTests.map((t) => {
    if (!isObject(t)) fail('A test in the link is not an object.');
    const url = t.u ?? '';
    if (typeof url !== 'string') fail('A test URL in the link is not text.');
    if (t.p !== undefined) {
      if (typeof t.p !== 'string' || !/^[a-z0-9-]{1,64}$/.test(t.p)) fail('A crawler in the link is not a known crawler id.');
      return { url, crawler: { kind: 'profile', id: t.p } };
    }
    const c = t.c ?? 'Googlebot';
    if (typeof c !== 'string') fail('A crawler in the link is not text.');
    return { url, crawler: c === 'Googlebot' ? DEFAULT_CRAWLER : { kind: 'text', value: c } };
  });
  const a = raw.a ?? 0;
  const active = typeof a === 'number' && Number.isInteger(a) && a >= 0 && a < tests.length ? a : 0;
  return { robots, tests, active };
}

/**
 * Turns any stored version into the current case (a fall-through chain as formats are added).
 * Throws Invalid for unknown versions or wrong types; callers catch it.
 */
function migrate(raw: unknown): { value: TestCaseState; version: number } {
  if (!isObject(raw)) fail('The link does not hold a test case.');
  const v = raw.v;
  switch (v) {
    case 1:
      return { value: fromV1(raw), version: 1 };
    default:
      fail(typeof v === 'number' && v > CURRENT_VERSION
        ? `The link was made by a newer version of this tester (format ${v}).`
        : 'The link’s format is unknown.');
  }
}

/** Parses a case from JSON text (a case file, or autosave). Never throws. */
export function caseFromJson(text: string): DecodeResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'The case is not valid JSON.' };
  }
  return caseFromObject(raw);
}

/** Validates and migrates a parsed case object. Never throws. */
export function caseFromObject(raw: unknown): DecodeResult {
  try {
    const { value, version } = migrate(raw);
    return { ok: true, value, version };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, reason: e.message };
    return { ok: false, reason: 'The case could not be read.' };
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
  if (!f.startsWith('z')) return { ok: false, reason: 'The link’s test case is not in a format this tester knows.' };
  const packed = fromBase64Url(f.slice(1));
  if (packed === null) return { ok: false, reason: 'The link is damaged: its data is not valid base64.' };
  const bytes = await inflateRaw(packed, MAX_INFLATED_BYTES);
  if (bytes === 'too-large') return { ok: false, reason: 'The link unpacks to more than 2 MB; it was not opened.' };
  if (bytes === 'corrupt') return { ok: false, reason: 'The link is damaged or cut short: its data cannot be unpacked.' };
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'The link is damaged: its text is not UTF-8.' };
  }
  return caseFromJson(json);
}
