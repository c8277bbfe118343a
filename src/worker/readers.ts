/**
 * The readers' work, as a pure class: each reader parses the text once (kept until the text
 * changes) and answers the active test beside Google's reading.
 */
import {
  checkUrl, explainReader, fromGoogleVerdict, READERS, readerAgent, readerUrl, resolveCrawler, robotsTxtUrlFor, RobotsParser,
  type ReaderId, type RobotsTxt, type TextChange,
} from '../robots/index.js';
import type { ReaderAnswer, ReadersRequest, ReadersResult } from './protocol.js';

/** Answers ReadersRequests, parsing each reader's reading of a text once. */
export class ReadersAnalyser {
  private text: string | null = null;
  private google: RobotsTxt | null = null;
  // Google's reading follows the edits (a keystroke re-scans its lines); the others parse anew.
  private readonly googleParser = new RobotsParser();
  /** Each reader's parse of the text, for the robots.txt URL it was given (robots-parser answers only on its origin). */
  private readonly parsed = new Map<string, unknown>();

  /** Forgets every reading of an older text. */
  private follow(text: string): void {
    if (text === this.text) return;
    this.text = text;
    this.google = null;
    this.parsed.clear();
  }

  private parse(reader: ReaderId, text: string, robotsUrl?: string): unknown {
    this.follow(text);
    const key = `${reader} ${robotsUrl ?? ''}`;
    if (!this.parsed.has(key)) this.parsed.set(key, READERS[reader].parse(text, robotsUrl));
    return this.parsed.get(key);
  }

  /**
   * Google's verdict and each asked reader's for the request's test. Never throws for any text or
   * test. `edit`: what changed since the text of the previous request.
   */
  answer(req: Omit<ReadersRequest, 'text'>, text: string, edit: TextChange | null = null): ReadersResult {
    const base = { type: 'readers' as const, id: req.id, revision: req.revision };
    this.follow(text);
    this.google ??= this.googleParser.parse(text, edit);
    const robots = this.google;
    const agent = resolveCrawler(req.test.crawler);
    const v = checkUrl(robots, agent, req.test.url, { site: req.site || undefined });
    // No verdict for a test that cannot run, nor where scope or a crawler's own policy decides.
    if (v.problem || !v.inScope || v.reason === 'ignores-robots-txt') return { ...base, google: null, answers: [] };
    const google = fromGoogleVerdict('google', robots, v);
    const lineText = (line: number) => (line > 0 && line <= robots.lineCount ? text.slice(robots.lines.from[line - 1], robots.lines.to[line - 1]).trim() : '');
    const ua = readerAgent(agent);
    const url = readerUrl(req.test.url, req.site || undefined);
    const robotsUrl = req.site ? robotsTxtUrlFor(req.site) ?? undefined : undefined;
    const answers: ReaderAnswer[] = req.readers.filter((r) => r !== 'google').map((reader) => {
      const verdict = READERS[reader].check(this.parse(reader, text, robotsUrl), ua, url);
      return { verdict, sentences: explainReader(verdict, google, lineText), ruleText: lineText(verdict.line) };
    });
    return { ...base, google, answers };
  }
}
