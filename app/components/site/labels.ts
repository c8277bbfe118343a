/** How the Site tab names a verdict and a column. */
import type { Translator } from '../../i18n/index.js';

const VERDICT_KEYS = ['allowed', 'blocked', 'out', 'cannot'] as const;

/** A verdict code in the tab's words. */
export function verdictLabel(t: Translator, code: number): string {
  return t('site.verdict', { verdict: VERDICT_KEYS[code] ?? 'cannot' });
}

/** The column's name: the crawler, and the reader when it is not Google's. */
export function columnName(c: { crawler: string; reader: string }): string {
  return c.reader === 'google' ? c.crawler : `${c.crawler} · ${c.reader}`;
}
