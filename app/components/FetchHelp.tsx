import { bookmarkletHref, curlCommand } from '../remote.js';
import { useT } from '../i18n/index.js';

/** The two static ways to get a robots.txt a page may not read: a bookmarklet, and curl + drop. */
export function FetchHelp({ robotsUrl }: { robotsUrl: string }) {
  const tester = location.origin + location.pathname;
  const curl = curlCommand(robotsUrl);
  const t = useT();
  return (
    <div className="fetch-help">
      <p>{t('fetch-help.intro')}</p>
      <p>
        {t('fetch-help.bookmarklet-step')}{' '}
        {/* React refuses javascript: URLs in props; a bookmarklet is one by nature, so it is set on the element. */}
        <a className="bookmarklet" data-testid="bookmarklet" href="#" ref={(el) => el?.setAttribute('href', bookmarkletHref(tester))} onClick={(e) => e.preventDefault()}>
          {t('fetch-help.bookmarklet')}
        </a>
      </p>
      <p>{t('fetch-help.curl-step')}</p>
      <div className="copy-row">
        <code data-testid="curl-command">{curl}</code>
        <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(curl)}>{t('common.copy')}</button>
      </div>
    </div>
  );
}
