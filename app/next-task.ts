/**
 * Resolves in a later task of the page's thread, so that the work before and after it are separate
 * tasks the browser can handle input and paint between: `scheduler.yield()` where the browser has
 * it (its continuation runs before other queued work, and a hidden page's timers do not delay it),
 * a timer otherwise.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
