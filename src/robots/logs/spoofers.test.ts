import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogRequest } from './formats/index.js';
import { LogJudge } from './judge.js';
import { canonicalAddress, readIpRanges } from './ranges.js';
import { addSpoofer, denyList, denyListTooLong, mergeSpoofers, SPOOFERS_KEPT, spoofingAddresses, type SpooferTally } from './spoofers.js';
import { emptyTally, mergeTally } from './tally.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** A request as a log reader gives it. */
const request = (ip: string, userAgent: string, target = '/a'): LogRequest => ({ line: 1, time: Date.UTC(2026, 9, 10), ip, method: 'GET', target, host: '', status: 200, userAgent });

/** Google's and OpenAI's ranges, as their files give them (one IPv4 and one IPv6 prefix each). */
const RANGES = [
  readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/27' }, { ipv6Prefix: '2001:4860:4801:10::/64' }] }), 'googlebot.json', ['googlebot']),
  readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '20.171.206.0/24' }] }), 'gptbot.json', ['gptbot']),
];
const judge = () => new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /private\n' }], ranges: RANGES });

/** A tally of the addresses given, each spoofing Googlebot once. */
const spoofers = (...ips: string[]): SpooferTally => {
  const t: SpooferTally = new Map();
  for (const ip of ips) addSpoofer(t, 'googlebot', canonicalAddress(ip));
  return t;
};
const listed = (t: SpooferTally, keys?: string[]) => spoofingAddresses(t, keys).map((a) => a.address);

describe('the spoofing addresses of a log (a crawler named from an address outside its operator\'s published ranges)', () => {
  it('kept per crawler with their requests: outside the ranges only, a browser never, IPv4 and IPv6, robots.txt fetches included', () => {
    const j = judge();
    j.judge([
      request('66.249.64.5', GOOGLEBOT), request('203.0.113.9', GOOGLEBOT), request('203.0.113.9', GOOGLEBOT, '/robots.txt'),
      request('2001:4860:4801:10::1', GOOGLEBOT), request('2001:db8::7', GOOGLEBOT), request('20.171.206.3', GPTBOT),
      request('198.51.100.2', GPTBOT), request('203.0.113.50', BROWSER),
    ]);
    expect([...j.tally.spoofers.keys()].sort()).toEqual(['googlebot', 'gptbot']);
    expect(spoofingAddresses(j.tally.spoofers, ['googlebot'])).toEqual([{ address: '203.0.113.9', requests: 2 }, { address: '2001:db8::7', requests: 1 }]);
    expect(listed(j.tally.spoofers, ['gptbot'])).toEqual(['198.51.100.2']);
    expect(listed(j.tally.spoofers)).toEqual(['198.51.100.2', '203.0.113.9', '2001:db8::7']);
  });
  it('a logged address that is none is counted, never listed', () => {
    const j = judge();
    j.judge([request('-', GOOGLEBOT), request('\u001b[2J', GOOGLEBOT), request('unknown', GOOGLEBOT)]);
    expect(j.tally.spoofers.get('googlebot')).toMatchObject({ notAddress: 3, unlisted: 0 });
    expect(listed(j.tally.spoofers)).toEqual([]);
  });
  it('each address once whatever its spelling (IPv6 case, zeros, brackets; an IPv4-mapped IPv6 is the IPv4 address)', () => {
    const t = spoofers('2001:DB8::7', '2001:db8:0:0::7', '[2001:db8::7]', '::ffff:203.0.113.9', '203.0.113.9');
    expect(spoofingAddresses(t)).toEqual([{ address: '203.0.113.9', requests: 2 }, { address: '2001:db8::7', requests: 3 }]);
  });
  it('in address order, IPv4 before IPv6: numbers, not text (9.x before 10.x, 2001:db8::9 before 2001:db8::10)', () => {
    const t = spoofers('2001:db8::10', '10.0.0.1', '2001:db8::9', '9.255.255.255', '10.0.0.10', '10.0.0.9', '1.2.3.4');
    expect(listed(t)).toEqual(['1.2.3.4', '9.255.255.255', '10.0.0.1', '10.0.0.9', '10.0.0.10', '2001:db8::9', '2001:db8::10']);
  });
  it('the order does not depend on the order the addresses came in (property)', () => {
    const address = fc.oneof(fc.ipV4(), fc.ipV6());
    fc.assert(fc.property(fc.array(address, { maxLength: 30 }), (ips) => {
      expect(listed(spoofers(...[...ips].reverse()))).toEqual(listed(spoofers(...ips)));
      expect(new Set(listed(spoofers(...ips))).size).toBe(listed(spoofers(...ips)).length);
    }), { numRuns: 200 });
  });
  it('past SPOOFERS_KEPT addresses a crawler\'s further ones are counted, not listed', () => {
    const many: SpooferTally = new Map([['googlebot', { addresses: new Map(Array.from({ length: SPOOFERS_KEPT }, (_, i) => [`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, 1])), notAddress: 0, unlisted: 0 }]]);
    addSpoofer(many, 'googlebot', '192.0.2.1');
    addSpoofer(many, 'googlebot', '10.0.0.0');
    expect(many.get('googlebot')).toMatchObject({ unlisted: 1 });
    expect(many.get('googlebot')!.addresses.get('10.0.0.0')).toBe(2);
  });
});

describe('spoofing addresses merged across threads: the same lists for --jobs 1, 2 and 4', () => {
  const inPieces = (requests: readonly LogRequest[], jobs: number) => {
    const merged = emptyTally(1);
    const size = Math.ceil(requests.length / jobs);
    for (let k = 0; k < jobs; k++) {
      const j = judge();
      j.judge(requests.slice(k * size, (k + 1) * size));
      mergeTally(merged, j.tally);
    }
    return merged.spoofers;
  };
  it('property: a log of real and spoofing addresses, split for 1, 2 and 4 threads and merged, gives the same addresses and counts', () => {
    const ip = fc.constantFrom('66.249.64.5', '203.0.113.9', '2001:db8::7', '2001:4860:4801:10::1', '20.171.206.3', '198.51.100.2', '::ffff:198.51.100.2', '-');
    const line = fc.tuple(ip, fc.constantFrom(GOOGLEBOT, GPTBOT, BROWSER), fc.constantFrom('/a', '/private/b', '/robots.txt'));
    fc.assert(fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
      const requests = lines.map(([a, ua, target]) => request(a, ua, target));
      const one = inPieces(requests, 1);
      for (const jobs of [2, 4]) {
        const other = inPieces(requests, jobs);
        expect(other).toEqual(one);
        for (const key of one.keys()) expect(spoofingAddresses(other, [key])).toEqual(spoofingAddresses(one, [key]));
      }
    }), { numRuns: 200 });
  });
  it('mergeSpoofers adds the counts of an address both sides saw', () => {
    const a = spoofers('203.0.113.9', '2001:db8::7');
    mergeSpoofers(a, spoofers('203.0.113.9'));
    expect(spoofingAddresses(a)).toEqual([{ address: '203.0.113.9', requests: 2 }, { address: '2001:db8::7', requests: 1 }]);
  });
});

describe('deny lists of the spoofing addresses', () => {
  const addresses = listed(spoofers('2001:db8::7', '203.0.113.9', '198.51.100.2'));
  it('plain: one address a line (IPv4 and IPv6)', () => {
    expect(denyList(addresses, 'plain')).toBe('198.51.100.2\n203.0.113.9\n2001:db8::7\n');
  });
  it('nginx (ngx_http_access_module): a `deny address;` line each', () => {
    expect(denyList(addresses, 'nginx')).toBe('deny 198.51.100.2;\ndeny 203.0.113.9;\ndeny 2001:db8::7;\n');
  });
  it('Cloudflare (Rules language): ip.src in an inline list, space-separated', () => {
    expect(denyList(addresses, 'cloudflare')).toBe('(ip.src in {198.51.100.2 203.0.113.9 2001:db8::7})\n');
  });
  it('no addresses: an empty list in every format (an empty Cloudflare set is no expression)', () => {
    expect(['plain', 'nginx', 'cloudflare'].map((f) => denyList([], f as 'plain'))).toEqual(['', '', '']);
  });
  it('an IPv6 address whose short form starts with `::` is written whole, so no line starts with `::`', () => {
    expect(listed(spoofers('::1', '::2:3'))).toEqual(['0:0:0:0:0:0:0:1', '0:0:0:0:0:0:2:3']);
  });
  it('a Cloudflare expression past 4,096 characters is said to be too long; plain and nginx lists never are', () => {
    const many = listed(spoofers(...Array.from({ length: 400 }, (_, i) => `10.0.${i >> 8}.${i & 255}`)));
    expect(denyListTooLong(denyList(many, 'cloudflare'), 'cloudflare')).toBe(true);
    expect(denyListTooLong(denyList(many.slice(0, 10), 'cloudflare'), 'cloudflare')).toBe(false);
    expect(denyListTooLong(denyList(many, 'nginx'), 'nginx')).toBe(false);
  });
});
