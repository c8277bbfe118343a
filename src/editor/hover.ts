/**
 * Hovering a line shows how Google reads it and every finding on it, worded from the engine's
 * one catalogue (title, what Google does, hint).
 */
import type { Extension } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { SEVERITY_SYMBOL } from './gutter.js';
import { lineInfoAt } from './line-info.js';
import { translator } from './translate.js';

function div(className: string, text: string): HTMLDivElement {
  const el = document.createElement('div');
  el.className = className;
  el.textContent = text;
  return el;
}

/** The hover tooltip. */
export function robotsHover(): Extension {
  return hoverTooltip((view, pos) => {
    const line = view.state.doc.lineAt(pos);
    const info = lineInfoAt(view.state, line.number);
    if (!info || info.kindName === 'blank') return null;
    return {
      pos: line.from,
      end: line.to,
      above: true,
      create() {
        const t = view.state.facet(translator);
        const dom = document.createElement('div');
        dom.className = 'rt-tooltip';
        dom.append(div('rt-tooltip-head', t('editor.hover-head', { line: info.line, reading: t(`reading.${info.readingCode}`, info.readingArgs) })));
        for (const f of info.findings) {
          const item = div(`rt-tooltip-finding rt-tooltip-${f.severity}`, '');
          item.dataset['code'] = f.code;
          item.append(
            div('rt-tooltip-title', `${SEVERITY_SYMBOL[f.severity]} ${t(`finding.${f.code}.title`, f.args)}`),
            div('rt-tooltip-note', t(`finding.${f.code}.google`, f.args)),
            div('rt-tooltip-hint', t(`finding.${f.code}.hint`, f.args)),
          );
          dom.append(item);
        }
        for (const f of info.fileWide) {
          const item = div(`rt-tooltip-finding rt-tooltip-${f.severity}`, '');
          item.dataset['code'] = f.code;
          item.append(div('rt-tooltip-title', `${SEVERITY_SYMBOL[f.severity]} ${t(`finding.${f.code}.title`, f.args)}`));
          dom.append(item);
        }
        return { dom };
      },
    };
  }, { hoverTime: 250 });
}
