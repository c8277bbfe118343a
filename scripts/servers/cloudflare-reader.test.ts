/**
 * The Rules-language reader the agreement test evaluates the Cloudflare export with, checked on the
 * examples of Cloudflare's own documentation (developers.cloudflare.com/ruleset-engine/rules-language:
 * operators — wildcard matching, order of precedence; values — string escapes).
 */
import { describe, expect, it } from 'vitest';
import { evaluateCloudflare, parseCloudflare, wildcardMatches } from './cloudflare-reader.js';

const evaluate = (expression: string, target: string, userAgent = '') => evaluateCloudflare(parseCloudflare(expression), { target, userAgent });

describe('Cloudflare Rules language: wildcard matching (operators page, examples A and B)', () => {
  it('the whole value must match; `*` is any run, empty included; `wildcard` ignores case, `strict wildcard` does not', () => {
    for (const uri of ['https://example.com/a/', 'https://example.com/a/page.html', 'https://example.com/a/sub/folder/?name=value']) expect(wildcardMatches('https://example.com/a/*', uri, false), uri).toBe(true);
    for (const uri of ['https://example.com/ab/', 'https://example.com/b/page.html', 'https://sub.example.com/a/']) expect(wildcardMatches('https://example.com/a/*', uri, false), uri).toBe(false);
    expect(wildcardMatches('*.example.com/*/page.html', 'https://admin.example.com/team/subteam/page.html', false)).toBe(true);
    expect(wildcardMatches('*.example.com/*/page.html', 'https://sub.example.com/folder2/page.html?s=value', false)).toBe(false);
    expect([wildcardMatches('/AdminTeam/*', '/adminteam/x', false), wildcardMatches('/AdminTeam/*', '/adminteam/x', true)]).toEqual([true, false]);
    expect(wildcardMatches('/a\\*b', '/a*b', true)).toBe(true);
  });
});

describe('Cloudflare Rules language: precedence and strings', () => {
  it('`not` binds before `and`, `and` before `or`; parentheses group', () => {
    const e = 'raw.http.request.uri eq "/a" or raw.http.request.uri eq "/b" and not starts_with(raw.http.request.uri, "/b")';
    expect([evaluate(e, '/a'), evaluate(e, '/b')]).toEqual([true, false]);
    expect(evaluate('(raw.http.request.uri eq "/a" or raw.http.request.uri eq "/b") and not raw.http.request.uri.path eq "/a"', '/a?x')).toBe(false);
  });
  it('strings unescape `\\"` and `\\\\`; lower() lowers the field; matches takes the export’s whole-word token regex only', () => {
    expect(evaluate('raw.http.request.uri eq "/a\\\\b\\"c"', '/a\\b"c')).toBe(true);
    const ua = 'lower(http.user_agent) matches "(^|[^a-z_-])(gptbot|brightbot\\\\x201\\\\.0)([^a-z_-]|$)"';
    expect([evaluate(ua, '/', 'Mozilla/5.0 (compatible; GPTBot/1.1)'), evaluate(ua, '/', 'Brightbot 1.0'), evaluate(ua, '/', 'XGPTBot')]).toEqual([true, true, false]);
    expect(() => parseCloudflare('http.user_agent matches "(a+)+$"')).toThrow('outside the export');
    expect(() => parseCloudflare('ip.src eq "1.2.3.4"')).toThrow('does not know');
  });
});
