/**
 * A tally sent between threads in pieces: its crawlers in groups of bounded size, then the rest of
 * it. A thread receives each message in one task of its own, so a tally of thousands of bots sent
 * whole held the page's thread for as long as it took to read it (335 ms for 12.6 MB, 1,463 bots);
 * in pieces, each is read in a task of its own.
 */
import type { CrawlerTally, LogTally } from './tally.js';

/** A group of a tally's crawlers, by key, in the tally's order. */
export type CrawlerPiece = readonly (readonly [string, CrawlerTally])[];

/** Entries of a piece's maps (blocked paths, their agents, hours, agents, changes) past which a new piece is started. */
export const PIECE_ENTRIES = 20_000;

/** A crawler's weight in a piece: the entries of its parts' maps (a crawler always goes whole). */
function entries(c: CrawlerTally): number {
  let n = 1;
  for (const p of [c.parts.verified, c.parts.spoofed, c.parts.unverified]) n += p.top.size + p.topAgents.size + p.hours.size + p.blockedHours.size + p.agents.size + p.changes.size;
  return n;
}

/** `tally`'s crawlers in pieces of about `size` map entries each, and the tally without them. */
export function tallyPieces(tally: LogTally, size = PIECE_ENTRIES): { readonly rest: LogTally; readonly pieces: readonly CrawlerPiece[] } {
  const pieces: (readonly [string, CrawlerTally])[][] = [];
  let piece: (readonly [string, CrawlerTally])[] = [];
  let weight = 0;
  for (const entry of tally.crawlers) {
    const w = entries(entry[1]);
    if (piece.length > 0 && weight + w > size) {
      pieces.push(piece);
      piece = [];
      weight = 0;
    }
    piece.push(entry);
    weight += w;
  }
  if (piece.length > 0) pieces.push(piece);
  return { rest: { ...tally, crawlers: new Map() }, pieces };
}

/** The tally `tallyPieces` cut: `rest` with the crawlers of `pieces`, in their order. */
export function tallyJoined(rest: LogTally, pieces: readonly CrawlerPiece[]): LogTally {
  const crawlers = new Map(rest.crawlers);
  for (const piece of pieces) for (const [key, c] of piece) crawlers.set(key, c);
  return { ...rest, crawlers };
}
