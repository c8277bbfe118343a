/**
 * Hovering a line shows how Google reads it.
 */
import type { Extension } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { lineInfoAt } from './line-info.js';

/** The hover tooltip. */
export function robotsHover(): Extension {
  return hoverTooltip((view, pos) => {
    const line = view.state.doc.lineAt(pos);
    const info = lineInfoAt(view.state, line.number);
    if (!info || (info.kindName === 'blank')) return null;
    return {
      pos: line.from,
      end: line.to,
      above: true,
      create() {
        const dom = document.createElement('div');
        dom.className = 'rt-tooltip';
        const head = document.createElement('div');
        head.className = 'rt-tooltip-head';
        head.textContent = `Line ${info.line} · ${info.reading}`;
        dom.append(head);
        for (const note of info.notes) {
          const p = document.createElement('div');
          p.className = 'rt-tooltip-note';
          p.textContent = note;
          dom.append(p);
        }
        return { dom };
      },
    };
  }, { hoverTime: 250 });
}
