/**
 * CodeMirror's changes as the engine's text edits, in the positions of the document as the store
 * and the workers hold it (written with the file's own line break, where CodeMirror uses LF).
 */
import type { ChangeSet, Text } from '@codemirror/state';
import type { TextEdit } from '../robots/index.js';

/** `changes` (made to `before`) as edits of `before` written with `lineBreak` between its lines. */
export function changeSetEdits(changes: ChangeSet, before: Text, lineBreak: string): TextEdit[] {
  const edits: TextEdit[] = [];
  // Each line break before a position adds (lineBreak.length - 1) characters to it.
  const extra = lineBreak.length - 1;
  const at = (pos: number): number => (extra === 0 ? pos : pos + (before.lineAt(pos).number - 1) * extra);
  changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    const insert = inserted.sliceString(0, inserted.length, lineBreak);
    edits.push({ from: at(fromA), to: at(toA), insert });
  });
  return edits;
}
