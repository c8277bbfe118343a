/**
 * Stacks a table's rows when its narrowest table layout is wider than its box: measured, not
 * guessed from a width, since the narrowest layout depends on the language's headers and the
 * numbers' lengths. The box gets `data-stacked` (its CSS lays each row's cells out under their labels).
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Watches `box` (holding one table) and marks it `data-stacked` while the table does not fit;
 * `content` (compared by identity) re-measures when the rows change. A table laid out wider than
 * its box is at its narrowest, so that width decides every later width without laying the table
 * out again; one that fits is measured again only when its box gets narrower. Laying a table out
 * unstacked to measure it is what costs (a forced layout of every row), so it is done at most once
 * per change of the rows or of the box's width, never on a render that changed neither.
 */
export function useStacked(box: RefObject<HTMLElement | null>, content: unknown): void {
  const known = useRef<{ content: unknown; narrowest: number; fitsAt: number }>({ content: undefined, narrowest: NaN, fitsAt: Infinity });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (known.current.content !== content) known.current = { content, narrowest: NaN, fitsAt: Infinity };
    const k = known.current;
    const measure = (width: number) => {
      // Known without a layout: narrower than the table's narrowest, or as wide as a width it fitted.
      if (!Number.isNaN(k.narrowest)) return void el.toggleAttribute('data-stacked', width < k.narrowest);
      if (width >= k.fitsAt) return void el.removeAttribute('data-stacked');
      el.removeAttribute('data-stacked');
      const w = el.querySelector('table')?.offsetWidth ?? 0;
      if (w > width) k.narrowest = w;
      else k.fitsAt = width;
      el.toggleAttribute('data-stacked', w > width);
    };
    measure(el.clientWidth);
    let last = el.clientWidth;
    const observer = new ResizeObserver(() => {
      // Only a change of width can change the answer (and the answer changes the height).
      const width = el.clientWidth;
      if (width === last) return;
      last = width;
      measure(width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, content]);
}
