import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePattern, matchesPattern } from '../../google/index.js';
import { patternRegex, PCRE_TARGET, RE2_TARGET, regexLiteral, tokenRegex } from './regex.js';

describe('robots.txt patterns as the servers’ regular expressions (RFC 9309 §2.2.3: `*` and a final `$`)', () => {
  it('every literal character is escaped: regex punctuation backslashed, quotes, braces, spaces and backslashes as \\xHH', () => {
    expect(regexLiteral('/a.b?c+(d)[e]|f^g$h')).toBe('/a\\.b\\?c\\+\\(d\\)\\[e\\]\\|f\\^g\\$h');
    expect(regexLiteral(`/"'{} \\#\``)).toBe('/\\x22\\x27\\x7b\\x7d\\x20\\x5c\\x23\\x60');
    expect(regexLiteral('/caf%C3%A9/~a,b;c=d&e@f!g:h-i_j')).toBe('/caf%C3%A9/~a,b;c=d&e@f!g:h-i_j');
  });
  it('a `*` is a run of any characters, in an atomic group for PCRE (no backtracking), and a final `$` ends the target', () => {
    expect(patternRegex(compilePattern('/a*b*c'), PCRE_TARGET)).toBe('/a(?>.*?b)(?>.*?c)');
    expect(patternRegex(compilePattern('/a*b*c$'), PCRE_TARGET)).toBe('/a(?>.*?b).*c$');
    expect(patternRegex(compilePattern('/a*b$'), RE2_TARGET)).toBe('/a.*b$');
    expect(patternRegex(compilePattern('/a$b$'), RE2_TARGET)).toBe('/a\\$b$');
    expect(patternRegex(compilePattern('/fish*$'), RE2_TARGET)).toBe('/fish');
  });
  it('property: the regex (RE2 form, read here by JavaScript) matches exactly the targets the engine’s pattern matches', () => {
    const piece = fc.constantFrom('/', 'a', 'b', '*', '$', '.', '?', '%2F', '(', '[', '\\', '"', '{');
    const target = fc.array(fc.constantFrom('/', 'a', 'b', '.', '?', '$', '%2F', '(', '[', '\\', '"', '{', 'x'), { maxLength: 7 }).map((p) => `/${p.join('')}`);
    fc.assert(fc.property(fc.array(piece, { maxLength: 6 }), fc.array(target, { minLength: 1, maxLength: 10 }), (pieces, targets) => {
      const c = compilePattern(`/${pieces.join('')}`);
      const re = new RegExp(`^${patternRegex(c, RE2_TARGET)}`);
      for (const t of targets) expect(re.test(t), `${c.pattern} on ${t}`).toBe(matchesPattern(c, t));
    }), { numRuns: 500, seed: 9309 });
  });
});

describe('product tokens in a User-Agent: a whole word, never a piece of a longer one', () => {
  const finds = (ua: string) => new RegExp(tokenRegex(['GPTBot', 'Brightbot 1.0']), 'i').test(ua);
  it('finds the token between other characters, in any case', () => {
    expect([finds('Mozilla/5.0 (compatible; GPTBot/1.1)'), finds('gptbot'), finds('x GPTBOT;'), finds('Brightbot 1.0')]).toEqual([true, true, true, true]);
  });
  it('not inside a longer name: letters, `-` and `_` on either side make another token', () => {
    expect([finds('XGPTBot/1.0'), finds('GPTBot-Clone'), finds('my_GPTBot'), finds('Mozilla/5.0 (bot)')]).toEqual([false, false, false, false]);
  });
});
