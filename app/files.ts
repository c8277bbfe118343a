/**
 * Opening and saving files: robots.txt as bytes (exactly as served), whole cases as JSON.
 */
import { decodeRobotsBytes, encodeRobotsText } from '../src/robots/index.js';
import { caseFromJson, toWire, type TestCaseState } from '../src/share/index.js';
import { detectLineBreak, toCase } from '../src/store/index.js';
import { rememberSavedVersion } from './persistence.js';
import type { Tester } from './tester.js';

/** Files above this are refused: Google reads 500 KiB, and the editor must stay responsive. */
const MAX_OPEN_BYTES = 20 * 1024 * 1024;

/** Offers `data` to the user as a file download. */
export function download(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves the robots.txt, byte for byte as it was opened or typed. */
export function saveRobotsTxt(t: Tester): void {
  const text = t.tester.store.getState().doc;
  rememberSavedVersion(text);
  download('robots.txt', encodeRobotsText(text) as BlobPart, 'text/plain;charset=utf-8');
}

/** Saves the whole case (text, URLs, crawlers) as a JSON file that "Open" restores. */
export function downloadCase(t: Tester): void {
  const json = JSON.stringify({ ...toWire(toCase(t.tester.store.getState())), app: 'robots-txt-tester' }, null, 2);
  download('robots-test-case.json', json, 'application/json');
}

/** What opening a file did, for the UI to report. */
export type OpenOutcome = { ok: true; kind: 'robots' | 'case'; name: string } | { ok: false; reason: string };

/** Opens a dropped or picked file: a case file (.json) or a robots.txt. Never throws. */
export async function openFile(t: Tester, file: File): Promise<OpenOutcome> {
  if (file.size > MAX_OPEN_BYTES) return { ok: false, reason: `“${file.name}” is larger than 20 MB.` };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, reason: `“${file.name}” could not be read.` };
  }
  const text = decodeRobotsBytes(bytes);
  // A case file is JSON; a robots.txt never starts with `{`, so the content decides too.
  const looksJson = /\.json$/i.test(file.name) || file.type === 'application/json' || /^\s*\{/.test(text);
  if (looksJson) {
    const r = caseFromJson(text);
    if (!r.ok) return { ok: false, reason: `“${file.name}” is not a test case: ${r.reason}` };
    t.tester.loadCase(r.value as TestCaseState, 'shared');
    return { ok: true, kind: 'case', name: file.name };
  }
  t.tester.setLineBreak(detectLineBreak(text));
  t.tester.setDoc(text);
  return { ok: true, kind: 'robots', name: file.name };
}
