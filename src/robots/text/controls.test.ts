import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { showControls } from './controls.js';

describe('showControls: control characters as text (ECMA-48: C0, DEL, C1)', () => {
  it('writes line breaks, the escape character and C1 controls as \\xHH', () => {
    expect(showControls('a\r::warning::x')).toBe('a\\x0d::warning::x');
    expect(showControls('\n::set-output name=a::b')).toBe('\\x0a::set-output name=a::b');
    expect(showControls('\u001b[2J\u0000\u007f\u0085\u009b')).toBe('\\x1b[2J\\x00\\x7f\\x85\\x9b');
    expect(showControls('tab\there')).toBe('tab\\x09here');
  });

  it('leaves printable text alone, percent escapes and non-Latin letters included', () => {
    expect(showControls('%0A::error:: é 中 😀 \u00a0')).toBe('%0A::error:: é 中 😀 \u00a0');
  });

  it('Property: what it returns holds no control character, and text without one is returned as it is', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
      const shown = showControls(text);
      expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      if (!/[\u0000-\u001f\u007f-\u009f]/.test(text)) expect(shown).toBe(text);
    }));
  });
});
