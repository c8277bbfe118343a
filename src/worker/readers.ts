/**
 * The readers' work, as a pure class: each reader parses the text once (kept until the text
 * changes) and answers the active test beside Google's reading, counts for every test how many
 * read it otherwise, and finds the lines whose meaning the readers' own logic changes.
 */
import {
  checkUrl, explainReader, fromGoogleVerdict, READERS, readerAgent, readerFindingsInSteps, readerUrl, resolveCrawler, robotsTxtUrlFor, RobotsParser,
  type Diagnostic, type ReaderId, type ReaderVerdict, type RobotsTxt, type TextChange,
} from '../robots/index.js';
import type { ReaderAnswer, ReadersRequest, ReadersResult, TestCase } from './protocol.js';

/** Whether a reader reads a test as Google does: the same verdict (a parser that raises never does). */
function readsAsGoogle(reader: ReaderVerdict, google: ReaderVerdict): boolean {
  return reader.reason !== 'unparsable' && reader.allowed === google.allowed;
}

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
   * Google's verdict and each asked reader's for the request's test, and for each of its `tests`
   * how many readers read it otherwise than Google. Never throws for any text or test. `edit`:
   * what changed since the text of the previous request.
   */
  answer(req: Omit<ReadersRequest, 'text'>, text: string, edit: TextChange | null = null): ReadersResult {
    const base = { type: 'readers' as const, id: req.id, revision: req.revision };
    this.follow(text);
    this.google ??= this.googleParser.parse(text, edit);
    const robots = this.google;
    const differ = (req.tests ?? []).map((t) => {
      const read = this.read(robots, text, req, t);
      return read === null ? 0 : read.reads.filter((r) => !readsAsGoogle(r, read.google)).length;
    });
    const read = this.read(robots, text, req, req.test);
    // No verdict for a test that cannot run, nor where scope or a crawler's own policy decides.
    if (read === null) return { ...base, google: null, answers: [], differ };
    const google = read.google;
    const lineText = (line: number) => (line > 0 && line <= robots.lineCount ? text.slice(robots.lines.from[line - 1], robots.lines.to[line - 1]).trim() : '');
    const answers: ReaderAnswer[] = read.reads.map((verdict) => ({ verdict, sentences: explainReader(verdict, google, lineText), ruleText: lineText(verdict.line) }));
    return { ...base, google, answers, differ };
  }

  /**
   * The answer (see answer) in steps: Google's parse and each asked reader's a step of its own
   * (at 500 KB each is tens to hundreds of milliseconds), the answer itself the last.
   */
  *answerInSteps(req: Omit<ReadersRequest, 'text'>, text: string, edit: TextChange | null = null): Generator<void, ReadersResult, void> {
    this.follow(text);
    this.google ??= this.googleParser.parse(text, edit);
    const robotsUrl = req.site ? robotsTxtUrlFor(req.site) ?? undefined : undefined;
    for (const reader of req.readers) {
      yield;
      if (reader !== 'google') this.parse(reader, text, robotsUrl);
    }
    yield;
    return this.answer(req, text);
  }

  /**
   * The findings the readers' parses decide for `text`, in steps (readerFindingsInSteps), from the
   * same parses as the chips' answers. `edit`: what changed since the text of the previous request.
   * Its steps must stop once another text is asked about (each step reads this one's parses).
   */
  findings(text: string, edit: TextChange | null = null): Generator<void, Diagnostic[], void> {
    this.follow(text);
    this.google ??= this.googleParser.parse(text, edit);
    return readerFindingsInSteps(this.google, (reader) => this.parse(reader, text));
  }

  /** Google's reading of `test` and each asked reader's, or null where no reader's verdict is shown (see answer). */
  private read(robots: RobotsTxt, text: string, req: Omit<ReadersRequest, 'text'>, test: TestCase): { google: ReaderVerdict; reads: ReaderVerdict[] } | null {
    const agent = resolveCrawler(test.crawler);
    const v = checkUrl(robots, agent, test.url, { site: req.site || undefined });
    if (v.problem || !v.inScope || v.reason === 'ignores-robots-txt') return null;
    const google = fromGoogleVerdict('google', robots, v);
    const ua = readerAgent(agent);
    const url = readerUrl(test.url, req.site || undefined);
    const robotsUrl = req.site ? robotsTxtUrlFor(req.site) ?? undefined : undefined;
    const reads = req.readers.filter((r) => r !== 'google').map((reader) => READERS[reader].check(this.parse(reader, text, robotsUrl), ua, url));
    return { google, reads };
  }
}
