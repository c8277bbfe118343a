/**
 * What a log's judged requests add up to, per crawler and per verification: requests, blocked
 * ones, robots.txt fetches, first and last seen, the blocked paths fetched most, requests per
 * hour obeyed and not, and the User-Agents they came with (per crawler and per blocked path). Plain data (Maps included), so threads and workers can send and merge it.
 */
import { own } from './own.js';
import type { Verification } from './ranges.js';
import { mergeSpoofers, type SpooferTally } from './spoofers.js';

/** One crawler's requests of one verification. */
export interface TallyPart {
  /** Requests other than /robots.txt. */
  requests: number;
  /** Requests to URLs the deciding reader's reading blocks for the crawler. */
  blocked: number;
  robotsFetches: number;
  /** Earliest and latest request time (ms), NaN when none had a time. */
  firstSeen: number;
  lastSeen: number;
  /** Per reader of the spec (its order): requests to URLs that reader's reading blocks. */
  readerBlocked: number[];
  /**
   * Blocked requests within the cache window: fetched within it after the file changed, and
   * allowed by a version live in the window before them (RFC 9309 §2.4 lets a crawler keep
   * robots.txt up to 24 hours). Counted in `blocked` too; not disobeying.
   */
  cacheWindow: number;
  /** Per change of the file, by the version it made live: how the crawler reacted to it. */
  changes: Map<number, ChangeReaction>;
  /** Blocked requests by `version \0 line \0 path`. */
  top: Map<string, number>;
  /** Requests per hour since the epoch (hours with none are absent). */
  hours: Map<number, number>;
  /**
   * Blocked requests per hour since the epoch (hours with none blocked are absent). Two maps of
   * numbers rather than one of pairs: a pair is an array of its own, and a long log's tally holds
   * a hundred thousand hours, in every thread and in every copy sent between them.
   */
  blockedHours: Map<number, number>;
  /** Requests (robots.txt fetches included) by User-Agent as logged. */
  agents: Map<string, number>;
  /** Per top key (as `top`): of the User-Agents its requests came with, the first in code-unit order. */
  topAgents: Map<string, string>;
}

/** How a crawler's requests after a change of the file went (times in ms; NaN: none). */
export interface ChangeReaction {
  /** When the version went live. */
  readonly since: number;
  /** Its first fetch of /robots.txt after the change. */
  robotsFetch: number;
  /** Its first request after the change to a URL the new version blocks for it. */
  firstBlocked: number;
  /** Its requests within the cache window after the change. */
  cacheWindow: number;
}

/** One crawler's tally. */
export interface CrawlerTally {
  readonly id: string;
  readonly name: string;
  /** A profile of the tester (false: an unnamed bot of the bot list). */
  readonly named: boolean;
  readonly operator: string;
  readonly ignoresRobotsTxt: boolean;
  readonly parts: Record<Verification, TallyPart>;
}

/** A sample of a line that could not be read. */
export interface UnreadLine {
  readonly line: number;
  /** Its start (at most 200 characters). */
  readonly text: string;
  /** Why it could not be read, where that can be told: a NUL in it, an impossible time. */
  readonly reason?: string;
}

/** A whole log's (or a part's) tally. */
export interface LogTally {
  /** Lines read (every line, blank ones and directives included). */
  lines: number;
  /** Lines that could not be read. */
  unparsed: number;
  /** The first few unreadable lines. */
  samples: UnreadLine[];
  /** Requests read, bots' or not. */
  requests: number;
  /** Requests judged by each version of the file (bots' only). */
  versions: number[];
  /** NULs skipped at the start of a file (logrotate's copytruncate leaves them). */
  leadingNuls: number;
  /** Bots' requests with no time, judged by the first version given although the file has dated versions. */
  untimed: number;
  /** By crawlerKey. */
  readonly crawlers: Map<string, CrawlerTally>;
  /** The addresses of each crawler's spoofed requests, by crawlerKey. */
  readonly spoofers: SpooferTally;
}

/** Unreadable lines kept as samples. */
export const SAMPLES = 5;
/** Blocked paths kept per crawler and verification: counts are exact while a crawler's distinct blocked paths stay within it. */
export const TOP_KEPT = 5_000;
/** User-Agents kept per crawler and verification: the commonest is exact while a crawler's distinct agents stay within it. */
export const AGENTS_KEPT = 32;
/** The longest User-Agent kept whole: a longer one is kept to this length (no real agent comes near it). */
export const AGENT_LENGTH = 2_048;

/** An empty tally. */
export function emptyTally(versions: number): LogTally {
  return { lines: 0, unparsed: 0, samples: [], requests: 0, versions: new Array<number>(versions).fill(0), leadingNuls: 0, untimed: 0, crawlers: new Map(), spoofers: new Map() };
}

/** A part with nothing counted. */
export function emptyPart(readers: number): TallyPart {
  return { requests: 0, blocked: 0, cacheWindow: 0, changes: new Map(), robotsFetches: 0, firstSeen: NaN, lastSeen: NaN, readerBlocked: new Array<number>(readers).fill(0), top: new Map(), hours: new Map(), blockedHours: new Map(), agents: new Map(), topAgents: new Map() };
}

/** Counts `requests` in hour `hour` of a part, `blocked` of them blocked. */
export function addHour(part: TallyPart, hour: number, requests: number, blocked: number): void {
  part.hours.set(hour, (part.hours.get(hour) ?? 0) + requests);
  if (blocked > 0) part.blockedHours.set(hour, (part.blockedHours.get(hour) ?? 0) + blocked);
}

/** The key a crawler's tally is kept and merged by: its id, case-insensitively (`MJ12bot`, `mj12bot` are one bot). */
export function crawlerKey(id: string): string {
  return id.toLowerCase();
}

/**
 * Of two spellings of one name, the one shown: the first in code-unit order (capitals first), so
 * the spelling a tally shows is the same whichever order its lines, threads or files came in.
 */
export function preferredSpelling(a: string, b: string): string {
  return a <= b ? a : b;
}

/** The tally of a crawler, started when first seen; a spelling of its name preferred to the one kept replaces it. */
export function crawlerTally(tally: LogTally, c: { id: string; name: string; named: boolean; operator: string; ignoresRobotsTxt: boolean }, readers: number): CrawlerTally {
  const key = crawlerKey(c.id);
  let t = tally.crawlers.get(key);
  if (!t) {
    t = { id: c.id, name: c.name, named: c.named, operator: c.operator, ignoresRobotsTxt: c.ignoresRobotsTxt, parts: { verified: emptyPart(readers), spoofed: emptyPart(readers), unverified: emptyPart(readers) } };
    tally.crawlers.set(key, t);
  } else if (c.id !== t.id && preferredSpelling(c.id, t.id) === c.id) {
    t = { ...t, id: c.id, name: c.name };
    tally.crawlers.set(key, t);
  }
  return t;
}

/** Keeps a top list bounded: past twice the bound, only the bound's largest counts stay. */
export function pruneTop(top: Map<string, number>, keep = TOP_KEPT): void {
  if (top.size <= keep * 2) return;
  const kept = [...top].sort((a, b) => b[1] - a[1]).slice(0, keep);
  top.clear();
  for (const [k, n] of kept) top.set(k, n);
}

/** A User-Agent as a tally keeps it: copied out of its chunk, and cut when absurdly long. */
export const keptAgent = (agent: string): string => own(agent.length > AGENT_LENGTH ? agent.slice(0, AGENT_LENGTH) : agent);

/** Counts one request of `agent` (as keptAgent gives it) in `agents`. */
export function countAgent(agents: Map<string, number>, agent: string): void {
  agents.set(agent, (agents.get(agent) ?? 0) + 1);
}

/**
 * Notes that a blocked request to top key `key` came with `agent` (as keptAgent gives it; after it
 * was counted in `top`). A path keeps one agent, the first in code-unit order, not counts: it is
 * noted on every blocked request, and one lookup there is what a log's speed can spare.
 * `keyOwned`: the key is a string of its own already (the one `top` holds).
 */
export function notePathAgent(part: TallyPart, key: string, agent: string, keyOwned = false): void {
  const had = part.topAgents.get(key);
  if (had === undefined) part.topAgents.set(keyOwned ? key : own(key), agent);
  else if (agent < had) part.topAgents.set(key, agent);
}

/**
 * The User-Agent a crawler's requests came with most often (of several as often, the first in
 * code-unit order), so the one shown is the same whichever order lines, threads or files came in;
 * '' when none was counted.
 */
export function commonestAgent(agents: ReadonlyMap<string, number> | undefined): string {
  let best = '';
  let most = 0;
  for (const [agent, n] of agents ?? []) if (n > most || (n === most && agent < best)) [best, most] = [agent, n];
  return best;
}

/** Keeps a part's blocked paths and User-Agents bounded (the agents of paths no longer kept go with them). */
export function prunePart(part: TallyPart): void {
  const paths = part.top.size;
  pruneTop(part.top);
  if (part.top.size < paths) for (const k of part.topAgents.keys()) if (!part.top.has(k)) part.topAgents.delete(k);
  pruneTop(part.agents, AGENTS_KEPT);
}

const addCounts = <K>(into: Map<K, number>, from: ReadonlyMap<K, number>) => {
  for (const [k, n] of from) into.set(k, (into.get(k) ?? 0) + n);
};

const minTime = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b));
const maxTime = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b));

/** The reaction to the change to the version that went live at `since`, started when first asked for. */
export function changeReaction(part: TallyPart, version: number, since: number): ChangeReaction {
  let r = part.changes.get(version);
  if (!r) part.changes.set(version, (r = { since, robotsFetch: NaN, firstBlocked: NaN, cacheWindow: 0 }));
  return r;
}

/** Adds part `from` into `into`. */
export function mergePart(into: TallyPart, from: TallyPart): void {
  into.requests += from.requests;
  into.blocked += from.blocked;
  into.cacheWindow += from.cacheWindow;
  for (const [v, r] of from.changes) {
    const to = changeReaction(into, v, r.since);
    to.robotsFetch = minTime(to.robotsFetch, r.robotsFetch);
    to.firstBlocked = minTime(to.firstBlocked, r.firstBlocked);
    to.cacheWindow += r.cacheWindow;
  }
  into.robotsFetches += from.robotsFetches;
  into.firstSeen = minTime(into.firstSeen, from.firstSeen);
  into.lastSeen = maxTime(into.lastSeen, from.lastSeen);
  from.readerBlocked.forEach((n, i) => (into.readerBlocked[i] = (into.readerBlocked[i] ?? 0) + n));
  addCounts(into.top, from.top);
  addCounts(into.agents, from.agents);
  for (const [k, agent] of from.topAgents) {
    const had = into.topAgents.get(k);
    if (had === undefined || agent < had) into.topAgents.set(k, agent);
  }
  prunePart(into);
  addCounts(into.hours, from.hours);
  addCounts(into.blockedHours, from.blockedHours);
}

/** Adds tally `from` (another thread's, another file's) into `into`. */
export function mergeTally(into: LogTally, from: LogTally): void {
  into.lines += from.lines;
  into.unparsed += from.unparsed;
  for (const s of from.samples) if (into.samples.length < SAMPLES) into.samples.push(s);
  into.samples.sort((a, b) => a.line - b.line);
  into.requests += from.requests;
  from.versions.forEach((n, i) => (into.versions[i] = (into.versions[i] ?? 0) + n));
  into.leadingNuls += from.leadingNuls;
  into.untimed += from.untimed;
  for (const c of from.crawlers.values()) {
    const t = crawlerTally(into, c, c.parts.verified.readerBlocked.length);
    for (const v of ['verified', 'spoofed', 'unverified'] as const) mergePart(t.parts[v], c.parts[v]);
  }
  mergeSpoofers(into.spoofers, from.spoofers);
}

/**
 * A crawler's parts as one (the parts chosen; all three by default), bounded as prunePart bounds
 * it. Most crawlers' requests are all of one part, within those bounds: that part itself is given
 * then, not a copy — read it, never change it.
 */
export function combinedPart(c: CrawlerTally, which: readonly Verification[] = ['verified', 'spoofed', 'unverified']): TallyPart {
  let only: TallyPart | null = null;
  let holding = 0;
  let bounded = true;
  for (const v of which) {
    const p = c.parts[v];
    // A part with no request has nothing else either: every count, time and map comes with one.
    if (p.requests + p.robotsFetches > 0) {
      only = p;
      holding++;
      // A part past prunePart's bounds (a crawler that only fetched robots.txt is not pruned as
      // it goes) is merged, and so pruned.
      if (p.top.size > 2 * TOP_KEPT || p.agents.size > 2 * AGENTS_KEPT) bounded = false;
    }
  }
  if (holding === 1 && bounded) return only!;
  const sum = emptyPart(c.parts.verified.readerBlocked.length);
  for (const v of which) mergePart(sum, c.parts[v]);
  return sum;
}

/** A top key's parts: the version, the deciding line and the path. */
export function topEntry(key: string): { version: number; line: number; path: string } {
  const a = key.indexOf('\u0000');
  const b = key.indexOf('\u0000', a + 1);
  return { version: Number(key.slice(0, a)), line: Number(key.slice(a + 1, b)), path: key.slice(b + 1) };
}

/** The `n` blocked paths fetched most, with their deciding lines, versions and User-Agents. */
export function topBlocked(part: TallyPart, n = 10): { path: string; line: number; version: number; count: number; userAgent: string }[] {
  const top = part.top;
  if (top.size === 0 || n <= 0) return [];
  // Only the paths fetched at least as often as the n-th most fetched can be listed: those alone
  // are sorted by count and key (a crawler's thousands of paths were sorted, keys compared, for ten).
  const counts = new Float64Array(top.size);
  let i = 0;
  // Filled by hand: Float64Array.from over the Map's iterator took twice as long.
  for (const count of top.values()) counts[i++] = count;
  counts.sort();
  const least = counts[Math.max(0, counts.length - Math.floor(n))]!;
  const ranked: [string, number][] = [];
  for (const entry of top) if (entry[1] >= least) ranked.push(entry);
  return ranked.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n).map(([k, count]) => ({ ...topEntry(k), count, userAgent: part.topAgents.get(k) ?? '' }));
}
