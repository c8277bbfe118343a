/**
 * Stacks a table's rows when its narrowest table layout is wider than its box: measured, not
 * guessed from a width, since the narrowest layout depends on the language's headers and the
 * numbers' lengths. The box gets `data-stacked` (its CSS lays each row's cells out under their labels).
 */
import { useLayoutEffect, type RefObject } from 'react';

/** Watches `box` (holding one table) and marks it `data-stacked` while the table does not fit; `content` re-measures when the rows change. */
export function useStacked(box: RefObject<HTMLElement | null>, content: unknown): void {
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    let width = -1;
    const measure = (force: boolean) => {
      // Only a change of width can change the answer (and the answer changes the height).
      if (!force && el.clientWidth === width) return;
      width = el.clientWidth;
      el.removeAttribute('data-stacked');
      const table = el.querySelector('table');
      if (table && table.offsetWidth > el.clientWidth) el.setAttribute('data-stacked', '');
    };
    measure(true);
    const observer = new ResizeObserver(() => measure(false));
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, content]);
}
