import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { combineVerification, dnsDomains, ptrName, verifyByDns, type DnsResolver } from './dns.js';
import { canonicalAddress, inRanges, IpRangesError, IpVerifier, publishedCrawlers, readIpRanges, shareIpRanges } from './ranges.js';

/** A ranges file in the operators' format. */
const file = (...prefixes: string[]) => JSON.stringify({
  creationTime: '2025-10-10T00:00:00.000000', prefixes: prefixes.map((p) => (p.includes(':') ? { ipv6Prefix: p } : { ipv4Prefix: p })),
});
const ranges = (...prefixes: string[]) => readIpRanges(file(...prefixes), 'test.json', ['googlebot']);

describe("the operators' IP ranges files (Google's googlebot.json format: creationTime, prefixes of ipv4Prefix / ipv6Prefix)", () => {
  it('IPv4: inside, the first and last address of a prefix, and just outside each end', () => {
    const r = ranges('66.249.64.0/27');
    expect(['66.249.64.0', '66.249.64.17', '66.249.64.31', '66.249.63.255', '66.249.64.32'].map((ip) => inRanges(r, ip))).toEqual([true, true, true, false, false]);
  });
  it('IPv4 edge prefixes: /32 is one address, /0 every address, /31 two, host bits of the prefix ignored', () => {
    expect([inRanges(ranges('1.2.3.4/32'), '1.2.3.4'), inRanges(ranges('1.2.3.4/32'), '1.2.3.5')]).toEqual([true, false]);
    expect([inRanges(ranges('0.0.0.0/0'), '255.255.255.255'), inRanges(ranges('0.0.0.0/0'), '0.0.0.0')]).toEqual([true, true]);
    expect(['10.0.0.6', '10.0.0.7', '10.0.0.8'].map((ip) => inRanges(ranges('10.0.0.6/31'), ip))).toEqual([true, true, false]);
    expect(inRanges(ranges('10.0.0.77/24'), '10.0.0.1')).toBe(true);
    expect(inRanges(ranges('128.0.0.0/1'), '127.255.255.255')).toBe(false);
    expect(inRanges(ranges('128.0.0.0/1'), '128.0.0.0')).toBe(true);
  });
  it('IPv6: inside and outside a /64, /128, /0, any written form (compressed, zeros, upper case), a zone id', () => {
    const r = ranges('2001:4860:4801:10::/64');
    expect(['2001:4860:4801:10::1', '2001:4860:4801:10:ffff:ffff:ffff:ffff', '2001:4860:4801:0010:0000::abcd', '2001:4860:4801:11::', '2001:4860:4801:f::ffff', '2001:4860:4801:10::1%eth0', '[2001:4860:4801:10::1]']
      .map((ip) => inRanges(r, ip))).toEqual([true, true, true, false, false, true, true]);
    expect([inRanges(ranges('2001:db8::1/128'), '2001:db8::1'), inRanges(ranges('2001:db8::1/128'), '2001:db8::2')]).toEqual([true, false]);
    expect(inRanges(ranges('::/0'), 'ffff::1')).toBe(true);
    expect(inRanges(ranges('2001:DB8::/32'), '2001:db8:ffff::1')).toBe(true);
  });
  it('IPv4-mapped IPv6 addresses (::ffff:a.b.c.d, as dual-stack servers log them) match IPv4 prefixes; IPv4 never matches IPv6 prefixes', () => {
    expect(inRanges(ranges('66.249.64.0/19'), '::ffff:66.249.66.1')).toBe(true);
    expect(inRanges(ranges('::/0'), '66.249.66.1')).toBe(false);
  });
  it('addresses that are none are never in range: host names, 256 octets, short forms, empty', () => {
    const r = ranges('0.0.0.0/0', '::/0');
    expect(['crawl-66-249-66-1.googlebot.com', '1.2.3.256', '127.1', '0x7f.0.0.1', '', '-', '1.2.3.4.5'].map((ip) => inRanges(r, ip))).toEqual([false, false, false, false, false, false, false]);
  });
  it('bad entries are skipped and counted; a file with none usable, or not in the format, is an error naming it', () => {
    const r = readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '1.2.3.0/24' }, { ipv4Prefix: '1.2.3.0/33' }, { ipv4Prefix: 'x' }, { ipv6Prefix: 'zz::/8' }, {}, null, 'str'] }), 'f.json', ['x']);
    expect([r.v4.length, r.v6.length, r.count, r.skipped, r.creationTime]).toEqual([2, 0, 1, 6, null]);
    expect(r.invalid.map((x) => x.entry)).toEqual(['"1.2.3.0/33"', '"x"', '"zz::/8"', '{}', 'null', '"str"']);
    expect(() => readIpRanges('{not json', 'bad.json', ['x'])).toThrow(new IpRangesError('bad.json is not JSON: an IP ranges file is {"creationTime", "prefixes": [{"ipv4Prefix"|"ipv6Prefix"}]}'));
    expect(() => readIpRanges('{"items": []}', 'bad.json', ['x'])).toThrow(/bad\.json holds no "prefixes" list/);
    expect(() => readIpRanges('{"prefixes": [{"ipv4Prefix": "nope"}]}', 'bad.json', ['x'])).toThrow('bad.json lists no usable ipv4Prefix or ipv6Prefix');
  });
  it('property: an ipv4Prefix is read as address/length split at its slashes reads it (dotted quad; one or two digits of length, at most 32; host bits dropped)', () => {
    const reference = (written: string): [number, number] | null => {
      const [addr, bits] = written.trim().split('/');
      const parts = (addr ?? '').split('.');
      if (parts.length !== 4 || parts.some((x) => !/^\d{1,3}$/.test(x) || Number(x) > 255)) return null;
      const b = bits === undefined ? 32 : /^\d{1,2}$/.test(bits) ? Number(bits) : NaN;
      if (!(b >= 0 && b <= 32)) return null;
      const mask = b === 0 ? 0 : (0xffffffff << (32 - b)) >>> 0;
      return [(parts.reduce((n, x) => n * 256 + Number(x), 0) & mask) >>> 0, mask];
    };
    const octet = fc.constantFrom('0', '1', '01', '255', '256', '1000', '', 'x');
    const shaped = fc.tuple(octet, octet, octet, octet, fc.constantFrom('', '/', '/0', '/8', '/32', '/33', '/010', '/1/2', '/ 8', '/24 ')).map(([a, b, c, d, bits]) => `${a}.${b}.${c}.${d}${bits}`);
    const any = fc.string({ unit: fc.constantFrom('1', '0', '2', '5', '9', '.', '/', ' ', 'x'), maxLength: 16 });
    fc.assert(fc.property(fc.oneof(shaped, any), (written) => {
      const r = readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '9.9.9.9/32' }, { ipv4Prefix: written }] }), 'f.json', ['x']);
      const expected = reference(written);
      expect([Array.from(r.v4.slice(2)), r.skipped], written).toEqual([expected ?? [], expected ? 0 : 1]);
    }), { numRuns: 3000 });
  });
  it('property: an ipv6Prefix is read as ipaddr.js reads it (its parts and length, or skipped when it refuses it)', () => {
    const reference = (written: string): [number[], number] | null => {
      try {
        const [net, bits] = written.includes('/') ? ipaddr.IPv6.parseCIDR(written.trim()) : [ipaddr.IPv6.parse(written.trim()), 128];
        return [net.parts.slice(), bits];
      } catch {
        return null;
      }
    };
    const group = fc.constantFrom('0', '1', 'db8', '2001', 'FFFF', 'ffff0', '', 'g', '1.2.3.4');
    const shaped = fc.tuple(fc.array(group, { maxLength: 9 }), fc.constantFrom('', '/', '/0', '/48', '/128', '/129', '/064', '/4x', '/1/2')).map(([g, bits]) => `${g.join(':')}${bits}`);
    const any = fc.string({ unit: fc.constantFrom('0', '1', 'a', 'F', ':', '/', '.', '%', ' '), maxLength: 24 });
    fc.assert(fc.property(fc.oneof(shaped, any), (written) => {
      const r = readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '9.9.9.9/32' }, { ipv6Prefix: written }] }), 'f.json', ['x']);
      const expected = reference(written);
      expect([Array.from(r.v6), r.skipped], written).toEqual([expected ? [...expected[0], expected[1]] : [], expected ? 0 : 1]);
    }), { numRuns: 4000 });
  });
  it('invalid prefixes are named with the line they are on, equal ones each with its own', () => {
    const text = '{\n  "prefixes": [\n    {"ipv4Prefix": "66.249.64.0/19"},\n    {"ipv6Prefix": "2001:4860:4801::/999"},\n    {"ipv4Prefix": "1.2.3.4/40"},\n    {"ipv6Prefix": "2001:4860:4801::/999"}\n  ]\n}';
    const r = readIpRanges(text, 'googlebot.json', ['googlebot']);
    expect([r.skipped, r.invalid]).toEqual([3, [{ line: 4, entry: '"2001:4860:4801::/999"' }, { line: 5, entry: '"1.2.3.4/40"' }, { line: 6, entry: '"2001:4860:4801::/999"' }]]);
  });
  it('published names tell whose ranges a file holds (a download copy suffix allowed); others are not recognised', () => {
    expect(publishedCrawlers('/tmp/googlebot.json')).toContain('googlebot-image');
    expect(publishedCrawlers('common-crawlers.json')).toContain('googlebot');
    expect(publishedCrawlers('special-crawlers.json')).toEqual(['apis-google', 'adsbot-google', 'adsbot-google-mobile', 'mediapartners-google', 'google-safety']);
    expect(publishedCrawlers('user-triggered-fetchers-google.json')).toContain('feedfetcher-google');
    expect(publishedCrawlers('user-triggered-fetchers.json')).toContain('google-read-aloud');
    expect(['bingbot.json', 'gptbot.json', 'searchbot.json', 'chatgpt-user.json', 'applebot.json', 'perplexitybot.json', 'perplexity-user.json', 'C:\\Downloads\\gptbot (1).json'].map(publishedCrawlers))
      .toEqual([['bingbot'], ['gptbot'], ['oai-searchbot'], ['chatgpt-user'], ['applebot'], ['perplexitybot'], ['perplexity-user'], ['gptbot']]);
    expect(publishedCrawlers('ranges.json')).toBeNull();
  });
});

describe('IpVerifier: verified, spoofed, unverified', () => {
  const v = new IpVerifier([readIpRanges(file('66.249.64.0/19', '2001:4860:4801::/48'), 'googlebot.json', ['googlebot']), readIpRanges(file('157.55.39.0/24'), 'bingbot.json', ['bingbot'])]);
  it('in the crawler\'s ranges: verified; outside: spoofed; no ranges for the crawler: unverified', () => {
    expect([v.verify('googlebot', '66.249.66.1'), v.verify('googlebot', '2001:4860:4801:1::1'), v.verify('googlebot', '157.55.39.1'), v.verify('gptbot', '66.249.66.1')])
      .toEqual(['verified', 'verified', 'spoofed', 'unverified']);
  });
  it('an address that is none, for a crawler with ranges, is spoofed; the same answer twice (remembered)', () => {
    expect([v.verify('bingbot', 'not-an-ip'), v.verify('bingbot', 'not-an-ip')]).toEqual(['spoofed', 'spoofed']);
  });
  it('several files for one crawler: in any of them is verified', () => {
    const two = new IpVerifier([readIpRanges(file('1.0.0.0/8'), 'a.json', ['googlebot']), readIpRanges(file('2.0.0.0/8'), 'b.json', ['googlebot'])]);
    expect([two.verify('googlebot', '1.2.3.4'), two.verify('googlebot', '2.3.4.5'), two.verify('googlebot', '3.4.5.6')]).toEqual(['verified', 'verified', 'spoofed']);
  });
  it('files read once and handed on as a thread is sent them (shareIpRanges, through a structured clone) verify as the files do, alone or with others', () => {
    const files = [readIpRanges(file('1.0.0.0/8', '66.249.64.0/19', '2001:4860:4801::/48'), 'a.json', ['googlebot', 'googlebot-image']), readIpRanges(file('2.0.0.0/8', '2001:db8::/32'), 'b.json', ['googlebot'])];
    const shared = new IpVerifier(files.map((f) => structuredClone(shareIpRanges(f))));
    const read = new IpVerifier(files);
    const asked = ['1.2.3.4', '2.3.4.5', '3.4.5.6', '66.249.95.255', '66.249.96.0', '2001:4860:4801:5::1', '2001:db8:1::1', '2001:db9::1', 'x'];
    for (const crawler of ['googlebot', 'googlebot-image', 'bingbot']) expect(asked.map((ip) => shared.verify(crawler, ip))).toEqual(asked.map((ip) => read.verify(crawler, ip)));
    expect(asked.map((ip) => shared.verify('googlebot-image', ip))).toEqual(['verified', 'spoofed', 'spoofed', 'verified', 'spoofed', 'verified', 'spoofed', 'spoofed', 'spoofed']);
  });
  it('canonicalAddress writes one form for equal addresses', () => {
    expect([canonicalAddress('2001:DB8:0::1'), canonicalAddress('2001:db8::1'), canonicalAddress('::ffff:1.2.3.4'), canonicalAddress('x')]).toEqual(['2001:db8:0:0:0:0:0:1', '2001:db8:0:0:0:0:0:1', '1.2.3.4', null]);
  });
});

/** A fake resolver: names per address, addresses per name; a value of 'fail' rejects as a timeout does. */
function fakeDns(reverse: Record<string, string[] | 'fail'>, forward: Record<string, string[] | 'fail'>): DnsResolver & { asked: string[] } {
  const asked: string[] = [];
  const answer = (table: Record<string, string[] | 'fail'>, key: string) => {
    asked.push(key);
    const v = table[key];
    if (v === 'fail') return Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }));
    return v ? Promise.resolve(v) : Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
  };
  return { asked, reverse: (ip) => answer(reverse, ip), resolve: (host) => answer(forward, host) };
}

describe("Google's \"Verifying Googlebot\": reverse DNS in googlebot.com or google.com, then forward DNS back to the address", () => {
  const google = dnsDomains('googlebot')!;
  it('a reverse name in the domain that resolves back: verified (geo.googlebot.com too)', async () => {
    const dns = fakeDns({ '66.249.66.1': ['crawl-66-249-66-1.googlebot.com.'], '66.249.90.77': ['geo-crawl-66-249-90-77.geo.googlebot.com'] },
      { 'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'], 'geo-crawl-66-249-90-77.geo.googlebot.com': ['66.249.90.77'] });
    expect([await verifyByDns('66.249.66.1', google, dns), await verifyByDns('66.249.90.77', google, dns)]).toEqual(['verified', 'verified']);
  });
  it('a name outside the domain (notgooglebot.com, googlebot.com.evil.test), or no name: spoofed', async () => {
    const dns = fakeDns({ '1.1.1.1': ['crawl.notgooglebot.com'], '2.2.2.2': ['googlebot.com.evil.test'] }, {});
    expect([await verifyByDns('1.1.1.1', google, dns), await verifyByDns('2.2.2.2', google, dns), await verifyByDns('3.3.3.3', google, dns)]).toEqual(['spoofed', 'spoofed', 'spoofed']);
  });
  it('a name in the domain that does not resolve back to the address (a forged PTR record): spoofed', async () => {
    const dns = fakeDns({ '6.6.6.6': ['crawl-66-249-66-1.googlebot.com'] }, { 'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'] });
    expect(await verifyByDns('6.6.6.6', google, dns)).toBe('spoofed');
  });
  it('IPv6: the forward answer compared in canonical form', async () => {
    const dns = fakeDns({ '2001:4860:4801:10::1': ['crawl-x.googlebot.com'] }, { 'crawl-x.googlebot.com': ['2001:4860:4801:0010:0:0:0:1'] });
    expect(await verifyByDns('2001:4860:4801:10::1', google, dns)).toBe('verified');
  });
  it('a lookup that fails (timeout, no server): DNS cannot tell (null), and the ranges decide', async () => {
    expect(await verifyByDns('66.249.66.1', google, fakeDns({ '66.249.66.1': 'fail' }, {}))).toBeNull();
    expect(await verifyByDns('66.249.66.1', google, fakeDns({ '66.249.66.1': ['crawl.googlebot.com'] }, { 'crawl.googlebot.com': 'fail' }))).toBeNull();
    expect([combineVerification('spoofed', null), combineVerification('unverified', null), combineVerification('verified', 'spoofed'), combineVerification('unverified', 'verified'), combineVerification('unverified', 'spoofed')])
      .toEqual(['spoofed', 'unverified', 'verified', 'verified', 'spoofed']);
  });
  it('never guesses: refused, timed out or SERVFAIL is "cannot tell" (null), and so is Node\'s reverse() saying ENOTFOUND, which it says for all three', async () => {
    const failing = (code: string, syscall: string): DnsResolver => ({ reverse: () => Promise.reject(Object.assign(new Error(code), { code, syscall })), resolve: () => Promise.resolve([]) });
    const answers = await Promise.all([['ECONNREFUSED', 'queryPtr'], ['ETIMEOUT', 'queryPtr'], ['ESERVFAIL', 'queryPtr'], ['ENOTFOUND', 'getHostByAddr'], ['ENOTFOUND', 'queryPtr'], ['ENODATA', 'queryPtr']]
      .map(([code, syscall]) => verifyByDns('66.249.66.1', google, failing(code!, syscall!))));
    expect(answers).toEqual([null, null, null, null, 'spoofed', 'spoofed']);
    expect(await verifyByDns('crawl.example', google, fakeDns({}, {}))).toBeNull();
  });
  it('ptrName: the name PTR records are under (RFC 1035 §3.5 in-addr.arpa, RFC 3596 §2.5 ip6.arpa)', () => {
    expect([ptrName('66.249.66.1'), ptrName('::ffff:66.249.66.1'), ptrName('2001:db8::567:89ab'), ptrName('x')]).toEqual([
      '1.66.249.66.in-addr.arpa', '1.66.249.66.in-addr.arpa', 'b.a.9.8.7.6.5.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa', null,
    ]);
  });
  it('each operator\'s documented domains: Bing search.msn.com, Apple applebot.apple.com; none for a crawler without', () => {
    expect([dnsDomains('bingbot'), dnsDomains('applebot'), dnsDomains('gptbot')]).toEqual([['search.msn.com'], ['applebot.apple.com'], null]);
  });
});
