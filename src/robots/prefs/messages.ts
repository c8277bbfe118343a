/**
 * How the preferences for one URL are worded (English ICU templates; the app translates the same
 * ids): what crawling allows, then each preference with the line that states it.
 */
import type { UrlPreferences } from './apply.js';

/** The message ids and English templates of the per-URL preference line. */
export function preferenceMessages(): Record<string, string> {
  return {
    'prefs.label': 'AI preferences',
    'prefs.crawl': '{crawl, select, allowed {crawling allowed} other {crawling blocked, so no AI preference applies here}}',
    'prefs.usage': '{key} = {value} from line {line} (Content-Usage{scoped, select, yes { {path}} other {}})',
    'prefs.signal': '{key} = {value} from line {line} (Content-Signal)',
    'prefs.license': 'licence (RSL): {url}, line {line}',
    'prefs.withheld': '{count, plural, one {line {lines} would apply} other {lines {lines} would apply}} where crawling is allowed',
    'prefs.none': 'no AI-use preference for this URL',
  };
}

/** One part of the line: a message id and its arguments. */
export interface PreferencePart {
  readonly id: string;
  readonly args: Readonly<Record<string, string | number>>;
}

/** The parts of the preference line for one URL, in order (worded by preferenceMessages). */
export function preferenceParts(p: UrlPreferences): PreferencePart[] {
  const out: PreferencePart[] = [{ id: 'prefs.crawl', args: { crawl: p.crawl } }];
  for (const u of p.usage) out.push({ id: 'prefs.usage', args: { key: u.key, value: u.value, line: u.line, scoped: p.usagePath ? 'yes' : 'no', path: p.usagePath ?? '' } });
  for (const s of p.signals) out.push({ id: 'prefs.signal', args: { key: s.key, value: s.value, line: s.line } });
  if (p.crawl === 'blocked' && p.withheld.length) out.push({ id: 'prefs.withheld', args: { count: p.withheld.length, lines: p.withheld.join(', ') } });
  if (p.crawl === 'allowed' && p.usage.length === 0 && p.signals.length === 0) out.push({ id: 'prefs.none', args: {} });
  for (const l of p.licenses) out.push({ id: 'prefs.license', args: { url: l.url, line: l.line } });
  return out;
}
