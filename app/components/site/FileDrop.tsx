import { useState, type ReactNode } from 'react';

/** A place in the Site tab to drop files on, highlighted while files are dragged over it. */
export function FileDrop({ testId, className, onFiles, children }: { testId: string; className?: string; onFiles: (files: FileList) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={`site-drop${className ? ` ${className}` : ''}${dragging ? ' dragging' : ''}`}
      data-testid={testId}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        e.stopPropagation();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setDragging(false);
        onFiles(e.dataTransfer.files);
      }}
    >
      {children}
    </div>
  );
}
