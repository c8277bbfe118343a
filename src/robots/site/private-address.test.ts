import { describe, expect, it } from 'vitest';
import { privateAddress } from './index.js';

describe('addresses a link must not make the page fetch unasked', () => {
  it('loopback (RFC 1122, RFC 4291, RFC 6761), in every spelling the URL parser reads as one', () => {
    for (const u of ['http://127.0.0.1/x', 'http://127.1.2.3:8080/', 'http://[::1]/', 'http://localhost/', 'https://api.localhost/', 'http://2130706433/', 'http://0x7f.1/', 'http://[::ffff:127.0.0.1]/']) {
      expect([u, privateAddress(u)]).toEqual([u, 'loopback']);
    }
  });

  it('private networks (RFC 1918, RFC 4193, RFC 6598) and local names (RFC 6762, RFC 8375, single labels)', () => {
    for (const u of ['http://192.168.255.1/admin/reboot?now=1', 'http://10.0.0.1/', 'http://172.16.5.4/', 'http://[fd00::1]/', 'http://100.64.0.1/', 'http://0.0.0.0/', 'http://printer.local/', 'http://nas.home.arpa/', 'http://router/', 'http://db.internal/']) {
      expect([u, privateAddress(u)]).toEqual([u, 'private']);
    }
  });

  it('link-local (RFC 3927, RFC 4291): the cloud metadata address among them', () => {
    expect(privateAddress('http://169.254.169.254/latest/meta-data/')).toBe('link-local');
    expect(privateAddress('http://[fe80::1]/')).toBe('link-local');
  });

  it('public hosts and addresses are not flagged; neither is what is no http(s) URL', () => {
    for (const u of ['https://www.example.com/sitemap.xml', 'http://8.8.8.8/', 'http://[2001:4860::8888]/', 'http://172.32.0.1/', 'https://sitemaps.invalid/s.xml', 'ftp://10.0.0.1/', 'not a url']) {
      expect([u, privateAddress(u)]).toEqual([u, null]);
    }
  });
});
