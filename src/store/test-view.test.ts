import { describe, expect, it } from 'vitest';
import { rowFor } from './slices/test.js';
import { decidingRule, matrixView } from './test-view.js';
import type { VerdictData } from '../worker/index.js';

const gb = { kind: 'text', value: 'Googlebot' } as const;
const gpt = { kind: 'profile', id: 'gptbot' } as const;
/** A matrix of `urls` × Googlebot and GPTBot, row by row. */
const matrix = (...urls: string[]) => urls.flatMap((u) => [rowFor(u, gb), rowFor(u, gpt)]);

describe('the Test tab’s matrix as its grid shows it', () => {
  it('says the host the URLs share once, and each row by its path and query', () => {
    const view = matrixView(matrix('https://www.linkedin.com/jobs/search?keywords=seo&f_TPR=r86400', 'https://www.linkedin.com/', 'https://WWW.LinkedIn.com/in/x'), 2);
    expect(view.origin).toBe('https://www.linkedin.com');
    expect(view.rows.map((r) => r.label)).toEqual(['/jobs/search?keywords=seo&f_TPR=r86400', '/', '/in/x']);
    expect(view.crawlers.map((c) => c.crawlerText)).toEqual(['Googlebot', 'GPTBot']);
  });
  it('shows each URL whole when they are not all on one host (a relative path, another host, a port)', () => {
    expect(matrixView(matrix('https://a.test/x', '/y'), 2)).toMatchObject({ origin: null, rows: [{ label: 'https://a.test/x' }, { label: '/y' }] });
    expect(matrixView(matrix('https://a.test/x', 'https://b.test/x'), 2).origin).toBeNull();
    expect(matrixView(matrix('https://a.test:443/x', 'https://a.test/y'), 2).origin).toBeNull();
  });
  it('names the deciding rule of a cell, and none where no rule or the fetch result decided', () => {
    const v = (patch: Partial<VerdictData>) => ({ rule: { allow: false, value: '/private/' }, line: 12, fetch: null, ...patch }) as VerdictData;
    expect(decidingRule(v({}))).toEqual({ line: 12, text: 'Disallow: /private/' });
    expect(decidingRule(v({ rule: null, line: 0 }))).toBeNull();
    expect(decidingRule(v({ fetch: { effect: 'allow-all' } as unknown as VerdictData['fetch'] }))).toBeNull();
  });
});
