/**
 * A log streamed: text in any pieces, its format detected from the first lines, its requests read
 * and judged a piece at a time, so memory stays flat whatever the log's length. The caller does
 * the I/O (a file, a stream, gunzip): this takes text.
 */
import { detectLogFormat, type LogReader, type LogRequest } from './formats/index.js';
import { LineSplitter, type LinePiece } from './lines.js';
import { verifyByDns, type DnsResolver } from './dns.js';
import { LogJudge, type JudgedRequest, type LogJudgeSpec } from './judge.js';
import { logReport, type LogReport } from './report.js';

/** The first lines a format is detected from (fewer when the log is shorter). */
const DETECT_LINES = 64;

/** A log that is not one of the formats read (or not text). */
export class LogFormatError extends Error {}

/** Lines of a log as they come, held back until the format is known from the first ones. */
export class LogInput {
  private readonly splitter = new LineSplitter();
  private held: LinePiece[] = [];
  private heldLines = 0;
  private reader_: LogReader | null = null;
  /** The format detected ('' until known). */
  format = '';

  /** The reader of the format detected, once known. */
  get reader(): LogReader | null {
    return this.reader_;
  }

  /** The pieces of lines ready to read (none until the format is known); throws LogFormatError when no format fits. */
  push(text: string): LinePiece[] {
    const piece = this.splitter.push(text);
    return this.ready(piece, false);
  }

  /** The last pieces, at the end of the input. */
  end(): LinePiece[] {
    return this.ready(this.splitter.end(), true);
  }

  private ready(piece: LinePiece, last: boolean): LinePiece[] {
    if (this.reader_) return piece.lines.length > 0 ? [piece] : [];
    if (piece.lines.length > 0) {
      this.held.push(piece);
      this.heldLines += piece.lines.length;
    }
    if (this.heldLines < DETECT_LINES && !last) return [];
    const sample = this.held.flatMap((p) => p.lines).slice(0, DETECT_LINES);
    if (sample.length === 0) return [];
    const found = detectLogFormat(sample);
    if (!found.ok) throw new LogFormatError(found.message);
    this.reader_ = found.reader;
    this.format = found.format;
    const out = this.held;
    this.held = [];
    return out;
  }
}

/** Options of a streamed judging. */
export interface JudgeLogOptions {
  /** Called with each piece's judged requests (bots' only), in input order. */
  readonly rows?: (rows: JudgedRequest[]) => void | Promise<void>;
  /** Verifies crawlers whose operators document reverse DNS names, by the reverse-then-forward check. */
  readonly resolver?: DnsResolver;
  /** Adds to this judge's tally (several files of one log); a new one from the spec by default. */
  readonly judge?: LogJudge;
}

/** What a streamed judging gives: the format, the judge (its tally) and the report. */
export interface JudgedLog {
  readonly format: string;
  readonly judge: LogJudge;
  readonly report: LogReport;
}

/** Answers a batch's DNS questions with `resolver` (a few at a time) into the judge. */
export async function answerDnsQuestions(judge: LogJudge, requests: readonly LogRequest[], resolver: DnsResolver, parallel = 8): Promise<void> {
  const questions = judge.dnsQuestions(requests);
  for (let i = 0; i < questions.length; i += parallel) {
    await Promise.all(questions.slice(i, i + parallel).map(async (q) => judge.answerDns(q.crawler, q.ip, await verifyByDns(q.ip, q.domains, resolver))));
  }
}

/**
 * Reads and judges a log given as pieces of text (a stream's chunks, a file's lines…). Throws
 * LogFormatError when its first lines fit no format; lines that cannot be read are counted.
 */
export async function judgeLog(pieces: Iterable<string> | AsyncIterable<string>, spec: LogJudgeSpec, options: JudgeLogOptions = {}): Promise<JudgedLog> {
  const judge = options.judge ?? new LogJudge(spec);
  const input = new LogInput();
  const take = async (ready: LinePiece[]) => {
    for (const piece of ready) {
      const requests = judge.readLines(input.reader!, piece);
      if (options.resolver) await answerDnsQuestions(judge, requests, options.resolver);
      const rows = judge.judge(requests, options.rows !== undefined);
      if (options.rows) await options.rows(rows);
    }
  };
  for await (const text of pieces) await take(input.push(text));
  await take(input.end());
  return { format: input.format, judge, report: logReport(judge.tally, input.format) };
}

/** The requests of a log given as pieces of text, a piece's worth at a time (its format detected first). */
export async function* readLog(pieces: Iterable<string> | AsyncIterable<string>): AsyncGenerator<LogRequest[]> {
  const input = new LogInput();
  const read = (piece: LinePiece) => {
    const out: LogRequest[] = [];
    piece.lines.forEach((line, i) => {
      const r = input.reader!.read(line, piece.first + i);
      if (r) out.push(r);
    });
    return out;
  };
  for await (const text of pieces) for (const piece of input.push(text)) yield read(piece);
  for (const piece of input.end()) yield read(piece);
}
