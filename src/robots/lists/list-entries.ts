/**
 * The entries of a plain URL list: one per line (LF, CRLF or a lone CR), each without the white
 * space around it, blank lines dropped. Every list the product reads (Bulk, an imported .txt,
 * the AI access tab's URLs) is split here.
 */
export function listEntries(text: string): string[] {
  // A line break is LF, CRLF or a lone CR: made LF first, so lines are found by one indexOf.
  // One loop that looked for CR and LF together ran 300× slower (8 s over 100,000 lines) in
  // Node 20 once V8 had optimised it on short lists, as the Bulk warm-up's are.
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  const out: string[] = [];
  const length = text.length;
  let start = 0;
  while (start <= length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = length;
    // Found with indexOf rather than a regular expression split: 3–4× faster on a 100,000-line
    // list, which Bulk splits on the page thread as it imports it.
    const entry = text.slice(start, end).trim();
    if (entry !== '') out.push(entry);
    start = end + 1;
  }
  return out;
}
