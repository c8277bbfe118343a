import { describe, expect, it } from 'vitest';
import { addOverride, chooseServer, chooseStatus, DEFAULT_EXPORT, draftPolicy, EMPTY_DRAFT, noTrainingPreset, removeOverride, setOverride, setPurposeMode, setPurposePaths, setSignal } from './policy.js';

describe('the AI access form', () => {
  it('starts with every purpose left as it is', () => {
    expect(draftPolicy(EMPTY_DRAFT)).toEqual({
      purposes: { training: { mode: 'keep' }, search: { mode: 'keep' }, user: { mode: 'keep' } }, overrides: {}, contentSignal: false, contentUsage: false,
    });
  });
  it('the preset says no training, yes search and answers — and nothing about fetches a user asks for', () => {
    expect(draftPolicy(noTrainingPreset(EMPTY_DRAFT)).purposes).toEqual({ training: { mode: 'block' }, search: { mode: 'allow' }, user: { mode: 'keep' } });
    const chosen = setPurposeMode(EMPTY_DRAFT, 'user', 'block');
    expect(draftPolicy(noTrainingPreset(chosen)).purposes.user).toEqual({ mode: 'block' });
  });
  it('paths are one per line (or comma-separated), blanks dropped; they are kept when the mode changes', () => {
    let d = setPurposePaths(setPurposeMode(EMPTY_DRAFT, 'search', 'paths'), 'search', '/a/\n\n /b/ ,/c');
    expect(draftPolicy(d).purposes.search).toEqual({ mode: 'paths', paths: ['/a/', '/b/', '/c'] });
    d = setPurposeMode(setPurposeMode(d, 'search', 'block'), 'search', 'paths');
    expect(draftPolicy(d).purposes.search).toEqual({ mode: 'paths', paths: ['/a/', '/b/', '/c'] });
  });
  it('overrides: added once (blocked by default), changed, removed; the preference lines toggle', () => {
    let d = addOverride(addOverride(EMPTY_DRAFT, 'ccbot'), 'ccbot');
    expect(d.overrides).toEqual([{ id: 'ccbot', mode: 'block', paths: '' }]);
    d = setOverride(d, 'ccbot', { mode: 'allow' });
    expect(draftPolicy(d).overrides).toEqual({ ccbot: { mode: 'allow' } });
    expect(removeOverride(d, 'ccbot').overrides).toEqual([]);
    expect(draftPolicy(setSignal(d, 'contentSignal', true)).contentSignal).toBe(true);
  });
});

describe('the enforcement export’s choices', () => {
  it('start with nginx and 403; a server is chosen with the status kept', () => {
    expect(DEFAULT_EXPORT).toEqual({ server: 'nginx', status: 403 });
    expect(chooseServer({ server: 'nginx', status: 410 }, 'haproxy')).toEqual({ server: 'haproxy', status: 410 });
  });
  it('a status is taken only as ai-policy’s --status takes it: a 4xx; anything else leaves it as it was', () => {
    expect(chooseStatus(DEFAULT_EXPORT, '429').status).toBe(429);
    for (const typed of ['500', '3', '40', '4000', '', 'abc', '4e2', '404.5']) expect(chooseStatus(DEFAULT_EXPORT, typed), typed).toBe(DEFAULT_EXPORT);
  });
});
