/**
 * shownState (app/shown-state.ts): what the app shows while it takes the page's HTML over. The
 * authority is React's controlled inputs: a field re-rendered with an older value than the one
 * typed loses the typed keys (seen in WebKitGTK, where the app still showed the drawn state while
 * the first URL was typed).
 */
import { describe, expect, it } from 'vitest';
import { applyDiagnostics, initialState, setUrl, type TesterState } from '../src/store/index.js';
import { SAMPLE_CASE } from './samples.js';
import { paintedFrom, shownState } from './shown-state.js';

const opened = (): TesterState => initialState(SAMPLE_CASE);

describe('shownState', () => {
  it('is the store once nothing is being taken over', () => {
    const s = opened();
    expect(shownState(s, null)).toBe(s);
  });

  it('is the drawn state while the store has gained only later answers', () => {
    const s = opened();
    const painted = paintedFrom(s);
    expect(shownState(s, painted)).toBe(painted);
    expect(shownState(applyDiagnostics(s, []), painted)).toBe(painted);
  });

  it('is the store as soon as the user has changed anything', () => {
    const s = opened();
    const painted = paintedFrom(s);
    const typed = setUrl(applyDiagnostics(s, []), 'h');
    expect(shownState(typed, painted)).toBe(typed);
  });

  it('draws the HTML without the later answers', () => {
    const s = applyDiagnostics(opened(), []);
    expect(paintedFrom(s)).toMatchObject({ diagnostics: null, readers: null, doc: s.doc });
  });
});
