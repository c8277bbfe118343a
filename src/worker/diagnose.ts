/**
 * Diagnostics in the analysis worker, from the parse its verdicts came from: loaded when first
 * asked for (the first verdict waits for none of this code), and computed in slices, between
 * which the worker takes any request that arrived meanwhile. The findings the other readers'
 * parses decide are not worked out here but in the readers worker (their parsers never sit on a
 * keystroke's path): the tester merges the two.
 */
import { diagnoseWithoutReadersInSteps, type Diagnostic, type RobotsTxt } from '../robots/index.js';
import { runInSlices, type Slicing } from './slices.js';

/** The diagnostics of `robots` but the readers' (for `site`, '' when not set), or null when `stop` said so at a pause. */
export function diagnoseInSlices(robots: RobotsTxt, site: string, slicing: Slicing): Promise<Diagnostic[] | null> {
  return runInSlices(diagnoseWithoutReadersInSteps(robots, { site: site || undefined }), slicing);
}
