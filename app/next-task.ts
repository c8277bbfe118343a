/**
 * Resolves in a later task of the page's thread, so that the work before and after it are separate
 * tasks the browser can handle input and paint between: `scheduler.yield()` where the browser has
 * it (its continuation runs before other queued work), a message posted to itself otherwise.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  // Not a timer: browsers hold a hidden page's timers back by up to a second each, and a tab
  // opened in the background would start that much later for every yield.
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
