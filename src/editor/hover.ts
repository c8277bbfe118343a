/**
 * Hovering a line shows how Google reads it and every finding on it, worded from the engine's
 * one catalogue (title, what Google does, hint).
 */
import { forEachDiagnostic, linter, type Action } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { hoverTooltip, type EditorView } from '@codemirror/view';
import { SEVERITY_SYMBOL } from './gutter.js';
import { lineInfoAt } from './line-info.js';
import { translator } from './translate.js';

function div(className: string, text: string): HTMLDivElement {
  const el = document.createElement('div');
  el.className = className;
  el.textContent = text;
  return el;
}

/** The repairs the lint markers of the line [from, to] offer, by finding code. */
function repairsOn(view: EditorView, from: number, to: number): Map<string, { action: Action; from: number; to: number }> {
  const out = new Map<string, { action: Action; from: number; to: number }>();
  forEachDiagnostic(view.state, (d, dFrom, dTo) => {
    const action = d.actions?.[0];
    if (action && d.source && dFrom >= from && dFrom <= to && !out.has(d.source)) out.set(d.source, { action, from: dFrom, to: dTo });
  });
  return out;
}

/** A button applying a lint marker's repair, then closing the tooltip by giving the editor its focus. */
function repairButton(view: EditorView, repair: { action: Action; from: number; to: number }): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'rt-tooltip-fix';
  button.textContent = repair.action.name;
  button.addEventListener('mousedown', (e) => e.preventDefault());
  button.addEventListener('click', () => {
    repair.action.apply(view, repair.from, repair.to);
    view.focus();
  });
  return button;
}

/**
 * The hover tooltip: the one place a line's findings are worded. The lint markers' own tooltip is
 * turned off, as it repeated each title (with its raw code); their repairs are offered here.
 */
export function robotsHover(): Extension {
  return [linter(null, { tooltipFilter: () => [] }), lineHover()];
}

function lineHover(): Extension {
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
        const repairs = repairsOn(view, line.from, line.to);
        dom.append(div('rt-tooltip-head', t('editor.hover-head', { line: info.line, reading: t(`reading.${info.readingCode}`, info.readingArgs) })));
        for (const f of info.findings) {
          const item = div(`rt-tooltip-finding rt-tooltip-${f.severity}`, '');
          item.dataset['code'] = f.code;
          item.append(
            div('rt-tooltip-title', `${SEVERITY_SYMBOL[f.severity]} ${t(`finding.${f.code}.title`, f.args)}`),
            div('rt-tooltip-note', t(`finding.${f.code}.google`, f.args)),
            div('rt-tooltip-hint', t(`finding.${f.code}.hint`, f.args)),
          );
          const repair = repairs.get(f.code);
          if (repair) item.append(repairButton(view, repair));
          dom.append(item);
        }
        for (const f of info.fileWide) {
          const item = div(`rt-tooltip-finding rt-tooltip-${f.severity}`, '');
          item.dataset['code'] = f.code;
          item.append(div('rt-tooltip-title', `${SEVERITY_SYMBOL[f.severity]} ${t(`finding.${f.code}.title`, f.args)}`));
          const repair = repairs.get(f.code);
          if (repair) item.append(repairButton(view, repair));
          dom.append(item);
        }
        return { dom };
      },
    };
  }, { hoverTime: 250 });
}
