/** A pause for a worker's long work, in which the requests already queued for the worker run first. */

/**
 * Makes the pause: a message of its own joins the worker's queue behind the requests already in
 * it (a timer would be held back 4 ms after a few rounds).
 */
export function queuedFirst(): () => Promise<void> {
  const tick = new MessageChannel();
  const paused: (() => void)[] = [];
  tick.port1.onmessage = () => paused.shift()?.();
  return () => new Promise((resume) => {
    paused.push(resume);
    tick.port2.postMessage(null);
  });
}
