/**
 * The names ai.robots.txt has from a directory only (Known Agents), as profiles marked so: part of
 * the whole list, loaded where it is shown (the picker's full list, the AI access tab, the CLI).
 */
import { DIRECTORY_LISTING } from './ai-directory.js';
import { CRAWLERS, listedId, type AiPurpose, type CrawlerProfile } from './crawlers.js';
import { EXTRA_PROFILES } from './extra-profiles.js';
import { extractToken } from './token.js';

/**
 * The directory's names that are no profile yet, as profiles (`source: 'directory'`). A name is left out when a profile has it, when
 * Google reads it as a profile's token (`iaskspider/2.0` → `iaskspider`), or when Google reads a
 * profile's name as it (`Brightbot 1.0` → `Brightbot`): a user-agent line for one would name the other.
 */
export function directoryProfiles(): CrawlerProfile[] {
  const profiles = CRAWLERS.concat(EXTRA_PROFILES);
  const tokens = profiles.flatMap((c) => c.tokens);
  const taken = new Set(tokens.map((t) => t.toLowerCase()));
  const readings = new Set(tokens.map((t) => extractToken(t).toLowerCase()));
  const ids = new Set(profiles.map((c) => c.id));
  const out: CrawlerProfile[] = [];
  for (const d of DIRECTORY_LISTING) {
    const id = listedId(d.name);
    const lower = d.name.toLowerCase();
    if (ids.has(id) || taken.has(lower) || readings.has(lower) || taken.has(extractToken(d.name).toLowerCase())) continue;
    ids.add(id);
    taken.add(lower);
    const purpose = d.purposes.find((p): p is AiPurpose => p !== 'other');
    out.push({
      id, name: d.operator ? `${d.name} (${d.operator})` : d.name, tokens: d.tokenless ? [] : [d.name], ignoresGlobal: false, ignoresRobotsTxt: false,
      operator: d.operator, section: 'ai', source: 'directory', purposes: d.purposes, ...(purpose ? { purpose } : {}),
      ...(d.tokenless ? { tokenless: d.tokenless } : {}),
    });
  }
  return out;
}

