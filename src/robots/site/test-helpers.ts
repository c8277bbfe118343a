import { readInventory, type InventoryEvent, type InventoryOptions, type InventorySource, type SourceReport } from './index.js';

/** Reads an inventory to its end, for tests: every URL in order, and each source's report by its index; `seen` hears each event as it comes. */
export async function readWholeInventory(sources: InventorySource[], options: InventoryOptions, seen: (e: InventoryEvent) => void = () => {}): Promise<{ urls: string[]; reports: SourceReport[] }> {
  const urls: string[] = [];
  const reports: SourceReport[] = [];
  for await (const e of readInventory(sources, options)) {
    seen(e);
    if (e.kind === 'urls') urls.push(...e.urls);
    else reports[e.source] = e.report;
  }
  return { urls, reports };
}
