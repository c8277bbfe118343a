import { describe, expect, it } from 'vitest';
import { crawlerById } from '../../crawlers/index.js';
import { CLOUDFLARE_MAX_EXPRESSION } from './cloudflare.js';
import { isRefusalStatus, serverRules, SERVER_KINDS } from './index.js';
import { planEnforcement } from './plan.js';

const file = (...lines: string[]) => lines.join('\n') + '\n';
const SHOP = file('User-agent: *', 'Disallow: /checkout/', 'Allow: /checkout/help$', '', 'User-agent: GPTBot', 'Disallow: /');
const plan = planEnforcement(SHOP, [crawlerById('gptbot')!, crawlerById('perplexitybot')!]);
const lines = (text: string, start: string) => text.split('\n').filter((l) => l.trimStart().startsWith(start));

describe('each server’s rules, as its own documentation writes them', () => {
  it('nginx: a map from the User-Agent to a set, a map from the set and $request_uri (regexes in order), an `if` that returns the status', () => {
    const { text } = serverRules(plan, 'nginx', { status: 451 });
    expect(text).toContain('map $http_user_agent $robots_txt_agent {');
    expect(text).toContain('map "$robots_txt_agent $request_uri" $robots_txt_refuse {');
    expect(lines(text, '"~^a2 ')).toEqual(['    "~^a2 /checkout/help$" 0;', '    "~^a2 /checkout/" 1;']);
    expect(text).toContain('if ($robots_txt_refuse) {\n    return 451;\n}');
    // /robots.txt is answered before any set's rules.
    expect(text.indexOf('/robots\\.txt')).toBeLessThan(text.indexOf('"~^a1 '));
  });
  it('Apache: an Allow skips every rule after it ([S=n] counts them), a Disallow ends with [F] (403) or [R=status,L]', () => {
    for (const status of [403, 410]) {
      const { text } = serverRules(plan, 'apache', { status });
      const rules = lines(text, 'RewriteRule');
      rules.forEach((r, i) => {
        const skip = /\[S=(\d+)\]/.exec(r);
        if (skip) expect(Number(skip[1]), r).toBe(rules.length - i - 1);
      });
      expect(rules.filter((r) => r.endsWith(status === 403 ? '[F]' : `[R=${status},L]`))).toHaveLength(2);
      expect(text).toContain('RewriteCond %{THE_REQUEST} ');
    }
  });
  it('Caddy: maps with regexes in backquotes, a named matcher, respond with the status', () => {
    const { text } = serverRules(plan, 'caddy');
    expect(text).toContain('map {http.request.header.User-Agent} {robots_txt_agent} {');
    expect(text).toContain('map "{robots_txt_agent} {robots_txt_target}" {robots_txt_refuse} {');
    expect(text).toContain('@robots_txt_refuse vars {robots_txt_refuse} yes\nrespond @robots_txt_refuse 403');
  });
  it('HAProxy: set-var rules that stop at the first decision; `deny` for a status it has an error file for, `return` otherwise', () => {
    expect(serverRules(plan, 'haproxy').text).toContain('http-request deny deny_status 403 if { var(txn.robots_txt_verdict) -m str refuse }');
    expect(serverRules(plan, 'haproxy', { status: 451 }).text).toContain('http-request return status 451 if');
    expect(lines(serverRules(plan, 'haproxy').text, 'http-request set-var(txn.robots_txt_verdict)').every((l) => l.includes('{ path /robots.txt }') || l.includes('!robots_txt_decided'))).toBe(true);
  });
  it('Cloudflare: one expression, /robots.txt left out first; it says it needs the regex operator', () => {
    const out = serverRules(plan, 'cloudflare');
    expect(out.text.startsWith('not raw.http.request.uri.path eq "/robots.txt" and ')).toBe(true);
    expect(out.text).toContain('raw.http.request.uri eq "/checkout/help"');
    expect(out.notes.map((n) => n.code)).toContain('cloudflare-regex');
    expect(out.text.length).toBeLessThan(CLOUDFLARE_MAX_EXPRESSION);
  });
  it('a status that is not a 4xx falls back to 403; each export names its file', () => {
    expect([isRefusalStatus(451), isRefusalStatus(302), isRefusalStatus(403.5)]).toEqual([true, false, false]);
    expect(serverRules(plan, 'nginx', { status: 302 }).status).toBe(403);
    expect(SERVER_KINDS.map((s) => serverRules(plan, s).fileName)).toEqual(['robots-txt-ai.nginx.conf', 'robots-txt-ai.apache.conf', 'robots-txt-ai.caddy', 'robots-txt-ai.haproxy.cfg', 'robots-txt-ai.cloudflare.txt']);
  });
  it('a policy with nothing to refuse writes no rule, and says so', () => {
    const none = planEnforcement(file('User-agent: *', 'Allow: /'), [crawlerById('gptbot')!]);
    expect(serverRules(none, 'cloudflare').text).toBe('');
    expect(lines(serverRules(none, 'nginx').text, '"~^a')).toEqual([]);
    expect(none.notes.map((n) => n.code)).toEqual(['nothing', 'allowed-everywhere']);
  });
});

describe('hostile rules: nothing from the file reaches a configuration as syntax', () => {
  const HOSTILE = file('User-agent: GPTBot', 'Disallow: /a"b', "Disallow: /c'd", 'Disallow: /e{$HOME}f', 'Disallow: /g\\h', 'Disallow: /i`j', 'Disallow: /k;l', 'Disallow: /m$n*o', 'Disallow: /p\u001bq');
  const hostile = planEnforcement(HOSTILE, [crawlerById('gptbot')!]);
  it('quotes, braces, backslashes and backquotes are \\xHH in every regex; a rule holding a character no crawler sends is left out', () => {
    const nginx = serverRules(hostile, 'nginx').text;
    for (const l of lines(nginx, '"~^a1')) expect(l.match(/"/g), l).toHaveLength(2);
    expect(nginx).toContain('/e\\x7b\\$HOME\\x7df');
    for (const l of lines(serverRules(hostile, 'apache').text, 'RewriteCond %{THE_REQUEST}')) expect(l.match(/"/g), l).toHaveLength(2);
    for (const l of lines(serverRules(hostile, 'haproxy').text, 'http-request set-var(txn.robots_txt_verdict) str(refuse)')) expect(l.match(/'/g), l).toHaveLength(2);
    for (const l of lines(serverRules(hostile, 'caddy').text, '`~^a1')) expect([l.match(/`/g)?.length, /[{}]/.test(l)], l).toEqual([2, false]);
    // `/a"b` and the escape character: a crawler percent-encodes both, so neither rule matches a request.
    expect(hostile.sets[0]!.rules).toHaveLength(6);
    for (const s of SERVER_KINDS) expect(serverRules(hostile, s).text, s).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });
});
