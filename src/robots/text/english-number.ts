// Whole numbers are grouped here: the first Intl formatter of a process loads ICU's locale data
// (~20 ms), a quarter of what a small log's whole run takes in the CLI. (The engine's messages
// format theirs with Intl, as the app's FormatJS does: see icu.ts.)
let english: Intl.NumberFormat | null = null;

/** A number as English writes it (`1,234,567`): as `Intl.NumberFormat('en-US')` formats it. */
export function englishNumber(n: number): string {
  if (!Number.isSafeInteger(n)) return (english ??= new Intl.NumberFormat('en-US')).format(n);
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
  return n < 0 || Object.is(n, -0) ? '-' + out : out;
}
