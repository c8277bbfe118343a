/**
 * Long work in a worker, run in slices: between two slices the worker takes any request that
 * arrived meanwhile, and stops the work once it is no longer wanted.
 */

/** How one run shares the worker with the requests that arrive while it runs. */
export interface Slicing {
  /** True once the work is no longer wanted (a newer request changed the text, or asked again). */
  readonly stop: () => boolean;
  /** Resolves once the worker has taken the requests that arrived meanwhile. */
  readonly pause: () => Promise<void>;
  /** The longest run between two pauses (ms), unless one step of the engine takes longer. */
  readonly sliceMs?: number;
  readonly now?: () => number;
}

/** Runs `steps` (an engine generator that yields between steps) to its value, or null when `stop` said so before it or at a pause. */
export async function runInSlices<T>(steps: Generator<void, T, void>, slicing: Slicing): Promise<T | null> {
  const { stop, pause, sliceMs = 4, now = () => performance.now() } = slicing;
  if (stop()) return null;
  let since = now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (now() - since >= sliceMs) {
      await pause();
      if (stop()) return null;
      since = now();
    }
  }
}
