/**
 * Other readers' parses of robots.txt texts, each made once and shared by every list checker
 * given them. A reader's parse answers for any crawler (the crawler is an argument of each
 * check), so checkers of different crawlers over the same file need only one: a log's judge,
 * which keeps a checker per crawler, read a 30 KB file with Bing's parser once per bot before
 * (over a thousand parses, most of its worker's memory).
 */
import { readWith, type ReaderCheck, type ReaderId } from '../readers/index.js';

/** Readers' parses by reader, robots.txt URL and text. */
export class ReaderReadings {
  private readonly parses = new Map<string, Map<string, ReaderCheck>>();

  /** `reader`'s parse of `text` (as fetched from `robotsUrl`), made on first use. */
  read(reader: ReaderId, text: string, robotsUrl: string | undefined): ReaderCheck {
    const key = `${reader}\u0000${robotsUrl ?? ''}`;
    let byText = this.parses.get(key);
    if (!byText) this.parses.set(key, (byText = new Map()));
    let check = byText.get(text);
    if (!check) byText.set(text, (check = readWith(reader, text, robotsUrl)));
    return check;
  }
}
