/**
 * Which open tab autosaves the user's draft: the one holding a Web Lock. Another tab opening the
 * draft does not autosave it (two tabs would overwrite each other's work in turn); each is told,
 * and the other tab may take the autosave over. When the owner closes, the next tab in line gets
 * it. Browsers without Web Locks keep the old way: every tab autosaves.
 */

/** What a tab learns about the draft's autosave. */
export type DraftOwnerEvent =
  /** This tab autosaves the draft (from the start, after taking over, or when the owner left). */
  | 'owner'
  /** Another tab autosaves the draft: this one does not. */
  | 'elsewhere'
  /** This tab autosaves it, and another tab has just opened it. */
  | 'opened-elsewhere'
  /** Another tab took the autosave over: this one no longer autosaves. */
  | 'taken';

/** The tab's share of the draft's autosave. */
export interface DraftOwner {
  /** True when this tab may write the draft. */
  owns(): boolean;
  /** Makes this tab the one that autosaves (the owner until now is told). */
  takeOver(): void;
}

const LOCK = 'robots-txt-tester:draft-autosave';
const CHANNEL = 'robots-txt-tester:draft';

/**
 * Claims the draft's autosave for this tab, or waits in line for it; `onEvent` hears every change.
 * `showsDraft` says whether this tab shows the draft (a tab showing a shared case tells no one).
 */
export function claimDraft(onEvent: (event: DraftOwnerEvent) => void, showsDraft: () => boolean = () => true): DraftOwner {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return { owns: () => true, takeOver: () => {} };
  let owner = false;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  channel?.addEventListener('message', (e: MessageEvent) => {
    if (owner && (e.data as { type?: unknown } | null)?.type === 'opened') onEvent('opened-elsewhere');
  });
  // The lock is held as long as the tab lives: the callback's promise never settles.
  const hold = () => new Promise<never>(() => {});
  /** Holds the lock once granted; told when another tab steals it. */
  const own = (options: LockOptions): void => {
    locks.request(LOCK, options, (lock) => {
      if (!lock) {
        // Another tab has it: say so, tell it, and wait in line.
        onEvent('elsewhere');
        if (showsDraft()) channel?.postMessage({ type: 'opened' });
        own({});
        return null;
      }
      owner = true;
      // Told even on the first try: the lock is granted a moment after the page's first save may
      // have run, which then left the draft unsaved (this tab did not know it owned it yet).
      onEvent('owner');
      return hold();
    }).catch(() => {
      // Stolen: another tab took the autosave over. Wait in line to get it back when that tab closes.
      if (!owner) return;
      owner = false;
      onEvent('taken');
      own({});
    });
  };
  own({ ifAvailable: true });
  return {
    owns: () => owner,
    takeOver: () => {
      if (!owner) own({ steal: true });
    },
  };
}
