/**
 * Every crawler the tester knows, and the lists drawn from it: the first screen's profiles, the
 * extra profiles and the directory's names. Loaded where the whole list is shown (the picker's full
 * list, the AI access tab, the CLI, the library), never with the first screen.
 */
import { writtenName } from './agent.js';
import { CRAWLERS, type CrawlerProfile } from './crawlers.js';
import { directoryProfiles } from './directory.js';
import { EXTRA_PROFILES } from './extra-profiles.js';

/** Extra profiles not yet on the first screen (a later listing may bring one there). */
function extraProfiles(): CrawlerProfile[] {
  const tokens = new Set(CRAWLERS.flatMap((c) => c.tokens.map((t) => t.toLowerCase())));
  const ids = new Set(CRAWLERS.map((c) => c.id));
  return EXTRA_PROFILES.filter((c) => !ids.has(c.id) && !c.tokens.some((t) => tokens.has(t.toLowerCase())));
}

/** The names only a directory lists, as profiles (`source: 'directory'`): a policy writes one only when asked for it by name. */
export const DIRECTORY_CRAWLERS: readonly CrawlerProfile[] = /* @__PURE__ */ directoryProfiles();

/** Every crawler the tester knows: the first screen's profiles, the extra ones, then the directory's names. */
export const KNOWN_CRAWLERS: readonly CrawlerProfile[] = /* @__PURE__ */ CRAWLERS.concat(extraProfiles(), DIRECTORY_CRAWLERS);

/** The agents no robots.txt line can name (ChatGPT Agent, Google-Agent…): a policy says so rather than write them. */
export const TOKENLESS_AGENTS: readonly CrawlerProfile[] = /* @__PURE__ */ KNOWN_CRAWLERS.filter((c) => c.tokenless !== undefined);

/**
 * The crawlers an AI policy may write: the AI profiles a robots.txt can name (set by purpose) and the
 * directory's names (set one by one). Not the ones for ads review: the policy leaves them alone.
 */
export const POLICY_CRAWLERS: readonly CrawlerProfile[] = /* @__PURE__ */ KNOWN_CRAWLERS.filter((c) => c.tokenless === undefined && (c.purpose !== undefined || c.source === 'directory'));

/** The crawler with this id among every one the tester knows, if any. */
export function knownCrawlerById(id: string): CrawlerProfile | undefined {
  return KNOWN_CRAWLERS.find((c) => c.id === id);
}

/** A crawler id as messages name it: the name its user-agent line says, else its name (the id itself when unknown). */
export function knownCrawlerName(id: string): string {
  const c = knownCrawlerById(id);
  return c ? writtenName(c) : id;
}
