/**
 * Diagnostics in the analysis worker, from the parse its verdicts came from: loaded when first
 * asked for (the first verdict waits for none of this code), and computed in slices, between
 * which the worker takes any request that arrived meanwhile.
 */
import { diagnoseInSteps, type Diagnostic, type RobotsTxt } from '../robots/index.js';

/** How one diagnosis shares the worker with the requests that arrive while it runs. */
export interface Slicing {
  /** True once the diagnosis is no longer wanted (a newer request changed the text, or asked again). */
  readonly stop: () => boolean;
  /** Resolves once the worker has taken the requests that arrived meanwhile. */
  readonly pause: () => Promise<void>;
  /** The longest run between two pauses (ms), unless one step of the engine takes longer. */
  readonly sliceMs?: number;
  readonly now?: () => number;
}

/** The diagnostics of `robots` (for `site`, '' when not set), or null when `stop` said so at a pause. */
export async function diagnoseInSlices(robots: RobotsTxt, site: string, slicing: Slicing): Promise<Diagnostic[] | null> {
  const { stop, pause, sliceMs = 4, now = () => performance.now() } = slicing;
  if (stop()) return null;
  const steps = diagnoseInSteps(robots, { site: site || undefined });
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
