/**
 * The engine's tables are looked up with the user's text (a crawler's name, a file's field or
 * preference word): names that are also Object.prototype members are plain names.
 */
import { describe, expect, it } from 'vitest';
import { checkWithReader, diagnose, parseRobotsTxt, READER_IDS } from './index.js';

const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('a crawler named as an Object.prototype member', () => {
  it.each(NAMES)('every reader reads %s as any crawler name (Bing: no fallbacks of its own)', (name) => {
    const text = `User-agent: ${name}\nDisallow: /own\n\nUser-agent: *\nDisallow: /all\n`;
    for (const reader of READER_IDS) {
      const own = checkWithReader(reader, text, name, 'https://a.test/own');
      expect([reader, own.error, own.allowed]).toEqual([reader, null, false]);
      expect(checkWithReader(reader, text, name, 'https://a.test/all')).toMatchObject({ error: null, allowed: true });
    }
  });
});

describe('preference words read from the file', () => {
  it.each(NAMES.filter((n) => /^[a-z]/i.test(n)))('Content-Signal: %s=yes is an unknown signal, named as written', (name) => {
    const d = diagnose(parseRobotsTxt(`User-agent: *\nContent-Signal: ${name}=yes\nDisallow:\n`)).find((x) => x.code === 'pref-unknown-signal');
    expect(d?.args).toMatchObject({ item: `${name}=yes` });
  });
});
