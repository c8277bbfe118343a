import { describe, expect, it } from 'vitest';
import { T } from './formats/test-helpers.js';
import { parseLogTime } from './time.js';

describe('parseLogTime', () => {
  it.each([
    ['2025-10-10T13:55:36Z', T], ['2025-10-10T15:55:36+02:00', T], ['2025-10-10 13:55:36', T], ['2025-10-10T13:55:36.5Z', T + 500],
    [String(T / 1000), T], [String(T), T], [String(T * 1000), T], [String(T * 1e6), T], ['[10/Oct/2025:13:55:36 +0000]', T],
    ['yesterday', NaN], ['', NaN], ['-5', NaN],
  ])('%s', (s, t) => {
    expect(parseLogTime(s)).toBe(t);
  });
});
