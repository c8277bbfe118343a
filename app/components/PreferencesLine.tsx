import { preferenceParts, type UrlPreferences } from '../../src/robots/index.js';
import { useTester } from '../context.js';
import { useT } from '../i18n/index.js';

/**
 * Beside the verdict: what the file says about AI use of the tested URL for this crawler
 * (Content-Usage, Content-Signal, RSL licences), each part opening the line that states it.
 */
export function PreferencesLine({ preferences }: { preferences: UrlPreferences }) {
  const t = useTester();
  const tr = useT('prefs');
  const parts = preferenceParts(preferences);
  return (
    <p className="verdict-prefs" data-testid="ai-preferences" data-crawl={preferences.crawl}>
      <span className="verdict-prefs-label">{tr('prefs.label')}</span>{' '}
      {parts.map((part, i) => {
        const text = tr(part.id, part.args);
        const line = typeof part.args.line === 'number' ? part.args.line : 0;
        return (
          <span key={i} className="verdict-prefs-part" data-part={part.id.slice('prefs.'.length)}>
            {i > 0 && '; '}
            {line > 0
              ? <button type="button" className="link" data-line={line} onClick={() => t.reveal(line)}>{text}</button>
              : text}
          </span>
        );
      })}
    </p>
  );
}
