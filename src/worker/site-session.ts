/**
 * The Site tab's worker, without the worker: the inventory (every URL, where it came from, its
 * verdicts per crawler) read as its sources stream and audited as it comes. A new list of sources
 * keeps what was read of the sources it starts with and reads from the first that differs; a new
 * spec re-audits what is held. It says how it stands as that changes (its state, a run's
 * progress); long runs pause every few milliseconds so a folder's children or a page of rows are
 * answered meanwhile. The I/O (fetch, inflation, yielding) comes in as `io`.
 */
import { resolveCrawler, type ListChecker } from '../robots/index.js';
import {
  auditChecker, INVENTORY_ORDER, OpenedFiles, readInventory, searchRows, SiteAudit, sortRows, UrlSet, UrlStore, type FolderSummary, type InventorySource,
  type OpenedSource, type SourceReport,
} from '../robots/site/index.js';
import { AuditCsvWriter, auditCsvHeader, csvRecord, CSV_BOM } from '../share/csv/index.js';
import { urlListReader } from '../share/csv/read/index.js';
import type {
  SiteAuditSpec, SiteEvent, SiteRow, SiteRowPage, SiteRowQuery, SiteSourceDescription, SiteSourceInput, SiteSummary, SiteWorkerState,
} from './site-protocol.js';
import { TextMirror, type TextPayload } from './text-sync.js';

/** What the session needs from its surroundings. */
export interface SiteIo {
  /** Opens a sitemap's URL (the browser's fetch); `signal` stops it. */
  open(url: string, signal: AbortSignal): Promise<OpenedSource>;
  /** Inflates gzip natively (DecompressionStream); the engine's own inflater when absent. */
  readonly inflate?: (gzip: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>;
  /** A file's bytes as they stream. */
  chunks(file: Blob): AsyncIterable<Uint8Array>;
  /** Lets the worker answer the messages waiting (a task boundary). */
  yieldNow(): Promise<void>;
  now(): number;
}

/** URLs checked per step of a run. */
const STEP = 2000;
/** A run yields after this long, so queries are answered within it. */
const SLICE_MS = 15;
/** Progress at most this often. */
const PROGRESS_MS = 100;
/** The summary's counts are sent this often while a run goes on. */
const SUMMARY_MS = 1000;
/** Blocked URLs the summary lists per column (the list pages through them all). */
const SUMMARY_EXAMPLES = 10;
/** Rows a page holds at most. */
const PAGE_LIMIT = 1000;

interface HeldSource {
  readonly input: SiteSourceInput;
  /** What the inventory reads (one object: the opened files know it by it). */
  readonly source: InventorySource;
  reports: SourceReport[];
  reading: boolean;
  /** Where its URLs start in the inventory (-1: not read yet). */
  start: number;
}

function describe(input: SiteSourceInput): SiteSourceDescription {
  return input.kind === 'url' ? { kind: 'url', url: input.url } : { kind: input.kind, name: input.name };
}

const modified = (file: Blob): number | null => ('lastModified' in file && typeof file.lastModified === 'number' ? file.lastModified : null);

/**
 * Whether two sources are the same one, given again (a message carries a copy of a file, never the
 * same object): a file by its name, size, type and modification time.
 */
export function sameSource(a: SiteSourceInput, b: SiteSourceInput): boolean {
  if (a.kind === 'url') return b.kind === 'url' && a.url === b.url;
  if (a.kind === 'text') return b.kind === 'text' && a.name === b.name && a.text === b.text;
  return b.kind === 'file' && a.name === b.name && a.file.size === b.file.size && a.file.type === b.file.type && modified(a.file) === modified(b.file);
}

/** The Site worker's state and its answers. */
export class SiteSession {
  private sources: HeldSource[] = [];
  /** Every URL of the inventory, in order (packed: the page never holds them), and the source (by name) each came from. */
  private urls = new UrlStore();
  private urlSource = new Int32Array(1024);
  private sourceNames: string[] = [];
  private readonly sourceIds = new Map<string, number>();
  private seen = this.urlSet();
  private sitemapsRead = new Set<string>();
  /** The opened files and pastes, which an index's child sitemaps are taken from before any fetch. */
  private files = new OpenedFiles();
  /** Bumped when the inventory goes back to an earlier source: older reads stop. */
  private epoch = 0;
  private nextSource = 0;
  private reading = false;
  private readonly text = new TextMirror();
  private spec: (SiteAuditSpec & { readonly doc: string }) | null = null;
  private checker: ListChecker | null = null;
  private audit: SiteAudit | null = null;
  /** The last selection searched and sorted, kept while the page changes: a sort of a million URLs is done once. */
  private ordered: { readonly from: Int32Array; readonly key: string; readonly rows: Int32Array } | null = null;
  private writer: AuditCsvWriter | null = null;
  /** URLs of `urls` the audit holds. */
  private audited = 0;
  private auditing = false;
  private lastProgress = 0;
  private lastSummary = 0;
  /** Whom to tell once nothing is read or audited any more. */
  private waiting: (() => void)[] = [];
  /** Whether the state said last was busy. */
  private saidBusy = false;

  constructor(private readonly say: (event: SiteEvent) => void, private readonly io: SiteIo) {}

  /**
   * The set of the inventory's URLs, exact against the store; a URL of the chunk being read (not
   * stored yet) is matched by its two hashes alone.
   */
  private urlSet(): UrlSet {
    return new UrlSet((i, url) => i >= this.urls.size || this.urls.get(i) === url);
  }

  /**
   * The inventory's sources are now `inputs`: what was read of the sources the list starts with is
   * kept, the inventory goes back to the first source that differs, and the rest is read. Resolves
   * once nothing is read or audited any more.
   */
  read(inputs: readonly SiteSourceInput[]): Promise<void> {
    let same = 0;
    while (same < inputs.length && same < this.sources.length && sameSource(this.sources[same]!.input, inputs[same]!)) same++;
    same = this.beforeClaims(same);
    if (same < this.sources.length) this.cut(same);
    for (const input of inputs.slice(same)) {
      const held: HeldSource = { input, source: this.toSource(input), reports: [], reading: false, start: -1 };
      this.sources.push(held);
      this.files.add(held.source);
    }
    this.pushState();
    void this.readOn();
    return this.settled();
  }

  /**
   * Audits the inventory against `spec` and the document `text` (as a payload of the copy held):
   * what is held now, what is read next as it comes. Resolves once every URL read is audited;
   * throws OutOfSyncError when the payload does not fit the copy held.
   */
  auditAgainst(spec: SiteAuditSpec, text: TextPayload): Promise<void> {
    const { text: doc } = this.text.apply(text);
    const { revision, status, compare, crawlers, readers, site } = spec;
    this.spec = { revision, status, compare, crawlers, readers, site, doc };
    this.newAudit();
    // Busy from now on: the page shows the new run's progress, not the last run's end.
    this.pushState();
    void this.catchUp();
    return this.settled();
  }

  /** The revision of the audit answers come from (-1: none yet). */
  private revision(): number {
    return this.spec?.revision ?? -1;
  }

  private busy(): boolean {
    return this.reading || (this.audit !== null && this.audited < this.urls.size);
  }

  private settled(): Promise<void> {
    if (!this.busy()) {
      // The work may have ended without a state saying so (the last slice's progress not due yet):
      // whoever waits reads the state said last, so it is said now.
      if (this.saidBusy) this.pushState();
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Where the inventory must go back to for the sources from the `k`-th on to go: to an index
   * that read one of their files as its child sitemap, if one comes before.
   */
  private beforeClaims(k: number): number {
    for (;;) {
      const gone = new Set(this.sources.slice(k).flatMap((s) => (s.input.kind === 'url' ? [] : [s.input.name])));
      const claimer = this.sources.findIndex((s, i) => i < k && s.reports.some((r) => r.file !== null && gone.has(r.file)));
      if (claimer < 0) return k;
      k = claimer;
    }
  }

  /** Drops the sources from the `k`-th on, and the URLs they gave. */
  private cut(k: number): void {
    const started = this.sources[k]!.start;
    for (const s of this.sources.slice(k)) this.files.remove(s.source);
    this.sources.length = k;
    // Not read yet (the source read now, if any, comes before): nothing to take back.
    if (started < 0) return;
    this.epoch++;
    this.reading = false;
    this.nextSource = k;
    this.urls.truncate(started);
    this.seen = this.urlSet();
    for (let from = 0; from < started; from += STEP) this.urls.slice(from, Math.min(started, from + STEP)).forEach((u, i) => this.seen.add(u, from + i));
    // The sitemaps the kept sources read: each is read once.
    this.sitemapsRead = new Set();
    for (const s of this.sources) {
      if (s.input.kind === 'url') this.sitemapsRead.add(s.input.url);
      for (const r of s.reports) if (r.parent !== null) this.sitemapsRead.add(r.source);
    }
    if (this.spec) this.newAudit();
  }

  /** A fresh audit of the held URLs against the current spec. */
  private newAudit(): void {
    const spec = this.spec!;
    const checker = auditChecker({
      robots: { text: spec.doc, status: spec.status }, compare: spec.compare === null ? undefined : { text: spec.compare },
      crawlers: spec.crawlers.map(resolveCrawler), readers: spec.readers, site: spec.site || undefined,
    });
    this.checker = checker;
    this.writer = new AuditCsvWriter(checker, spec.readers.length > 0);
    this.audit = new SiteAudit(checker, { keepRows: true, tree: { site: spec.site || undefined }, examples: SUMMARY_EXAMPLES, changeExamples: 0 });
    this.audited = 0;
    this.lastSummary = 0;
  }

  private toSource(input: SiteSourceInput): InventorySource {
    if (input.kind === 'url') return { name: input.url, url: input.url, role: 'sitemap' };
    if (input.kind === 'file') return { name: input.name, body: this.io.chunks(input.file), role: 'list' };
    return { name: input.name, body: [input.text], role: 'list' };
  }

  /** Reads the sources not read yet, in order; each URL new to the inventory is audited as it comes. */
  private async readOn(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    const epoch = this.epoch;
    let last = this.io.now();
    try {
      while (epoch === this.epoch && this.nextSource < this.sources.length) {
        const held = this.sources[this.nextSource++]!;
        held.reading = true;
        held.start = this.urls.size;
        this.pushState();
        const events = readInventory([held.source], {
          files: this.files, open: (url, signal) => this.io.open(url, signal), inflate: this.io.inflate, lines: urlListReader, site: this.spec?.site || undefined, seen: this.seen, sitemapsRead: this.sitemapsRead,
        });
        for await (const e of events) {
          if (epoch !== this.epoch) return;
          if (e.kind === 'source') {
            held.reports.push(e.report);
            this.pushState();
            continue;
          }
          this.append(e.urls, e.name);
          if (!this.auditing) this.auditSome(Infinity);
          this.progress('reading', e.name);
          if (this.io.now() - last > SLICE_MS) {
            await this.io.yieldNow();
            last = this.io.now();
          }
        }
        held.reading = false;
      }
    } finally {
      if (epoch === this.epoch) {
        this.reading = false;
        void this.catchUp();
        this.pushState();
      }
    }
  }

  private append(urls: readonly string[], source: string): void {
    let id = this.sourceIds.get(source);
    if (id === undefined) {
      id = this.sourceNames.push(source) - 1;
      this.sourceIds.set(source, id);
    }
    const start = this.urls.size;
    if (start + urls.length > this.urlSource.length) {
      let size = this.urlSource.length;
      while (size < start + urls.length) size *= 2;
      const grown = new Int32Array(size);
      grown.set(this.urlSource);
      this.urlSource = grown;
    }
    this.urlSource.fill(id, start, start + urls.length);
    for (const u of urls) this.urls.add(u);
  }

  /** Audits held URLs not audited yet, at most `budgetMs` long (whole steps, one at least). */
  private auditSome(budgetMs: number): void {
    const checker = this.checker;
    const audit = this.audit;
    if (!checker || !audit) return;
    const started = this.io.now();
    const versions = checker.robots.length > 1 ? 'all' : 0;
    // The first step whatever the clock says: a thread held up past the budget between reading
    // the clock and its first step would end its slice having audited nothing, every slice.
    for (let first = true; this.audited < this.urls.size && (first || this.io.now() - started <= budgetMs); first = false) {
      const from = this.audited;
      const to = Math.min(this.urls.size, from + STEP);
      audit.add(checker.check(this.urls.slice(from, to), versions, from));
      this.audited = to;
    }
  }

  /** Audits every held URL not audited yet, yielding between slices; a newer audit takes over. */
  private async catchUp(): Promise<void> {
    if (this.auditing) return;
    this.auditing = true;
    try {
      while (this.audit && this.audited < this.urls.size) {
        this.auditSome(SLICE_MS);
        this.progress('checking', '');
        await this.io.yieldNow();
      }
    } finally {
      this.auditing = false;
    }
    this.pushState();
  }

  private progress(phase: 'reading' | 'checking', source: string): void {
    const now = this.io.now();
    if (now - this.lastProgress >= PROGRESS_MS) {
      this.lastProgress = now;
      this.say({ type: 'site-progress', phase, urls: this.urls.size, checked: this.audited, source });
    }
    if (now - this.lastSummary >= SUMMARY_MS && this.audit) {
      this.lastSummary = now;
      this.pushState();
    }
  }

  private summary(): SiteSummary | null {
    const audit = this.audit;
    if (!audit || !this.spec) return null;
    const report = audit.report(0);
    return {
      revision: this.spec.revision,
      complete: !this.reading && this.audited === this.urls.size,
      urls: this.audited,
      columns: report.columns,
      rules: report.rules,
      changes: report.changes ? { byColumn: report.changes.byColumn, total: report.changes.byColumn.reduce((a, c) => a + c.changed, 0) } : null,
      roots: report.tree.map(({ children: _c, more: _m, ...s }) => ({ ...s, children: audit.tree.summary(s.node).children })),
      treeTruncated: report.treeTruncated,
    };
  }

  /** Says how the inventory and its audit stand; once nothing is under way, those waiting for that are told. */
  private pushState(): void {
    const busy = this.busy();
    const state: SiteWorkerState = {
      sources: this.sources.map((s) => ({ input: describe(s.input), reports: s.reports.slice(), reading: s.reading })),
      urls: this.urls.size,
      busy,
      summary: this.summary(),
    };
    this.say({ type: 'site-state', state });
    this.saidBusy = busy;
    if (busy) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** A folder's sub-folders (the roots for ''), by address. */
  children(folder: string): { revision: number; nodes: FolderSummary[] } {
    const tree = this.audit?.tree;
    if (!tree) return { revision: this.revision(), nodes: [] };
    const node = folder === '' ? -1 : tree.find(folder);
    const nodes = folder === '' ? tree.roots() : node >= 0 ? tree.children(node) : [];
    return { revision: this.revision(), nodes: nodes.map((n) => tree.summary(n)).sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0)) };
  }

  /** A page of the rows the audit selects for `q`. */
  rows(q: SiteRowQuery): { revision: number; page: SiteRowPage } {
    const audit = this.audit;
    const checker = this.checker;
    if (!audit || !checker) return { revision: this.revision(), page: { total: 0, rows: [] } };
    const selected = this.order(audit, q);
    const rows: SiteRow[] = [];
    const end = Math.min(selected.length, q.offset + Math.max(0, Math.min(q.limit, PAGE_LIMIT)));
    for (let k = Math.max(0, q.offset); k < end; k++) {
      const i = selected[k]!;
      const r = audit.row(i, q.column);
      rows.push({
        index: i, url: this.urls.get(i), now: r.now, rule: checker.lineText(0, r.now.line),
        before: r.before ? { ...r.before, rule: checker.lineText(1, r.before.line) } : null, source: this.sourceNames[this.urlSource[i]!] ?? '',
      });
    }
    return { revision: this.revision(), page: { total: selected.length, rows } };
  }

  /** The audit's selection for `q`, searched and sorted (the same answer while only the page changes). */
  private order(audit: SiteAudit, q: SiteRowQuery): Int32Array {
    const from = audit.select(q);
    const { search = '', sort = INVENTORY_ORDER } = q;
    const key = `${q.column}|${sort.key}|${sort.descending}|${search}`;
    if (this.ordered?.from !== from || this.ordered.key !== key) {
      const m = q.column;
      const found = searchRows(from, search, (i) => this.urls.get(i));
      const rows = sortRows(found, sort, { url: (i) => this.urls.get(i), verdict: (i) => audit.row(i, m).now.verdict, line: (i) => audit.row(i, m).now.line });
      this.ordered = { from, key, rows };
    }
    return this.ordered.rows;
  }

  /** Every audited row as the audit's CSV (with a byte-order mark, for spreadsheets). */
  csv(): { revision: number; csv: Blob } {
    const audit = this.audit;
    const checker = this.checker;
    if (!audit?.rows || !checker || !this.writer || !this.spec) return { revision: this.revision(), csv: new Blob([]) };
    const rows = audit.rows;
    const compared = checker.robots.length > 1;
    const parts: string[] = [CSV_BOM + csvRecord(auditCsvHeader(this.spec.readers.length > 0, compared))];
    const m = checker.columns.length;
    for (let from = 0; from < this.audited; from += STEP) {
      const to = Math.min(this.audited, from + STEP);
      const before = rows.before && rows.beforeLine ? { verdict: rows.before, line: rows.beforeLine } : null;
      parts.push(this.writer.rows(this.urls.slice(from, to), { verdict: rows.verdict, line: rows.line }, before, (u) => this.sourceNames[this.urlSource[from + u]!] ?? '', from * m));
    }
    return { revision: this.revision(), csv: new Blob(parts, { type: 'text/csv;charset=utf-8' }) };
  }
}
