/**
 * GitHub's own shapes: with GITHUB_ACTIONS and GITHUB_STEP_SUMMARY set,
 * `check --expect`, `diff` and `audit` annotate each failing row on its deciding line and append a job
 * summary; workflow-command values escaped as GitHub's rules say (% CR LF, and : , in properties).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { annotation, annotations, escapeData, escapeProperty, jobSummary, MAX_ANNOTATIONS, MAX_TABLE_ROWS, reportToGithub, type CiReport, type FailingRow } from './github.js';

const row = (n: number, extra: Partial<FailingRow> = {}): FailingRow => ({
  url: `https://a.test/p${n}`, crawler: 'googlebot', expected: 'allowed', got: 'blocked', line: 2, rule: 'line 2: Disallow: /p', message: `row ${n} failed`, ...extra,
});
const report = (failures: FailingRow[], extra: Partial<CiReport> = {}): CiReport => ({
  command: 'check --expect', file: 'public/robots.txt', counts: [['expectations', 10], ['failed', failures.length]], failures, failed: failures.length, ...extra,
});

describe('workflow commands (GitHub: workflow-commands-for-github-actions)', () => {
  it('a message escapes %, CR and LF; a property also : and ,', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeProperty('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext%3A a%2C b');
  });
  it('the other control characters (an escape sequence, C1) are shown as \\xHH: none reaches the log raw', () => {
    expect(escapeData('a\u001b[2J\u0085b\tc')).toBe('a\\x1b[2J\\x85b\\x09c');
    expect(escapeProperty('x\u001b:y')).toBe('x\\x1b%3Ay');
  });
  it('one ::error per failing row, on the deciding line of the file, with a title', () => {
    expect(annotation(report([]), row(1))).toBe('::error file=public/robots.txt,line=2,title=robots.txt check --expect%3A https%3A//a.test/p1 × googlebot::row 1 failed');
  });
  it('a message or file name holding a line break or a comma cannot end the command or add a property', () => {
    const line = annotation(report([], { file: 'site,1/robots:new.txt' }), row(1, { message: 'a\n::warning::injected', url: 'https://a.test/x,line=1' }));
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toBe('::error file=site%2C1/robots%3Anew.txt,line=2,title=robots.txt check --expect%3A https%3A//a.test/x%2Cline=1 × googlebot::a%0A::warning::injected');
  });
  it('no line when nothing decided; no file when the robots.txt was fetched', () => {
    expect(annotation(report([]), row(1, { line: 0 }))).toMatch(/^::error file=public\/robots\.txt,title=/);
    expect(annotation(report([], { file: null }), row(1))).toMatch(/^::error title=/);
  });
  it('names the file relative to the workspace', () => {
    expect(annotation(report([], { file: '/home/runner/work/site/public/robots.txt' }), row(1), '/home/runner/work/site')).toMatch(/^::error file=public\/robots\.txt,/);
    expect(annotation(report([], { file: '/elsewhere/robots.txt' }), row(1), '/home/runner/work/site')).toMatch(/^::error file=\/elsewhere\/robots\.txt,/);
  });
  it(`at most ${MAX_ANNOTATIONS} annotations (GitHub shows 10 per step), then a notice of how many more`, () => {
    const many = Array.from({ length: 25 }, (_, i) => row(i));
    const lines = annotations(report(many)).trimEnd().split('\n');
    expect(lines).toHaveLength(MAX_ANNOTATIONS + 1);
    expect(lines.at(-1)).toBe('::notice title=robots.txt check --expect::15 more failing rows: see the job summary and the log.');
    expect(annotations(report([]))).toBe('');
  });
});

describe('the job summary', () => {
  it('counts, then a table of the failing rows (URL, crawler, expected, got, rule), Markdown escaped', () => {
    const md = jobSummary(report([row(1), row(2, { url: 'https://a.test/a|b<script>', line: 0, rule: 'no rule matches', reader: 'bing' })]));
    expect(md).toBe([
      '### ❌ robots.txt check \\-\\-expect: public/robots\\.txt',
      '',
      '**10** expectations · **2** failed',
      '',
      '| URL | crawler | reader | expected | got | rule |',
      '|---|---|---|---|---|---|',
      '| https://a\\.test/p1 | googlebot | google | allowed | blocked | line 2: Disallow: /p |',
      '| https://a\\.test/a\\|b\\<script\\> | googlebot | bing | allowed | blocked | no rule matches |',
      '',
      '',
    ].join('\n'));
  });
  it('passing: the counts alone', () => {
    expect(jobSummary(report([], { counts: [['expectations', 3], ['failed', 0]] }))).toBe('### ✅ robots.txt check \\-\\-expect: public/robots\\.txt\n\n**3** expectations · **0** failed\n\n');
  });
  it(`bounded: at most ${MAX_TABLE_ROWS} rows, each cell cut at 200 characters`, () => {
    const many = Array.from({ length: MAX_TABLE_ROWS }, (_, i) => row(i, { rule: 'x'.repeat(5000) }));
    const md = jobSummary(report(many, { failed: 5000 }));
    expect(md.split('\n').filter((l) => l.startsWith('| https'))).toHaveLength(MAX_TABLE_ROWS);
    expect(md).toContain('… and 4,900 more failing rows (the job log lists every one).');
    expect(md.length).toBeLessThan(40_000);
  });
  it('reportToGithub does nothing off GitHub Actions; on it, writes the annotations and appends the summary', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rtt-gh-'));
    const summary = join(dir, 'summary.md');
    let written = '';
    reportToGithub(report([row(1)]), { GITHUB_STEP_SUMMARY: summary }, (t) => void (written += t));
    expect([written, existsSync(summary)]).toEqual(['', false]);
    writeFileSync(summary, 'before\n');
    reportToGithub(report([row(1)]), { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }, (t) => void (written += t));
    expect(written).toMatch(/^::error file=public\/robots\.txt,line=2,/);
    expect(readFileSync(summary, 'utf8')).toMatch(/^before\n### ❌ robots\.txt check/);
    // A summary file that cannot be written is said as a warning, not thrown.
    written = '';
    reportToGithub(report([row(1)]), { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: dir }, (t) => void (written += t));
    expect(written).toMatch(/\n::warning::robots-txt-tester: cannot write the job summary to /);
  });
});

describe('the CLI on GitHub Actions', () => {
  const work = mkdtempSync(join(tmpdir(), 'rtt-gh-cli-'));
  mkdirSync(join(work, 'public'));
  writeFileSync(join(work, 'public/robots.txt'), 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /g\n');
  writeFileSync(join(work, 'public/new.txt'), 'User-agent: *\nDisallow: /private\nDisallow: /shop\n');
  writeFileSync(join(work, 'expect.csv'), 'url,crawler,expected\nhttps://a.test/,googlebot,allowed\nhttps://a.test/private/x,,allowed\nhttps://a.test/g/1,googlebot,allowed\n');
  writeFileSync(join(work, 'urls.txt'), 'https://a.test/shop\nhttps://a.test/private\nhttps://a.test/g/1\n');
  const run = (args: string[], env: Record<string, string>) => {
    const summary = join(work, `summary-${Math.random().toString(36).slice(2)}.md`);
    writeFileSync(summary, '');
    const r = spawnSync(process.execPath, [join(process.cwd(), 'lib/cli.js'), ...args], {
      cwd: work, encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: summary, GITHUB_WORKSPACE: work, ...env },
    });
    return { code: r.status, out: r.stdout, err: r.stderr, summary: readFileSync(summary, 'utf8') };
  };

  it('check --expect: an ::error per failing row on its deciding line, and a summary with the table', () => {
    const r = run(['check', join(work, 'public/robots.txt'), '--ua', 'Bingbot', '--expect', 'expect.csv', '--format', 'csv'], { GITHUB_ACTIONS: 'true' });
    expect(r.code).toBe(1);
    const errors = r.err.split('\n').filter((l) => l.startsWith('::'));
    expect(errors).toEqual([
      '::error file=public/robots.txt,line=2,title=robots.txt check --expect%3A https%3A//a.test/private/x × bingbot::row 3: https://a.test/private/x × Bingbot must be allowed, is blocked: line 2 (Disallow: /private) decides',
      '::error file=public/robots.txt,line=5,title=robots.txt check --expect%3A https%3A//a.test/g/1 × googlebot::row 4: https://a.test/g/1 × Googlebot must be allowed, is blocked: line 5 (Disallow: /g) decides',
    ]);
    // Standard output stays the CSV it was asked for.
    expect(r.out.split('\r\n')[0]).toBe('url,crawler,verdict,line,rule,tested_path,group,expected,met');
    expect(r.summary).toContain('**3** expectations · **1** met · **2** failed');
    expect(r.summary).toContain('| https://a\\.test/private/x | bingbot | allowed | blocked | line 2: Disallow: /private |');
    expect(r.summary).toContain('| https://a\\.test/g/1 | googlebot | allowed | blocked | line 5: Disallow: /g |');
  });
  it('check --expect, all met: no annotation, a passing summary', () => {
    writeFileSync(join(work, 'met.csv'), 'url,crawler,expected\nhttps://a.test/,googlebot,allowed\n');
    const r = run(['check', 'public/robots.txt', '--expect', 'met.csv'], { GITHUB_ACTIONS: 'true' });
    expect(r.code).toBe(0);
    expect(r.err).not.toContain('::');
    expect(r.summary).toBe('### ✅ robots.txt check \\-\\-expect: public/robots\\.txt\n\n**1** expectations · **1** met · **0** failed\n\n');
  });
  it('diff: each changed verdict annotated on the new file’s deciding line', () => {
    const r = run(['diff', 'public/robots.txt', 'public/new.txt', '--urls', 'urls.txt', '--ua', 'Googlebot'], { GITHUB_ACTIONS: 'true' });
    expect(r.code).toBe(1);
    expect(r.err.split('\n').filter((l) => l.startsWith('::'))).toEqual([
      '::error file=public/new.txt,line=3,title=robots.txt diff%3A https%3A//a.test/shop × googlebot::https://a.test/shop × Googlebot was allowed, is blocked: old no rule matches, new line 3 (Disallow: /shop)',
      '::error file=public/new.txt,line=2,title=robots.txt diff%3A https%3A//a.test/private × googlebot::https://a.test/private × Googlebot was allowed, is blocked: old no rule matches, new line 2 (Disallow: /private)',
      '::error file=public/new.txt,line=1,title=robots.txt diff%3A https%3A//a.test/g/1 × googlebot::https://a.test/g/1 × Googlebot was blocked, is allowed: old line 5 (Disallow: /g), new no rule matches',
    ]);
    expect(r.summary).toContain('**3** verdicts compared · **3** changed');
    expect(r.summary).toContain('| https://a\\.test/g/1 | googlebot | blocked | allowed | no rule matches |');
  });
  it('--jobs 2: the changed rows come from the worker threads, in input order', () => {
    const r = run(['diff', 'public/robots.txt', 'public/new.txt', '--urls', 'urls.txt', '--ua', 'Googlebot', '--jobs', '2'], { GITHUB_ACTIONS: 'true' });
    expect(r.err.split('\n').filter((l) => l.startsWith('::error')).map((l) => /× googlebot::(\S+)/.exec(l)![1])).toEqual(['https://a.test/shop', 'https://a.test/private', 'https://a.test/g/1']);
  });
  it('audit: each blocked inventory URL a failing row on its deciding line; the summary counts the URLs, crawlers and blocked verdicts', () => {
    const r = run(['audit', 'public/robots.txt', '--ua', 'Googlebot', '--ua', 'Bingbot', '--urls', 'urls.txt', '--format', 'csv'], { GITHUB_ACTIONS: 'true' });
    expect(r.code).toBe(1);
    expect(r.err.split('\n').filter((l) => l.startsWith('::'))).toEqual([
      '::error file=public/robots.txt,line=5,title=robots.txt audit%3A https%3A//a.test/g/1 × googlebot::https://a.test/g/1 is in the inventory but blocked for Googlebot: line 5 (Disallow: /g) decides',
      '::error file=public/robots.txt,line=2,title=robots.txt audit%3A https%3A//a.test/private × bingbot::https://a.test/private is in the inventory but blocked for Bingbot: line 2 (Disallow: /private) decides',
    ]);
    // Standard output stays the CSV it was asked for.
    expect(r.out.split(/\r?\n/)[0]).toBe('url,crawler,verdict,line,rule,source');
    expect(r.summary).toContain('### ❌ robots.txt audit: public/robots\\.txt');
    expect(r.summary).toContain('**3** URLs · **2** crawlers · **2** blocked');
    expect(r.summary).toContain('| https://a\\.test/private | bingbot | allowed | blocked | line 2: Disallow: /private |');
  });
  it('audit with nothing blocked: no annotation, a passing summary', () => {
    writeFileSync(join(work, 'open.txt'), 'https://a.test/shop\n');
    const r = run(['audit', 'public/robots.txt', '--ua', 'Googlebot', '--urls', 'open.txt'], { GITHUB_ACTIONS: 'true' });
    expect(r.code).toBe(0);
    expect(r.err).not.toContain('::');
    expect(r.summary).toBe('### ✅ robots.txt audit: public/robots\\.txt\n\n**1** URLs · **1** crawlers · **0** blocked\n\n');
  });
  it('off GitHub Actions: no workflow command, no summary', () => {
    const r = run(['check', 'public/robots.txt', '--ua', 'Bingbot', '--expect', 'expect.csv'], { GITHUB_ACTIONS: '' });
    expect(r.code).toBe(1);
    expect(r.err).not.toContain('::error');
    expect(r.summary).toBe('');
  });
});
