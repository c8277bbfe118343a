/**
 * Where the Site tab's opened files and pasted texts are kept between visits: IndexedDB (a link
 * carries only the fetched sources' URLs). Loaded with the Site tab.
 */
import type { SiteSourceInput } from '../src/worker/index.js';

const DB = 'robots-txt-tester-site';
const STORE = 'sources';
const KEY = 'draft';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The kept sources (files as Blobs, pasted text), or none. */
export async function loadSiteSources(): Promise<SiteSourceInput[]> {
  const db = await openDb();
  try {
    const value = await new Promise<unknown>((resolve, reject) => {
      const req = db.transaction(STORE).objectStore(STORE).get(KEY);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    // Only well-formed entries come back: a kept record from another version never breaks the tab.
    return Array.isArray(value) ? value.filter((s): s is SiteSourceInput =>
      !!s && typeof s === 'object' && ((s.kind === 'file' && typeof s.name === 'string' && s.file instanceof Blob) || (s.kind === 'text' && typeof s.name === 'string' && typeof s.text === 'string'))) : [];
  } finally {
    db.close();
  }
}

/** Keeps `sources` (replacing what was kept). */
export async function saveSiteSources(sources: readonly SiteSourceInput[]): Promise<void> {
  const db = await openDb();
  try {
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put([...sources], KEY);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}
