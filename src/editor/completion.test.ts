import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { robotsCompletions } from './completion.js';

/** The labels offered with the cursor at `|` in `doc`, and where the completed word starts. */
function offered(doc: string, explicit = false) {
  const pos = doc.indexOf('|');
  const state = EditorState.create({ doc: doc.replace('|', '') });
  const r = robotsCompletions(new CompletionContext(state, pos, explicit));
  return r ? { from: r.from, labels: r.options.map((o) => o.label) } : null;
}

describe('completion (RFC 9309 §2.2 fields; crawler tokens from the profiles)', () => {
  it('field names at the start of a line', () => {
    expect(offered('User-agent: *\nDis|')).toEqual({ from: 14, labels: ['User-agent', 'Disallow', 'Allow', 'Sitemap', 'Content-Signal'] });
    expect(offered('|')).toBeNull();
    expect(offered('|', true)?.labels).toContain('Disallow');
  });
  it('crawler tokens after User-agent:, with operator and purpose', () => {
    const r = offered('User-agent: GP|');
    expect(r?.from).toBe(12);
    expect(r?.labels).toContain('GPTBot');
    expect(r?.labels).toContain('Google-InspectionTool');
    const state = EditorState.create({ doc: 'User-agent: GP' });
    const gpt = robotsCompletions(new CompletionContext(state, 14, false))!.options.find((o) => o.label === 'GPTBot');
    expect(gpt?.detail).toBe('OpenAI · Training AI models');
  });
  it('never guesses paths, nor a second name on a user-agent line', () => {
    expect(offered('User-agent: *\nDisallow: /ad|')).toBeNull();
    expect(offered('User-agent: Googlebot Ima|')).toBeNull();
    expect(offered('# User-agent: Goo|')).toBeNull();
  });
});
