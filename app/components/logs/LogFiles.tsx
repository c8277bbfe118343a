/** Where log files come in: the choose button and the drop zone, then the files held and a way to clear them. */
import { useRef, useState, type DragEvent } from 'react';
import { logsBytes } from '../../../src/store/logs/index.js';
import type { LogsTab } from '../../../src/tester/index.js';
import { useT } from '../../i18n/index.js';
import { MB } from './format.js';
import { useLogs } from './state.js';

/** The drop zone (log files and ranges files, told apart by name) and the files held. */
export function LogFiles({ logs }: { logs: LogsTab }) {
  const tr = useT('logs');
  const files = useLogs((l) => l.files);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setDragging(false);
    void logs.add([...e.dataTransfer.files]);
  };
  return (
    <>
      <div
        className={`logs-drop${dragging ? ' dragging' : ''}`}
        data-testid="logs-drop"
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) {
            e.preventDefault();
            e.stopPropagation();
            setDragging(true);
          }
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <button type="button" className="btn" data-testid="logs-choose" onClick={() => input.current?.click()}>{tr('logs.choose')}</button>
        <span className="muted">{tr('logs.drop')}</span>
        <input ref={input} type="file" multiple hidden data-testid="logs-file" onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = '';
          void logs.add(chosen);
        }} />
      </div>
      {files.length > 0 && (
        <div className="logs-files" data-testid="logs-files">
          <span>{tr('logs.files', { count: files.length, size: MB(logsBytes(files), tr.number) })}</span>
          <span className="logs-file-names muted">{files.map((f) => f.name).join(', ')}</span>
          <button type="button" className="link" data-testid="logs-clear" onClick={() => logs.clear()}>{tr('logs.clear')}</button>
        </div>
      )}
    </>
  );
}
