/**
 * Opening and saving files: robots.txt as bytes (exactly as served), whole cases as JSON.
 */
import { decodeRobotsBytes, describeBody, encodeRobotsText, type BodyNotice } from '../src/robots/index.js';
import { caseFromJson, toWire, type TestCaseState } from '../src/share/index.js';
import { detectLineBreak, toCase, type Notice, type UiMessage } from '../src/store/index.js';
import { decodeProblemMessage, rememberOpenedVersion, rememberSavedVersion } from './persistence.js';
import { SAMPLE_CASE } from './samples.js';
import { uiStore } from './ui-store.js';
import type { Tester } from '../src/tester/index.js';

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

// Signatures of common binary files people drop by mistake (images, PDFs, archives, documents).
const SIGNATURES: readonly [string, readonly number[]][] = [
  ['png', [0x89, 0x50, 0x4e, 0x47]], ['jpeg', [0xff, 0xd8, 0xff]], ['gif', [0x47, 0x49, 0x46, 0x38]],
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], ['zip', [0x50, 0x4b, 0x03, 0x04]],
  ['gzip', [0x1f, 0x8b]], ['riff', [0x52, 0x49, 0x46, 0x46]], ['ico', [0x00, 0x00, 0x01, 0x00]],
];

/** What kind of file that is not text this is ('png', 'pdf'…, 'binary'), or null for text. */
export function binaryKind(bytes: Uint8Array): string | null {
  for (const [what, sig] of SIGNATURES) if (sig.every((b, i) => bytes[i] === b)) return what;
  // Text files hold no NUL byte in their first few kilobytes; binary files almost always do.
  const head = bytes.subarray(0, 8192);
  return head.includes(0) ? 'binary' : null;
}

/**
 * The origin a robots.txt belongs to, read from its first absolute Sitemap line (real files
 * nearly always name their own host there), or null.
 */
function siteOf(text: string): string | null {
  for (const m of text.matchAll(/^[ \t]*sitemap[ \t]*:[ \t]*(https?:\/\/[^\s#]+)/gim)) {
    try {
      return new URL(m[1]!).origin;
    } catch {
      // the next sitemap line may be readable
    }
  }
  return null;
}

/** What opening a file did, for the UI to report. */
export type OpenOutcome = { ok: true; kind: 'robots' | 'case'; name: string; body: readonly BodyNotice[] } | { ok: false; reason: UiMessage };

/** The notice that reports an opened file: what opened, and what its body is when it is not a plain robots.txt. */
export function openedNotice(r: OpenOutcome): NonNullable<Notice> {
  if (!r.ok) return { kind: 'error', message: r.reason };
  const details = r.body.map((b) => ({ id: `body.${b.code}`, args: b.args }));
  return { kind: details.length > 0 ? 'warning' : 'info', message: { id: r.kind === 'case' ? 'app.opened-case' : 'app.opened', args: { name: r.name } }, ...(details.length ? { details } : {}) };
}

/** Opens a dropped or picked file: a case file (.json) or a robots.txt. Never throws. */
export async function openFile(t: Tester, file: File): Promise<OpenOutcome> {
  if (file.size > MAX_OPEN_BYTES) return { ok: false, reason: { id: 'file.too-large', args: { name: file.name } } };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, reason: { id: 'file.unreadable', args: { name: file.name } } };
  }
  const binary = binaryKind(bytes);
  if (binary) return { ok: false, reason: { id: 'file.binary', args: { name: file.name, kind: binary } } };
  const text = decodeRobotsBytes(bytes);
  // A case file is JSON; a robots.txt never starts with `{`, so the content decides too.
  const looksJson = /\.json$/i.test(file.name) || file.type === 'application/json' || /^\s*\{/.test(text);
  if (looksJson) {
    const r = caseFromJson(text);
    if (!r.ok) return { ok: false, reason: { id: 'file.not-case', args: { name: file.name, reason: decodeProblemMessage(r) } } };
    t.tester.loadCase(r.value as TestCaseState, 'shared');
    rememberOpenedVersion((r.value as TestCaseState).robots);
    return { ok: true, kind: 'case', name: file.name, body: [] };
  }
  // A comparison on before is not kept on silently: the page asks whether to keep comparing.
  if (t.tester.store.getState().compare !== null) uiStore.setState({ compareAsk: file.name });
  t.tester.setLineBreak(detectLineBreak(text));
  t.tester.setDoc(text);
  rememberOpenedVersion(t.tester.store.getState().doc);
  // The sample's URLs belong to another site: never test them silently against this file.
  const sampleUrls = new Set([...SAMPLE_CASE.tests.map((c) => c.url), ...SAMPLE_CASE.bulkUrls.split('\n')]);
  const root = siteOf(text);
  t.tester.replaceUrls((url) => sampleUrls.has(url), root ? `${root}/` : '');
  return { ok: true, kind: 'robots', name: file.name, body: describeBody(bytes) };
}
