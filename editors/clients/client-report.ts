import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { PORTABILITY_CODES, type FindingCode } from '../../src/robots/index.js';

/** What an editor's driver wrote of the server's answers over editorTestFile()'s text. */
export interface ClientReport {
  failed?: string;
  steps: string[];
  diagnostics: { line: number; code: string; severity: number }[];
  hover: string;
  completion: string[];
  actions: string[];
  repaired: string;
  after_edit: { line: number; code: string }[];
}

/** Reads a driver's report (a copy kept at KEEP_EDITOR_REPORT when set, to look at). */
export function readClientReport<R extends ClientReport>(path: string): R {
  const report = JSON.parse(readFileSync(path, 'utf8')) as R;
  const keep = process.env['KEEP_EDITOR_REPORT'];
  if (keep) writeFileSync(keep, JSON.stringify(report, null, 1));
  return report;
}

/**
 * What every editor must have got: each step done; Google's findings only by default (the misspelled rule
 * among them, no other parser's note); the hover, a completion, the repair applied and the edit read.
 */
export function expectServedEditor(report: ClientReport, typedLine: number): void {
  expect(report.failed).toBeUndefined();
  expect(report.steps).toEqual(['attached', 'diagnostics', 'hover', 'completion', 'code action', 'edit']);
  expect(report.diagnostics).toContainEqual({ line: typedLine - 1, code: 'misspelled-field', severity: 2 });
  expect(report.diagnostics.filter((d) => PORTABILITY_CODES.has(d.code as FindingCode))).toEqual([]);
  expect(report.hover).toContain('Disallow rule');
  expect(report.completion).toContain('Googlebot');
  expect(report.actions[0]).toBe('Write “Disallow”');
  expect(report.repaired).toBe('Disallow: /typo');
  expect(report.after_edit).toContainEqual(expect.objectContaining({ line: typedLine, code: 'path-never-matches' }));
  expect(report.after_edit.some((d) => d.code === 'misspelled-field' && d.line === typedLine - 1)).toBe(false);
}
