/**
 * GitHub's own shapes for a CI run (when `GITHUB_ACTIONS` is set): one `::error` workflow command
 * per failing row, on the robots.txt line that decided it (so a pull request shows it in the diff),
 * and a Markdown job summary appended to `$GITHUB_STEP_SUMMARY`: the counts and a table of the
 * failing rows. `check --expect`, `diff` and `audit` describe their run as a CiReport and call
 * reportToGithub; nothing here knows which command it is.
 */
import { appendFileSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { englishNumber, showControls } from '../robots/index.js';

/** One failing row: what was checked, what was expected and what came, and the line that decided. */
export interface FailingRow {
  readonly url: string;
  /** The crawler as the run names it (a profile id or a token). */
  readonly crawler: string;
  /** The reader, when not Google's. */
  readonly reader?: string;
  /** What the row had to be (an expectation, or the old verdict for diff). */
  readonly expected: string;
  /** What it is. */
  readonly got: string;
  /** The line of the annotated file the annotation goes on (1-based): the deciding line, else the group's; 0 for none. */
  readonly line: number;
  /** What decided, as the summary's rule column says it: `line 5: Disallow: /x`, `no rule matches`, `the fetch result decides`. */
  readonly rule: string;
  /** The annotation's message: one sentence saying what failed. */
  readonly message: string;
}

/** What a command reports to GitHub. */
export interface CiReport {
  /** The command as a heading says it: `check --expect`, `diff`, `audit`. */
  readonly command: string;
  /** The robots.txt the lines are in, as given on the command line; null when it was fetched (no file to point at). */
  readonly file: string | null;
  /** The counts, in order: [label, number] (e.g. ['expectations', 40], ['failed', 2]). */
  readonly counts: readonly (readonly [string, number])[];
  /** Failing rows, in order; may hold fewer than `failed` (a run keeps at most MAX_TABLE_ROWS). */
  readonly failures: readonly FailingRow[];
  /** How many rows failed in all. */
  readonly failed: number;
}

/** At most this many `::error` lines: GitHub shows 10 error annotations per step (50 per job); the rest are in the summary. */
export const MAX_ANNOTATIONS = 10;
/** At most this many rows in the summary's table (GitHub takes 1 MiB of summary per step). */
export const MAX_TABLE_ROWS = 100;
/** A cell of the table is cut after this many characters. */
const MAX_CELL = 200;

/** Where GitHub wants its shapes, read from the environment; null when not on GitHub Actions. */
export interface GithubTarget {
  /** The job summary file ($GITHUB_STEP_SUMMARY), or null when the runner gives none. */
  readonly summaryPath: string | null;
  /** The checked-out repository ($GITHUB_WORKSPACE): annotations name files relative to it. */
  readonly workspace: string | null;
}

/** The GitHub Actions target when `GITHUB_ACTIONS` is `true`, else null. */
export function githubTarget(env: NodeJS.ProcessEnv = process.env): GithubTarget | null {
  if (env['GITHUB_ACTIONS'] !== 'true') return null;
  return { summaryPath: env['GITHUB_STEP_SUMMARY'] || null, workspace: env['GITHUB_WORKSPACE'] || null };
}

/**
 * A workflow command's message: `%`, CR and LF escaped as GitHub's workflow-command rules say (the
 * runner turns them back), and the other control characters shown as `\xHH` (they would reach the
 * log raw).
 */
export function escapeData(text: string): string {
  return showControls(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** A workflow command's property value: as a message, and `:` and `,` too. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The file as GitHub names it: relative to the workspace, with forward slashes. */
function repoPath(file: string, workspace: string | null): string {
  const rel = workspace && isAbsolute(file) ? relative(workspace, file) : file;
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
  return inside.split(sep).join('/').replace(/^\.\//, '');
}

/** One `::error` line for a failing row, on its deciding line when there is one. */
export function annotation(report: CiReport, row: FailingRow, workspace: string | null = null): string {
  const props: string[] = [];
  if (report.file !== null) {
    props.push(`file=${escapeProperty(repoPath(report.file, workspace))}`);
    if (row.line > 0) props.push(`line=${row.line}`);
  }
  props.push(`title=${escapeProperty(`robots.txt ${report.command}: ${row.url} × ${row.crawler}`)}`);
  return `::error ${props.join(',')}::${escapeData(row.message)}`;
}

/** The annotations of a report, at most MAX_ANNOTATIONS, and a notice naming how many more are in the summary. */
export function annotations(report: CiReport, workspace: string | null = null): string {
  const lines = report.failures.slice(0, MAX_ANNOTATIONS).map((row) => annotation(report, row, workspace));
  const more = report.failed - Math.min(report.failures.length, MAX_ANNOTATIONS);
  if (more > 0) lines.push(`::notice title=${escapeProperty(`robots.txt ${report.command}`)}::${escapeData(`${more} more failing row${more === 1 ? '' : 's'}: see the job summary and the log.`)}`);
  return lines.length ? lines.join('\n') + '\n' : '';
}

/** Text for a Markdown table cell: one line, cut, its other control characters shown, with Markdown's and HTML's characters escaped. */
function cell(text: string): string {
  const one = showControls(text.replace(/[\r\n\t]+/g, ' '));
  const cut = one.length > MAX_CELL ? `${one.slice(0, MAX_CELL - 1)}…` : one;
  return cut.replace(/[\\`*_{}[\]()<>#+\-.!|~&]/g, (c) => `\\${c}`) || ' ';
}

/** The job summary: a heading, the counts, and the failing rows (at most MAX_TABLE_ROWS). */
export function jobSummary(report: CiReport): string {
  const ok = report.failed === 0;
  const out = [`### ${ok ? '✅' : '❌'} robots.txt ${cell(report.command)}${report.file ? `: ${cell(report.file)}` : ''}`, ''];
  out.push(report.counts.map(([label, n]) => `**${englishNumber(n)}** ${cell(label)}`).join(' · '), '');
  if (!ok) {
    const readers = report.failures.some((r) => r.reader !== undefined);
    out.push(`| URL | crawler |${readers ? ' reader |' : ''} expected | got | rule |`, `|---|---|${readers ? '---|' : ''}---|---|---|`);
    for (const r of report.failures.slice(0, MAX_TABLE_ROWS)) {
      out.push(`| ${cell(r.url)} | ${cell(r.crawler)} |${readers ? ` ${cell(r.reader ?? 'google')} |` : ''} ${cell(r.expected)} | ${cell(r.got)} | ${cell(r.rule)} |`);
    }
    const shown = Math.min(report.failures.length, MAX_TABLE_ROWS);
    if (report.failed > shown) out.push('', `… and ${englishNumber(report.failed - shown)} more failing rows (the job log lists every one).`);
    out.push('');
  }
  return out.join('\n') + '\n';
}

/**
 * Reports a run to GitHub when `env` says it runs there: the annotations on standard error (the
 * runner reads workflow commands from both streams, and --format json or csv keeps its output
 * clean), the summary appended to $GITHUB_STEP_SUMMARY. Does nothing elsewhere; never throws for
 * a summary file it cannot write (it says so instead).
 */
export function reportToGithub(report: CiReport, env: NodeJS.ProcessEnv = process.env, write: (text: string) => void = (t) => void process.stderr.write(t)): void {
  const target = githubTarget(env);
  if (!target) return;
  write(annotations(report, target.workspace));
  if (target.summaryPath === null) return;
  try {
    appendFileSync(target.summaryPath, jobSummary(report));
  } catch (e) {
    write(`::warning::${escapeData(`robots-txt-tester: cannot write the job summary to ${target.summaryPath}: ${(e as Error).message}`)}\n`);
  }
}
