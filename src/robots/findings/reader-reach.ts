/**
 * The portability findings the other readers' own logic decides: groups that substring-matching
 * parsers give to crawlers Google gives another group (or none). Each reader parses the whole text
 * and is asked for every known crawler token: the costliest findings of a big file, which the app
 * works out apart from its verdicts (see readerFindingsInSteps).
 */
import { CRAWLERS, resolveAgent } from '../crawlers/index.js';
import { chooseGroups, type RobotsTxt } from '../google/index.js';
import { READERS, type ReaderId } from '../readers/index.js';
import { names, type AddFinding } from './portability.js';

/** A reader's parse of the text (its own kind of value), made when first asked for. */
export type ReaderParse = (reader: ReaderId) => unknown;

// The parsers that match a group's name as a substring of the crawler's.
const SUBSTRING: readonly ReaderId[] = ['python-urllib', 'python-urllib-rfc9309', 'scrapy-protego'];

// Crawler tokens worth naming when a group also reaches them: every profile's.
const KNOWN_TOKENS = [...new Set(CRAWLERS.flatMap((c) => c.tokens))];

/**
 * Every group a substring-matching parser gives to a crawler Google gives another group, pausing
 * (yielding) between the readers' parses and between the crawlers asked. `parse` gives each
 * reader's parse of the text (each reader parses it anew by default).
 */
export function* diagnoseReaderReach(robots: RobotsTxt, add: AddFinding, parse: ReaderParse = (reader) => READERS[reader].parse(robots.text)): Generator<void, void, void> {
  const L = robots.lines;
  const valueSpan = (line: number): [number, number] => [L.valueFrom[line - 1]!, L.valueTo[line - 1]!];
  const parsed = new Map<ReaderId, unknown>();
  const reach = new Map<number, { readers: Set<ReaderId>; crawlers: Set<string> }>();
  const agentLines = new Map<number, number>();
  // The names each group writes out whole: a parser that gives the group to a crawler it names so is
  // reading it as written (AI2Bot's own line, which Google cuts to "AI"), not reaching another crawler.
  const namedWhole = new Map<number, Set<string>>();
  for (const g of robots.groups) {
    for (const a of g.agents) {
      if (a.global || !a.token) continue;
      agentLines.set(g.firstLine, agentLines.get(g.firstLine) ?? a.line);
      namedWhole.set(g.firstLine, (namedWhole.get(g.firstLine) ?? new Set()).add(a.value.toLowerCase()));
    }
  }
  if (agentLines.size === 0) return;
  for (const token of KNOWN_TOKENS) {
    const google = chooseGroups(robots, resolveAgent(token));
    const googleFirst = new Set(google.kind === 'specific' || google.kind === 'global' ? google.groups.map((i) => robots.groups[i]!.firstLine) : []);
    yield;
    for (const reader of SUBSTRING) {
      if (!parsed.has(reader)) {
        parsed.set(reader, parse(reader));
        yield;
      }
      const v = READERS[reader].check(parsed.get(reader), token, 'https://example.com/');
      const first = v.groupLines[0];
      if (first === undefined || googleFirst.has(first) || !agentLines.has(first) || namedWhole.get(first)!.has(token.toLowerCase())) continue;
      const entry = reach.get(first) ?? { readers: new Set(), crawlers: new Set() };
      entry.readers.add(reader);
      entry.crawlers.add(token);
      reach.set(first, entry);
    }
  }
  for (const [first, { readers, crawlers }] of reach) {
    const line = agentLines.get(first)!;
    const group = robots.groups.find((g) => g.firstLine === first)!;
    const list = [...crawlers];
    add(line, ...valueSpan(line), 'substring-agent', {
      readers: names(SUBSTRING.filter((r) => readers.has(r))),
      crawlers: list.length > 4 ? `${list.slice(0, 4).join(', ')}…` : list.join(', '),
      token: group.agents.find((a) => a.line === line)?.token ?? '',
    });
  }
}
