/**
 * What the first paint may show of the page's HTML (the sample's first screen in English), as the
 * page's early script decides it before the app runs: never the sample as another case's.
 */
import { describe, expect, it } from 'vitest';
import { clearFirstPaintMarks, firstPaintOf, markFirstPaint, paintedAsIs, OTHER_CASE_CLASS, OTHER_LANGUAGE_CLASS, SHARED_CASE_CLASS } from './first-paint.js';

const page = { language: 'en', draftKey: 'draft', sampleDraft: '{"v":4,"r":"User-agent: *"}' };
const opening = (o: Partial<{ hash: string; draft: string | null; language: string }> = {}) => ({ hash: '', draft: null, language: 'en', ...o });

/** An element's class list, as the early script and the app use it. */
function element(): Element & { classes: Set<string> } {
  const classes = new Set<string>();
  return {
    classes,
    classList: { add: (...c: string[]) => c.forEach((x) => classes.add(x)), remove: (...c: string[]) => c.forEach((x) => classes.delete(x)), contains: (c: string) => classes.has(c) },
  } as unknown as Element & { classes: Set<string> };
}

describe('what the first paint shows', () => {
  it('a first visit (no link, no draft) and a draft that is the sample’s: the sample, as the page’s case', () => {
    expect(firstPaintOf(opening(), page)).toEqual({ sample: true, words: true, shared: false });
    expect(firstPaintOf(opening({ draft: page.sampleDraft }), page)).toEqual({ sample: true, words: true, shared: false });
    expect(firstPaintOf(opening({ hash: '#' }), page).sample).toBe(true);
  });

  it('a link, or the bookmarklet’s live file: not the sample, and the shared case’s banner comes', () => {
    expect(firstPaintOf(opening({ hash: '#zAbc' }), page)).toEqual({ sample: false, words: true, shared: true });
    expect(firstPaintOf(opening({ hash: '#bookmarklet', draft: page.sampleDraft }), page)).toEqual({ sample: false, words: true, shared: true });
  });

  it('a draft of the user’s own, or one kept in IndexedDB (a marker here): not the sample', () => {
    expect(firstPaintOf(opening({ draft: '{"v":4,"r":"User-agent: *\\nDisallow: /"}' }), page).sample).toBe(false);
    expect(firstPaintOf(opening({ draft: '{"big":true}' }), page).sample).toBe(false);
  });

  it('another language than the HTML’s: its words are not shown', () => {
    expect(firstPaintOf(opening({ language: 'nl' }), page)).toEqual({ sample: true, words: false, shared: false });
  });
});

describe('the marks on <html>', () => {
  it('mark what the first paint may not show; the app takes over a page with none, and clears them once it has drawn its own', () => {
    const first = element();
    markFirstPaint(first, () => ({ input: opening(), page }));
    expect(first.classes.size).toBe(0);
    expect(paintedAsIs(first)).toBe(true);
    const linked = element();
    markFirstPaint(linked, () => ({ input: opening({ hash: '#zAbc', language: 'ko' }), page }));
    expect([...linked.classes].sort()).toEqual([OTHER_CASE_CLASS, OTHER_LANGUAGE_CLASS, SHARED_CASE_CLASS].sort());
    expect(paintedAsIs(linked)).toBe(false);
    clearFirstPaintMarks(linked);
    expect(linked.classes.size).toBe(0);
  });

  it('hide the sample and its words when what the page opens with cannot be read', () => {
    const root = element();
    markFirstPaint(root, () => {
      throw new Error('no page data');
    });
    expect([...root.classes].sort()).toEqual([OTHER_CASE_CLASS, OTHER_LANGUAGE_CLASS].sort());
  });
});
