import { describe, expect, it } from 'vitest';
import { ALL_REQUESTS, CRAWLERS_PAGE, emptyTally, logView } from '../../robots/logs/index.js';
import { makeCase } from '../../share/index.js';
import {
  logsChosen, logsCleared, logsCrawlersMore, logsCrawlersSearched, logsExported, logsExportFailed, logsExportStarted, logsFiltered, logsFilesAdded, logsOf, logsOpened, logsRangesFor,
  logsRangesRemoved, logsResultStale, logsRunDone, logsRunFailed, logsRunProgress, logsRunSetup, logsRunStarted, logsRunStopped, logsWorkerRestarted, NO_LOGS,
  rangesChoice, type LogsResult,
} from '../logs/index.js';
import { initialState, loadCase, setCompare, setDoc, setSite, setStatus, type TesterState } from '../transitions.js';

const googlebot = { kind: 'text', value: 'Googlebot' } as const;
const ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const RANGES = JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] });
const log = (name: string, text = 'x') => ({ name, blob: new Blob([text]) });
const opened = (): TesterState => logsOpened(initialState(makeCase(ROBOTS, [{ url: '/', crawler: googlebot }])));
const result = (s: TesterState): LogsResult => ({ outcome: { tally: emptyTally(1), view: logView(emptyTally(1), ALL_REQUESTS), files: [], lineTexts: [{}] }, ms: 5, files: logsOf(s).files, setup: logsRunSetup(s) });

describe('the Logs slice: a result and the file it was judged against', () => {
  it('is out of date once the document, its fetch status or the site change, and again current when they are back', () => {
    let s = logsFilesAdded(opened(), [log('a.log')], []);
    expect(logsResultStale(s)).toBe(false);
    s = logsRunDone(s, result(s));
    expect(logsResultStale(s)).toBe(false);
    expect(logsResultStale(setDoc(s, `${ROBOTS}Disallow: /x\n`))).toBe(true);
    expect(logsResultStale(setDoc(setDoc(s, 'User-agent: *'), ROBOTS))).toBe(false);
    expect(logsResultStale(setStatus(s, { kind: 'http', code: 404 }))).toBe(true);
    expect(logsResultStale(setSite(s, 'https://other.test'))).toBe(true);
    // Compare's version judges nothing until it has a date: changing it alone changes no result.
    expect(logsResultStale(setCompare(s, 'User-agent: *\nDisallow: /'))).toBe(false);
  });
});

describe('the Logs slice: files and choices', () => {
  it('is null until the tab opens, then starts empty; opening a case keeps the tab as it is', () => {
    const start = initialState(makeCase(ROBOTS, [{ url: '/', crawler: googlebot }]));
    expect(start.logs).toBeNull();
    expect(logsOf(start)).toBe(NO_LOGS);
    const s = logsFilesAdded(opened(), [log('access.log')], []);
    expect(logsOpened(s)).toBe(s);
    expect(loadCase(s, makeCase('User-agent: *', [{ url: '/', crawler: googlebot }]), 'shared').logs).toBe(s.logs);
  });

  it('log files and ranges files are added after those held; a crawler chosen for a ranges file reads it for that crawler; one removed', () => {
    let s = logsFilesAdded(opened(), [log('a.log')], [rangesChoice('ranges.json', RANGES)]);
    s = logsFilesAdded(s, [log('b.log.gz')], [rangesChoice('googlebot.json', RANGES)]);
    expect(logsOf(s).files.map((f) => f.name)).toEqual(['a.log', 'b.log.gz']);
    expect(logsOf(s).ranges.map((r) => [r.name, r.crawlers?.[0] ?? null])).toEqual([['ranges.json', null], ['googlebot.json', 'googlebot']]);
    s = logsRangesFor(s, 0, 'gptbot');
    expect(logsOf(s).ranges[0]).toMatchObject({ name: 'ranges.json', crawlers: ['gptbot'], prefixes: 1, error: null });
    expect(logsRangesFor(s, 7, 'gptbot')).toBe(s);
    s = logsRangesRemoved(s, 1);
    expect(logsOf(s).ranges.map((r) => r.name)).toEqual(['ranges.json']);
  });

  it('the run\'s setup: the document and Compare\'s version by their dates, the reader with Bing\'s own, the site, the ranges files that can be used', () => {
    let s = setCompare(setSite(opened(), 'https://example.com/'), 'User-agent: *\nDisallow: /\n');
    s = logsFilesAdded(s, [], [rangesChoice('googlebot.json', RANGES), rangesChoice('ranges.json', RANGES), rangesChoice('bingbot.json', '{')]);
    s = logsChosen(s, { liveSince: '2025-06-01', compareSince: '2025-03-01', reader: 'python-urllib' });
    const setup = logsRunSetup(s);
    expect(setup.versions.map((v) => [v.text, v.since])).toEqual([[ROBOTS, Date.UTC(2025, 5, 1)], ['User-agent: *\nDisallow: /\n', Date.UTC(2025, 2, 1)]]);
    expect([setup.readers, setup.site, setup.ranges.map((r) => r.source)]).toEqual([['python-urllib', 'bing'], 'https://example.com/', ['googlebot.json']]);
    expect(logsRunSetup(logsChosen(s, { useCompare: false })).versions).toHaveLength(1);
  });
});

describe('the Logs slice: a run, its result and the export', () => {
  it('a run shows its progress from the start it was given, then its result unfiltered; what was said of the last one goes', () => {
    let s = logsExportFailed(logsFilesAdded(opened(), [log('a.log', 'abc')], []), 'disk full');
    s = logsFiltered(s, { spoofed: true });
    s = logsRunStarted(s, 3, 1000);
    expect(logsOf(s)).toMatchObject({ run: { read: 0, total: 3, lines: 0, started: 1000 }, notice: null, exported: null });
    s = logsRunProgress(s, { read: 2, total: 3, lines: 40, file: 'a.log' });
    expect(logsOf(s).run).toEqual({ read: 2, total: 3, lines: 40, started: 1000 });
    const done = result(s);
    s = logsRunDone(s, done);
    expect(logsOf(s)).toMatchObject({ run: null, result: done, filter: { crawler: null, disobeying: false, spoofed: false } });
    // Progress that comes after the end shows nothing.
    expect(logsRunProgress(s, { read: 3, total: 3, lines: 41, file: '' })).toBe(s);
  });

  it('a failed run says why and keeps the last result; a stopped one just ends; cleared, the files and result go but the ranges and choices stay', () => {
    let s = logsRunDone(logsFilesAdded(opened(), [log('a.log')], [rangesChoice('googlebot.json', RANGES)]), result(opened()));
    const last = logsOf(s).result;
    s = logsRunFailed(logsRunStarted(s, 1, 0), 'The worker could not be started (its script did not load).');
    expect(logsOf(s)).toMatchObject({ run: null, result: last, notice: { kind: 'error', message: 'The worker could not be started (its script did not load).' } });
    s = logsRunStarted(s, 1, 0);
    expect(logsOf(logsRunStopped(s))).toMatchObject({ run: null, result: last, notice: { kind: 'cancelled' } });
    expect(logsRunStopped(logsRunStopped(s))).toEqual(logsRunStopped(s));
    s = logsCleared(logsChosen(s, { reader: 'bing' }));
    expect(logsOf(s)).toMatchObject({ files: [], result: null, run: null, reader: 'bing' });
    expect(logsOf(s).ranges).toHaveLength(1);
  });

  it('a worker replaced in the middle of a run: the run stopped, for that reason (crashed, stopped responding); replaced while idle: nothing to say', () => {
    const running = logsRunStarted(logsFilesAdded(opened(), [log('a.log')], []), 1, 0);
    expect(logsOf(logsWorkerRestarted(running, 'crash'))).toMatchObject({ run: null, notice: { kind: 'stopped', reason: 'crash' } });
    expect(logsOf(logsWorkerRestarted(running, 'timeout')).notice).toEqual({ kind: 'stopped', reason: 'timeout' });
    const idle = logsRunStopped(running);
    expect(logsWorkerRestarted(idle, 'crash')).toBe(idle);
    // Running again clears the notice.
    expect(logsOf(logsRunStarted(logsWorkerRestarted(running, 'crash'), 1, 5)).notice).toBeNull();
  });

  it('the export: being written, then its row count; a failure says why', () => {
    const s = logsExportStarted(opened());
    expect(logsOf(s).exported).toEqual({ kind: 'writing' });
    expect(logsOf(logsExported(s, 12)).exported).toEqual({ kind: 'written', rows: 12 });
    expect(logsOf(logsExportFailed(s, 'The worker crashed and was restarted.'))).toMatchObject({ exported: null, notice: { kind: 'error', message: 'The worker crashed and was restarted.' } });
  });

  it('the crawler table: a search lists the first page of what it finds, "show more" another page; a new result or clearing starts it again', () => {
    let s = logsRunDone(logsFilesAdded(opened(), [log('a.log')], []), result(opened()));
    expect(logsOf(s).crawlers).toEqual({ search: '', shown: CRAWLERS_PAGE });
    s = logsCrawlersMore(logsCrawlersMore(s));
    expect(logsOf(s).crawlers).toEqual({ search: '', shown: 3 * CRAWLERS_PAGE });
    s = logsCrawlersSearched(s, 'ahrefs');
    expect(logsOf(s).crawlers).toEqual({ search: 'ahrefs', shown: CRAWLERS_PAGE });
    s = logsCrawlersMore(s);
    // Progress of another run leaves the table as it is (its rows are the last result's).
    const running = logsRunProgress(logsRunStarted(s, 1, 0), { read: 1, total: 1, lines: 3, file: 'a.log' });
    expect(logsOf(running).crawlers).toBe(logsOf(s).crawlers);
    expect(logsOf(logsRunDone(running, result(running))).crawlers).toEqual({ search: '', shown: CRAWLERS_PAGE });
    expect(logsOf(logsCleared(s)).crawlers).toEqual({ search: '', shown: CRAWLERS_PAGE });
  });
});
