/** A deciding line of the robots.txt, as a link that reveals it in the editor. */
import { useTester } from '../../context.js';
import { useT } from '../../i18n/index.js';

/** Reveals a line of the robots.txt in the editor (none: "no rule"). */
export function LineLink({ line }: { line: number }) {
  const t = useTester();
  const tr = useT('site');
  if (line <= 0) return <span className="muted">{tr('site.no-rule')}</span>;
  return <button type="button" className="link" data-line={line} onClick={() => t.reveal(line)}>{tr('common.line', { line })}</button>;
}
