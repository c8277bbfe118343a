/**
 * The Site tab's worker, without the worker: the inventory (every URL, where it came from, its
 * verdicts per crawler) read as its sources stream and audited as it comes; a new file or a new
 * crawler re-audits what is held. Long runs pause every few milliseconds so a folder's children
 * or a page of rows are answered meanwhile. The I/O (fetch, inflation, yielding) comes in as `io`.
 */
import { resolveCrawler, type ListChecker } from '../robots/index.js';
import {
  auditChecker, readInventory, SiteAudit, UrlSet, UrlStore, type FolderSummary, type InventorySource,
  type OpenedSource, type SourceReport,
} from '../robots/site/index.js';
import { AuditCsvWriter, auditCsvHeader, csvRecord, CSV_BOM } from '../share/csv/index.js';
import { urlListReader } from '../share/csv/read/index.js';
import type {
  SiteAuditSpec, SiteRequest, SiteResponse, SiteRow, SiteRowPage, SiteRowQuery, SiteSourceDescription, SiteSourceInput, SiteState, SiteSummary,
} from './site-protocol.js';
import { TextMirror } from './text-sync.js';

/** What the session needs from its surroundings. */
export interface SiteIo {
  /** Opens a sitemap's URL (the browser's fetch). */
  open(url: string): Promise<OpenedSource>;
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

interface HeldSource {
  readonly input: SiteSourceInput;
  reports: SourceReport[];
  reading: boolean;
}

function describe(input: SiteSourceInput): SiteSourceDescription {
  return input.kind === 'url' ? { kind: 'url', url: input.url } : { kind: input.kind, name: input.name };
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
  /** Bumped when the inventory is read again from its start (a source removed): older reads stop. */
  private epoch = 0;
  private nextSource = 0;
  private reading = false;
  private readonly text = new TextMirror();
  private spec: (SiteAuditSpec & { readonly doc: string }) | null = null;
  private checker: ListChecker | null = null;
  private audit: SiteAudit | null = null;
  private writer: AuditCsvWriter | null = null;
  /** URLs of `urls` the audit holds. */
  private audited = 0;
  private auditing = false;
  private lastProgress = 0;
  private lastSummary = 0;
  private cache: { key: string; matches: Int32Array } | null = null;

  constructor(private readonly post: (msg: SiteResponse) => void, private readonly io: SiteIo) {}

  /**
   * The set of the inventory's URLs, exact against the store; a URL of the chunk being read (not
   * stored yet) is matched by its two hashes alone.
   */
  private urlSet(): UrlSet {
    return new UrlSet((i, url) => i >= this.urls.size || this.urls.get(i) === url);
  }

  /** Serves one request. */
  handle(req: SiteRequest): void {
    try {
      switch (req.type) {
        case 'site-add':
          this.sources.push(...req.sources.map((input) => ({ input, reports: [], reading: false })));
          this.pushState();
          void this.read();
          return;
        case 'site-remove':
          this.sources.splice(req.index, 1);
          this.restart();
          return;
        case 'site-clear':
          this.sources = [];
          this.restart();
          return;
        case 'site-audit':
          this.setSpec(req.spec);
          return;
        case 'site-rows':
          this.post({ type: 'site-rows', id: req.id, revision: this.revision(), page: this.rows(req.query) });
          return;
        case 'site-children':
          this.post({ type: 'site-children', id: req.id, revision: this.revision(), nodes: this.children(req.folder) });
          return;
        case 'site-csv':
          this.post({ type: 'site-csv', id: req.id, revision: this.revision(), csv: this.csv() });
          return;
      }
    } catch (e) {
      this.post({ type: 'site-error', id: req.id, message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
    }
  }

  private revision(): number {
    return this.spec?.revision ?? -1;
  }

  /** Reads the inventory again from its first source (one was removed). */
  private restart(): void {
    this.epoch++;
    this.urls = new UrlStore();
    this.urlSource = new Int32Array(1024);
    this.sourceNames = [];
    this.sourceIds.clear();
    this.seen = this.urlSet();
    this.sitemapsRead = new Set();
    this.nextSource = 0;
    this.reading = false;
    for (const s of this.sources) {
      s.reports = [];
      s.reading = false;
    }
    if (this.spec) this.newAudit();
    this.pushState();
    void this.read();
  }

  private setSpec(spec: SiteAuditSpec): void {
    const { text: doc } = this.text.apply(spec.text);
    this.spec = { ...spec, doc };
    this.newAudit();
    // Busy from now on: the page shows the new run's progress, not the last run's end.
    this.pushState();
    void this.catchUp();
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
    this.cache = null;
    this.lastSummary = 0;
  }

  private toSource(input: SiteSourceInput): InventorySource {
    if (input.kind === 'url') return { name: input.url, url: input.url, role: 'sitemap' };
    if (input.kind === 'file') return { name: input.name, body: this.io.chunks(input.file), role: 'list' };
    return { name: input.name, body: [input.text], role: 'list' };
  }

  /** Reads the sources not read yet, in order; each URL new to the inventory is audited as it comes. */
  private async read(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    const epoch = this.epoch;
    let last = this.io.now();
    try {
      while (epoch === this.epoch && this.nextSource < this.sources.length) {
        const held = this.sources[this.nextSource++]!;
        held.reading = true;
        this.pushState();
        const events = readInventory([this.toSource(held.input)], {
          open: (url) => this.io.open(url), inflate: this.io.inflate, lines: urlListReader, site: this.spec?.site || undefined, seen: this.seen, sitemapsRead: this.sitemapsRead,
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

  /** Audits held URLs not audited yet, at most `budgetMs` long (whole steps). */
  private auditSome(budgetMs: number): void {
    const checker = this.checker;
    const audit = this.audit;
    if (!checker || !audit) return;
    const started = this.io.now();
    const versions = checker.robots.length > 1 ? 'all' : 0;
    while (this.audited < this.urls.size && this.io.now() - started <= budgetMs) {
      const from = this.audited;
      const to = Math.min(this.urls.size, from + STEP);
      audit.add(checker.check(this.urls.slice(from, to), versions, from));
      this.audited = to;
      this.cache = null;
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
      this.post({ type: 'site-progress', phase, urls: this.urls.size, checked: this.audited, source });
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

  private pushState(): void {
    const state: SiteState = {
      sources: this.sources.map((s) => ({ input: describe(s.input), reports: s.reports.slice(), reading: s.reading })),
      urls: this.urls.size,
      busy: this.reading || this.audited < this.urls.size,
      summary: this.summary(),
    };
    this.post({ type: 'site-state', state });
  }

  /** A folder's sub-folders (the roots for ''), by address. */
  private children(folder: string): FolderSummary[] {
    const tree = this.audit?.tree;
    if (!tree) return [];
    const node = folder === '' ? -1 : tree.find(folder);
    const nodes = folder === '' ? tree.roots() : node >= 0 ? tree.children(node) : [];
    return nodes.map((n) => tree.summary(n)).sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
  }

  /** The indexes of the audited URLs a query selects (kept for the next page of the same query). */
  private matches(q: SiteRowQuery): Int32Array {
    const audit = this.audit!;
    const rows = audit.rows!;
    const key = `${q.column}|${q.verdicts.join(',')}|${q.changed}|${q.folder}`;
    if (this.cache?.key === key) return this.cache.matches;
    const m = this.checker!.columns.length;
    const c = q.column;
    const n = this.audited;
    const want = q.verdicts.length === 0 ? null : new Set<number>(q.verdicts);
    const node = q.folder === '' ? -1 : audit.tree.find(q.folder);
    // A folder the tree does not hold (any more) holds no URL.
    if (q.folder !== '' && node < 0) return (this.cache = { key, matches: new Int32Array(0) }).matches;
    const walk = node >= 0 ? audit.tree.walk() : null;
    const lo = walk ? walk.pre[node]! : 0;
    const hi = walk ? walk.end[node]! : 0;
    const out = new Int32Array(n);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const v = rows.verdict[i * m + c]!;
      if (want && !want.has(v)) continue;
      if (q.changed && (!rows.before || rows.before[i * m + c] === v)) continue;
      if (walk) {
        const at = walk.pre[rows.node[i]!]!;
        if (at < lo || at >= hi) continue;
      }
      out[k++] = i;
    }
    const matches = out.slice(0, k);
    this.cache = { key, matches };
    return matches;
  }

  private rows(q: SiteRowQuery): SiteRowPage {
    if (!this.audit?.rows || q.column < 0 || q.column >= this.checker!.columns.length) return { total: 0, rows: [] };
    const matches = this.matches(q);
    const rows: SiteRow[] = [];
    const end = Math.min(matches.length, q.offset + Math.max(0, Math.min(q.limit, 1000)));
    for (let k = Math.max(0, q.offset); k < end; k++) {
      const i = matches[k]!;
      const r = this.audit.row(i, q.column);
      rows.push({
        index: i, url: this.urls.get(i), now: r.now, rule: this.checker!.lineText(0, r.now.line),
        before: r.before ? { ...r.before, rule: this.checker!.lineText(1, r.before.line) } : null, source: this.sourceNames[this.urlSource[i]!] ?? '',
      });
    }
    return { total: matches.length, rows };
  }

  /** Every audited row as the audit's CSV (with a byte-order mark, for spreadsheets). */
  private csv(): Blob {
    const audit = this.audit;
    const checker = this.checker;
    if (!audit?.rows || !checker || !this.writer || !this.spec) return new Blob([]);
    const rows = audit.rows;
    const compared = checker.robots.length > 1;
    const parts: string[] = [CSV_BOM + csvRecord(auditCsvHeader(this.spec.readers.length > 0, compared))];
    const m = checker.columns.length;
    for (let from = 0; from < this.audited; from += STEP) {
      const to = Math.min(this.audited, from + STEP);
      const before = rows.before && rows.beforeLine ? { verdict: rows.before, line: rows.beforeLine } : null;
      parts.push(this.writer.rows(this.urls.slice(from, to), { verdict: rows.verdict, line: rows.line }, before, (u) => this.sourceNames[this.urlSource[from + u]!] ?? '', from * m));
    }
    return new Blob(parts, { type: 'text/csv;charset=utf-8' });
  }
}
