import { MAX_ROBOTS_BYTES } from '../../src/robots/index.js';
import { useTesterState } from '../context.js';

const n = (x: number) => x.toLocaleString('en-US');

/** Size, lines, groups and rules of the file, and the 500 KiB limit when it matters. */
export function FileSummaryBar() {
  const s = useTesterState((st) => st.shown?.summary);
  if (!s) return <div className="summary" />;
  const pct = Math.min(100, (s.byteSize / MAX_ROBOTS_BYTES) * 100);
  return (
    <div className="summary" data-testid="file-summary">
      <span>{n(s.byteSize)} bytes</span>
      <span>{n(s.lineCount)} lines</span>
      <span>{n(s.groupCount)} groups</span>
      <span>{n(s.ruleCount)} rules</span>
      {s.ignoredCount + s.invalidCount > 0 && (
        <span className="summary-warn">{n(s.ignoredCount + s.invalidCount)} ignored</span>
      )}
      {s.limitCut ? (
        <span className="summary-limit" data-testid="limit-notice" role="status">
          Over 500 KiB: Google ignores everything from line {n(s.limitCut.line)} on
        </span>
      ) : pct > 50 ? (
        <span className="summary-warn">{pct.toFixed(0)}% of the 500 KiB limit</span>
      ) : null}
    </div>
  );
}
