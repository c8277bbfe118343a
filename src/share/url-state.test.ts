import { describe, expect, it } from 'vitest';
import frozenV1 from './fixtures/link-v1.json';
import frozenV2 from './fixtures/link-v2.json';
import frozenV3 from './fixtures/link-v3.json';
import frozenV4 from './fixtures/link-v4.json';
import { toBase64Url } from './base64url.js';
import { deflateRaw } from './deflate.js';
import { CASE_DEFAULTS, expectationFor, makeCase, type TestCaseState } from './case.js';
import { caseFromJson, decodeFragment, encodeFragment, toWire } from './url-state.js';

const sample: TestCaseState = {
  ...makeCase('User-agent: *\r\nDisallow: /ä#x\r\n\tAllow: /100%\n', [
    { url: 'https://a.test/ä?q=%20', crawler: { kind: 'text', value: 'Googlebot' } },
    { url: '/x', crawler: { kind: 'profile', id: 'adsbot-google' } },
  ], 1),
  bulkUrls: '/a\n/b\r\n https://a.test/c ',
  bulkCrawlers: [{ kind: 'profile', id: 'googlebot-image' }, { kind: 'text', value: 'Bingbot' }],
  expectations: { '/a': 'allowed', '/b': 'blocked' },
  site: 'https://a.test',
  status: { kind: 'http', code: 301, redirects: 3 },
  compare: 'User-agent: *\nDisallow: /',
  siteSources: ['https://a.test/sitemap_index.xml', 'https://a.test/feed?x=1&y=ä'],
  siteCrawlers: [{ kind: 'profile', id: 'gptbot' }, { kind: 'text', value: 'FooBot/1.0' }],
};

const pack = async (json: string) => 'z' + toBase64Url(await deflateRaw(new TextEncoder().encode(json)));

describe('link codec', () => {
  it('round-trips text with non-ASCII, #, %, tabs and CRLF, several tests and a profile', async () => {
    const fragment = await encodeFragment(sample);
    expect(fragment).toMatch(/^z[A-Za-z0-9_-]+$/);
    expect(await decodeFragment('#' + fragment)).toEqual({ ok: true, value: sample, version: 4 });
  });
  it('leaves defaults out', () => {
    expect(toWire(makeCase('', [{ url: '', crawler: { kind: 'text', value: 'Googlebot' } }]))).toEqual({ v: 4 });
  });
  it('keeps surrogate-escaped bytes from opened files', async () => {
    const c = { ...sample, robots: 'Disallow: /caf\uDCE9' };
    expect(await decodeFragment(await encodeFragment(c))).toMatchObject({ ok: true, value: c });
  });
});

describe('link codec: hostile fragments never throw', () => {
  it.each([
    ['not our format', 'hello'],
    ['invalid base64', 'z!!!'],
    ['impossible base64 length', 'zA'],
    ['not deflate', 'z' + toBase64Url(new TextEncoder().encode('plain text, not deflate'))],
  ])('%s', async (_name, fragment) => {
    const r = await decodeFragment(fragment);
    expect(r.ok).toBe(false);
  });
  it('a truncated link', async () => {
    const f = await encodeFragment({ ...sample, robots: 'x'.repeat(100) + sample.robots + Math.random() });
    const r = await decodeFragment(f.slice(0, Math.floor(f.length / 2)));
    expect(r).toMatchObject({ ok: false, reason: expect.stringMatching(/damaged|cut short/) });
  });
  it('a decompression bomb is refused past 2 MB', async () => {
    const bomb = await pack(JSON.stringify({ v: 1, r: 'A'.repeat(3 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(10_000);
    expect(await decodeFragment(bomb)).toEqual({ ok: false, problem: 'too-large', reason: 'The link unpacks to more than 2 MB; it was not opened.' });
  });
  it.each([
    ['unknown version', { v: 99 }, /newer version/],
    ['no version', { r: 'x' }, /format is unknown/],
    ['robots not text', { v: 1, r: 42 }, /not text/],
    ['tests not a list', { v: 1, t: 'x' }, /not a list/],
    ['test not an object', { v: 1, t: [3] }, /not an object/],
    ['url not text', { v: 1, t: [{ u: ['x'] }] }, /not text/],
    ['bad profile id', { v: 1, t: [{ p: '<script>' }] }, /crawler id/],
    ['bad fetch status', { v: 2, h: '<b>' }, /HTTP status/],
    ['bad expectation', { v: 2, e: [['/x', 'maybe']] }, /expectation/],
    ['bulk list not text', { v: 2, b: 5 }, /not text/],
    ['site sources not a list', { v: 4, i: 'https://a.test/s.xml' }, /not a list/],
    ['site source not text', { v: 4, i: [{}] }, /not a URL/],
    ['site crawler not an object', { v: 4, j: ['x'] }, /not an object/],
    ['not an object', [1, 2], /does not hold/],
  ])('%s', async (_name, wire, reason) => {
    expect(await decodeFragment(await pack(JSON.stringify(wire)))).toMatchObject({ ok: false, reason: expect.stringMatching(reason) });
  });
  it('invalid JSON and invalid UTF-8', async () => {
    expect(await decodeFragment(await pack('{"v":1,'))).toMatchObject({ ok: false });
    const bad = 'z' + toBase64Url(await deflateRaw(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])));
    expect(await decodeFragment(bad)).toMatchObject({ ok: false, reason: expect.stringMatching(/UTF-8/) });
  });
  it('HTML in values is kept as plain text (the UI never injects it)', async () => {
    const html = { v: 1, r: '<img src=x onerror=alert(1)>', t: [{ u: '"><script>alert(1)</script>', c: '<b>bot</b>' }] };
    const r = await decodeFragment(await pack(JSON.stringify(html)));
    expect(r).toMatchObject({ ok: true, value: { robots: html.r, tests: [{ url: html.t[0]!.u, crawler: { kind: 'text', value: '<b>bot</b>' } }] } });
  });
  it('an out-of-range active index falls back to the first test', () => {
    expect(caseFromJson(JSON.stringify({ v: 1, a: 5 }))).toMatchObject({ ok: true, value: { active: 0 } });
  });
});

describe('frozen links (every released format decodes forever)', () => {
  it('format 1', async () => {
    // Format 1 migrates: the parts it did not have take their defaults.
    expect(await decodeFragment(frozenV1.fragment)).toEqual({ ok: true, value: { ...frozenV1.value, ...CASE_DEFAULTS }, version: 1 });
  });
  it('format 2', async () => {
    expect(await decodeFragment(frozenV2.fragment)).toEqual({ ok: true, value: { ...CASE_DEFAULTS, ...frozenV2.value }, version: 2 });
  });
  it('format 3', async () => {
    // Formats before 4 had no Site tab: its sources and crawlers take their defaults.
    expect(await decodeFragment(frozenV3.fragment)).toEqual({ ok: true, value: { ...CASE_DEFAULTS, ...frozenV3.value }, version: 3 });
  });
  it('format 4: the Site tab\'s fetched sources and crawlers', async () => {
    expect(await decodeFragment(frozenV4.fragment)).toEqual({ ok: true, value: frozenV4.value, version: 4 });
    expect(frozenV4.value.siteSources).toEqual(['https://www.example.com/sitemap_index.xml', 'https://www.example.com/feed.atom']);
  });
  it('format 2 expectations (per URL) migrate to every crawler; format 3 ones hold for one URL × crawler', async () => {
    const v2 = await decodeFragment(frozenV2.fragment);
    const [url, expected] = Object.entries(frozenV2.value.expectations)[0]!;
    if (!v2.ok) throw new Error(v2.reason);
    for (const crawler of [{ kind: 'text', value: 'Googlebot' }, { kind: 'profile', id: 'bingbot' }] as const) {
      expect(expectationFor(v2.value.expectations, url, crawler)).toBe(expected);
    }
    const v3 = await decodeFragment(frozenV3.fragment);
    if (!v3.ok) throw new Error(v3.reason);
    const png = 'https://www.example.com/img/a.png';
    expect(expectationFor(v3.value.expectations, png, { kind: 'text', value: 'Googlebot' })).toBe('allowed');
    expect(expectationFor(v3.value.expectations, png, { kind: 'profile', id: 'googlebot-image' })).toBe('blocked');
    expect(expectationFor(v3.value.expectations, 'https://www.example.com/private/x', { kind: 'profile', id: 'googlebot-image' })).toBe('blocked');
  });
});
