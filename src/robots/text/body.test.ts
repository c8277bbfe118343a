/** What a body is: the notices a fetched or opened file gets. Authority: Google's parser reads UTF-8 bytes and stops lines at NUL. */
import { describe, expect, it } from 'vitest';
import { describeBody } from './body.js';

const codes = (bytes: Uint8Array, type: string | null = null) => describeBody(bytes, type).map((n) => n.code);
const utf8 = (s: string) => new TextEncoder().encode(s);
const utf16le = (s: string, bom = true) => new Uint8Array([...(bom ? [0xff, 0xfe] : []), ...[...s].flatMap((c) => [c.charCodeAt(0), 0])]);

describe('describeBody', () => {
  it('a plain robots.txt gets nothing, even with a tag in a comment', () => {
    expect(codes(utf8('User-agent: *\nDisallow: /x # <body> is not here\n'), 'text/plain; charset=utf-8')).toEqual([]);
  });
  it('an HTML page (a soft 404), by its start or its html/head/body tags', () => {
    expect(codes(utf8('<!DOCTYPE html>\n<html><body>Not found</body></html>'))).toEqual(['html']);
    expect(codes(utf8('\n  <html lang="en">'))).toEqual(['html']);
    expect(codes(utf8('Oops\n<body>gone</body>'))).toEqual(['html']);
  });
  it('UTF-16 and UTF-32, by BOM or by the NULs of ASCII text', () => {
    expect(codes(utf16le('User-agent: *\nDisallow: /\n'))).toEqual(['utf16']);
    expect(codes(utf16le('User-agent: *\nDisallow: /\n', false))).toEqual(['utf16']);
    expect(codes(new Uint8Array([0xff, 0xfe, 0, 0, 0x55, 0, 0, 0]))).toEqual(['utf32']);
  });
  it('a non-text content type, whatever the body', () => {
    expect(codes(utf8('User-agent: *'), 'application/octet-stream')).toEqual(['content-type']);
    expect(describeBody(utf8('<html>'), 'text/html')[0]!.text).toMatch(/^This looks like an HTML page/);
  });
});
