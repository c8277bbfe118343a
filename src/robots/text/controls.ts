/**
 * Control characters written out as text. A line break, a carriage return that rewrites the line,
 * an escape sequence that moves the cursor: what a terminal or a CI log acts on, from an input
 * printed raw, is shown as `\x0a`, `\x0d`, `\x1b` instead.
 */

/** The C0 controls, DEL and the C1 controls (U+0080–U+009F, NEL and CSI among them). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** `text` with every C0 control, DEL and C1 control written `\xHH` (lower-case hex); the rest as it is. */
export function showControls(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROLS, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`) : text;
}
