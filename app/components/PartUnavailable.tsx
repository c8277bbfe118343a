import { useT } from '../i18n/index.js';

/** What stands in for a part of the page whose code could not load: why, and a reload. */
export function PartUnavailable() {
  const tr = useT();
  return (
    <p className="part-unavailable" role="alert" data-testid="part-unavailable">
      {tr('notice.part-unavailable')}{' '}
      <button type="button" className="btn btn-small" onClick={() => location.reload()}>{tr('common.reload')}</button>
    </p>
  );
}
