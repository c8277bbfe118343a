/**
 * The list checker: URLs × crawlers × readers, against one or more versions of a robots.txt.
 * Batches come back as compact columns (a verdict code and a deciding line per URL × column),
 * and any row can be explained in full. Bulk, the CLI's check and diff, the site audit and the
 * logs all check their lists here.
 */
import { checkUrl, createChecker, parseRobotsTxt, prepareChecks, type QuickVerdict, type RobotsTxt, type Verdict } from '../google/index.js';
import { readerAgent, readerUrl, type ReaderCheck, type ReaderId, type ReaderVerdict } from '../readers/index.js';
import { ReaderReadings } from './reader-readings.js';
import { fetchOutcome, robotsTxtUrlFor, type FetchStatus } from '../url/index.js';
import type { ResolvedAgent } from '../crawlers/index.js';
import { groupLabel, ListVerdict, readerGroupLabel, type ListVerdictCode } from './words.js';

/** One version of the file: its text, how fetching it went, and Google's parse when the caller has one. */
export interface ListVersion {
  readonly text: string;
  /** What fetching the file returned; a 200 when absent. */
  readonly status?: FetchStatus;
  /** Google's parse of `text` (an edited document's re-parse); parsed here when absent. */
  readonly robots?: RobotsTxt;
}

/** What a list is checked against: the versions, the crawlers and the readers. */
export interface ListSpec {
  /** One version, or several (old and new; the file as it was at different times). */
  readonly versions: readonly ListVersion[];
  readonly crawlers: readonly ResolvedAgent[];
  /** How each crawler's own parser reads the file: one column per crawler × reader; Google's alone by default. */
  readonly readers?: readonly ReaderId[];
  /** The site the file is for: relative URLs resolve on it, other hosts are out of scope. */
  readonly site?: string;
  /** Other readers' parses to share with other checkers of the same texts (the checker's own by default). */
  readonly readings?: ReaderReadings;
}

/** One column of a list's results: a crawler as one reader reads the file for it. */
export interface ListColumn {
  readonly crawler: ResolvedAgent;
  /** The crawler's position in the spec. */
  readonly crawlerIndex: number;
  readonly reader: ReaderId;
  /** The crawler as listings name it: its profile id, else its token. */
  readonly id: string;
}

/** Which versions a batch is checked against: one, every one, or each URL's own. */
export type VersionChoice = number | 'all' | ArrayLike<number>;

/** The verdicts of a batch against one version (or each URL's own). */
export interface ListResults {
  /** The version of every row, or of each URL. */
  readonly version: number | ArrayLike<number>;
  /** ListVerdict codes, row `url * columns + column`. */
  readonly verdict: Uint8Array;
  /** The deciding line of each row, 0 when no rule decided. */
  readonly line: Int32Array;
}

/** A batch of a list, checked: compact columns, ready to transfer. */
export interface ListBatch {
  readonly urls: readonly string[];
  /** The position of the batch's first URL in the whole list. */
  readonly start: number;
  readonly columns: number;
  /** One per version asked for, in the order asked. */
  readonly results: readonly ListResults[];
  /** Each URL's path and query as Google tests it (whatever the crawler or version). */
  readonly paths: readonly string[];
}

/** One row explained: its verdict by the one rule, Google's full verdict, and the reader's. */
export interface ListRow {
  readonly url: string;
  readonly column: number;
  readonly version: number;
  readonly verdict: ListVerdictCode;
  /** The deciding line, 0 when none. */
  readonly line: number;
  /** Google's verdict: the URL as tested, the crawler, the group, scope, the fetch result, why no test ran. */
  readonly google: Verdict;
  /** The reader's own verdict (null in Google's column, or when the test cannot run). */
  readonly reader: ReaderVerdict | null;
}

/**
 * The one rule for another reader's rows: whether the test runs, the URL's scope and a fetch
 * result that overrides the file come from Google's check (they do not depend on the parser);
 * only then do the reader's verdict and line decide.
 */
export function readerDecides(google: { readonly valid: boolean; readonly inScope: boolean }, fetchDecides: boolean): boolean {
  return google.valid && google.inScope && !fetchDecides;
}

/** A reader's verdict as a code: a parser that raises on the file or URL gives none (cannot test). */
export function readerCode(r: ReaderVerdict): ListVerdictCode {
  return r.reason === 'unparsable' ? ListVerdict.CannotTest : r.allowed ? ListVerdict.Allowed : ListVerdict.Blocked;
}

/** Google's answer as a code. */
export function googleCode(q: { readonly valid: boolean; readonly inScope: boolean; readonly allowed: boolean }): ListVerdictCode {
  return !q.valid ? ListVerdict.CannotTest : !q.inScope ? ListVerdict.OutOfScope : q.allowed ? ListVerdict.Allowed : ListVerdict.Blocked;
}

// A batch this long checks a crawler's rules more often than indexing them costs.
const INDEX_AT = 64;

/** Checks lists of URLs for the crawlers and readers of a spec, against its versions. */
export class ListChecker {
  readonly columns: readonly ListColumn[];
  /** Google's parse of each version. */
  readonly robots: readonly RobotsTxt[];
  private readonly readers: readonly ReaderId[];
  private readonly site: string | undefined;
  /** The site's robots.txt URL, for the readers that answer only on its origin (robots-parser). */
  private readonly robotsUrl: string | undefined;
  private readonly statuses: readonly (FetchStatus | undefined)[];
  private readonly texts: readonly string[];
  /** Per version × crawler: the quick check, made on first use. */
  private readonly quick: (((url: string) => QuickVerdict) | undefined)[][];
  private readonly prepared: boolean[][];
  /** Per version × crawler: the fetch result decides (not the rules). */
  private readonly fetchDecidesAt: boolean[][];
  /** Each reader's parse of each version, made on first use (shared when the spec gives them). */
  private readonly readings: ReaderReadings;
  /** Per version: the reader of each column of a crawler (null for Google's), made on first use. */
  private readonly readerRows: ((ReaderCheck | null)[] | undefined)[];
  private readonly agents: readonly string[];
  private readonly ruleTexts: Map<number, string>[];
  private readonly groups: (string | undefined)[][];

  constructor(spec: ListSpec) {
    this.readers = spec.readers && spec.readers.length > 0 ? spec.readers : ['google'];
    this.site = spec.site || undefined;
    this.robotsUrl = this.site ? robotsTxtUrlFor(this.site) ?? undefined : undefined;
    this.texts = spec.versions.map((v) => v.text);
    this.statuses = spec.versions.map((v) => v.status);
    this.robots = spec.versions.map((v) => v.robots ?? parseRobotsTxt(v.text));
    this.columns = spec.crawlers.flatMap((crawler, crawlerIndex) => this.readers.map((reader) => ({
      crawler, crawlerIndex, reader, id: crawler.profile?.id ?? crawler.tokens[0] ?? '',
    })));
    this.agents = spec.crawlers.map(readerAgent);
    this.quick = spec.versions.map(() => spec.crawlers.map(() => undefined));
    this.prepared = spec.versions.map(() => spec.crawlers.map(() => false));
    this.fetchDecidesAt = spec.versions.map((v) => {
      const outcome = v.status ? fetchOutcome(v.status) : null;
      // A crawler that ignores robots.txt never reads the fetch result either (checkUrl's order).
      return spec.crawlers.map((c) => outcome !== null && outcome.effect !== 'rules' && !c.ignoresRobotsTxt);
    });
    this.readings = spec.readings ?? new ReaderReadings();
    this.readerRows = spec.versions.map(() => undefined);
    this.ruleTexts = spec.versions.map(() => new Map());
    this.groups = spec.versions.map(() => this.columns.map(() => undefined));
  }

  /** Checks every URL of `urls` in every column, against the versions chosen; `start` is the batch's place in the list. */
  check(urls: readonly string[], versions: VersionChoice = 0, start = 0): ListBatch {
    const paths = new Array<string>(urls.length);
    const chosen: (number | ArrayLike<number>)[] = versions === 'all' ? this.robots.map((_, i) => i) : [versions];
    const results = chosen.map((version) => {
      const verdict = new Uint8Array(urls.length * this.columns.length);
      const line = new Int32Array(urls.length * this.columns.length);
      for (let c = 0; c < this.agents.length; c++) this.fill(urls, version, c, verdict, line, paths);
      return { version, verdict, line };
    });
    return { urls, start, columns: this.columns.length, results, paths };
  }

  /** Fills one crawler's columns (one per reader) for every URL. */
  private fill(urls: readonly string[], version: number | ArrayLike<number>, crawler: number, verdict: Uint8Array, line: Int32Array, paths: string[]): void {
    const m = this.columns.length;
    const nReaders = this.readers.length;
    const first = crawler * nReaders;
    const one = typeof version === 'number';
    let v = one ? version : -1;
    let google = one ? this.quickCheck(v, crawler, urls.length) : null;
    let reads = one ? this.readerRow(v) : null;
    let fetchDecides = one ? this.fetchDecidesAt[v]![crawler]! : false;
    for (let u = 0; u < urls.length; u++) {
      if (!one) {
        const w = version[u]!;
        if (w !== v) {
          v = w;
          google = this.quickCheck(v, crawler, urls.length);
          reads = this.readerRow(v);
          fetchDecides = this.fetchDecidesAt[v]![crawler]!;
        }
      }
      const url = urls[u]!;
      const q = google!(url);
      paths[u] = q.path;
      const code = googleCode(q);
      const at = u * m + first;
      const decides = readerDecides(q, fetchDecides);
      let asRead: string | null = null;
      for (let r = 0; r < nReaders; r++) {
        const read = reads![r];
        if (read === null || !decides) {
          verdict[at + r] = code;
          line[at + r] = q.line;
          continue;
        }
        asRead ??= readerUrl(url, this.site);
        const rv = read!(this.agents[crawler]!, asRead);
        const rc = readerCode(rv);
        verdict[at + r] = rc;
        line[at + r] = rc === ListVerdict.CannotTest ? 0 : rv.line;
      }
    }
  }

  /** Google's quick check of one version × crawler; its rules indexed first when a batch is long. */
  private quickCheck(version: number, crawler: number, batch: number): (url: string) => QuickVerdict {
    const robots = this.robots[version];
    if (!robots) throw new RangeError(`no version ${version}: the list has ${this.robots.length}`);
    if (!this.prepared[version]![crawler] && batch >= INDEX_AT) {
      prepareChecks(robots, this.columns[crawler * this.readers.length]!.crawler);
      this.prepared[version]![crawler] = true;
    }
    return (this.quick[version]![crawler] ??= createChecker(robots, this.columns[crawler * this.readers.length]!.crawler, { site: this.site, status: this.statuses[version] }));
  }

  /** Each reader's check of one version, null for Google's own column. */
  private readerRow(version: number): (ReaderCheck | null)[] {
    return (this.readerRows[version] ??= this.readers.map((r) => (r === 'google' ? null : this.readerCheck(version, r))));
  }

  private readerCheck(version: number, reader: ReaderId): ReaderCheck {
    return this.readings.read(reader, this.texts[version]!, this.robotsUrl);
  }

  /** One row in full: Google's verdict with everything that explains it, and the reader's. Never throws. */
  explain(url: string, column: number, version = 0): ListRow {
    const col = this.columns[column]!;
    const google = checkUrl(this.robots[version]!, col.crawler, url, { site: this.site, status: this.statuses[version] });
    const code = googleCode({ valid: google.problem === null, inScope: google.inScope, allowed: google.allowed });
    if (col.reader === 'google' || google.problem) return { url, column, version, verdict: code, line: google.line, google, reader: null };
    const reader = this.readerCheck(version, col.reader)(this.agents[col.crawlerIndex]!, readerUrl(url, this.site));
    if (!readerDecides({ valid: true, inScope: google.inScope }, google.fetch !== null)) return { url, column, version, verdict: code, line: google.line, google, reader };
    const rc = readerCode(reader);
    return { url, column, version, verdict: rc, line: rc === ListVerdict.CannotTest ? 0 : reader.line, google, reader };
  }

  /** Whether the fetch result, not the file's rules, decides a column's rows in a version. */
  fetchDecides(column: number, version = 0): boolean {
    return this.fetchDecidesAt[version]![this.columns[column]!.crawlerIndex]!;
  }

  /**
   * The group a column's crawler follows in a version, as one cell (see groupLabel; another
   * reader's by the first lines of the groups it applied); empty when the fetch result decides.
   */
  columnGroup(column: number, version = 0): string {
    if (this.fetchDecides(column, version)) return '';
    const cached = this.groups[version]![column];
    if (cached !== undefined) return cached;
    const col = this.columns[column]!;
    // Every parser chooses its groups by the crawler's name alone: one check tells which.
    const label = col.reader === 'google'
      ? groupLabel(this.robots[version]!, col.crawler)
      : readerGroupLabel(this.readerCheck(version, col.reader)(this.agents[col.crawlerIndex]!, readerUrl('/', this.site)).groupLines);
    this.groups[version]![column] = label;
    return label;
  }

  /** The group cell of a row with verdict `code`: empty when no group was read (the test cannot run, out of scope, the fetch result decides). */
  groupFor(column: number, version: number, code: number): string {
    return code === ListVerdict.Allowed || code === ListVerdict.Blocked ? this.columnGroup(column, version) : '';
  }

  /** The text of line `line` of a version, trimmed ('' for 0 or a line the file does not have). */
  lineText(version: number, line: number): string {
    const texts = this.ruleTexts[version]!;
    let text = texts.get(line);
    if (text === undefined) {
      const robots = this.robots[version]!;
      text = line > 0 && line <= robots.lineCount ? robots.text.slice(robots.lines.from[line - 1], robots.lines.to[line - 1]).trim() : '';
      texts.set(line, text);
    }
    return text;
  }
}
