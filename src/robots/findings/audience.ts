/**
 * Whose reading a finding is about, apart from the catalogue: the first screen counts findings by
 * audience without loading the catalogue's words.
 */
import type { FindingCode } from './catalogue.js';

/** Findings about how other crawlers' parsers read a line differently from Google. */
export const PORTABILITY_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  'order-matters', 'wildcard-literal', 'first-group-only', 'substring-agent', 'blank-line-in-group', 'crawl-delay-blocks',
]);
