import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BODIES = fileURLToPath(new URL('../../../shared/realworld/google/bodies.jsonl', import.meta.url));

/**
 * A real robots.txt for the editors' tests (shopify.com's, 73 KB, from the shared real-world set; a small one
 * where that set is absent), then three lines every client is asked about: a group, a misspelled rule Google
 * accepts (a one-line repair), and a user-agent line being typed (completion).
 */
export function editorTestFile(): { text: string; hoverLine: number; typedLine: number } {
  let real = 'User-agent: *\nDisallow: /admin\nAllow: /admin/public\n';
  if (existsSync(BODIES)) {
    for (const line of readFileSync(BODIES, 'utf8').split('\n')) {
      if (line.includes('"egonkm/Robots.txt:robots/shopify.com"')) real = (JSON.parse(line) as { robots: string }).robots;
    }
  }
  const body = real.replace(/\s*$/, '\n');
  const lines = body.split('\n').length - 1;
  const hoverLine = body.split('\n').findIndex((l) => /^disallow:\s*\//i.test(l));
  return { text: `${body}\nUser-agent: ExampleBot\nDisalow: /typo\nUser-agent: Goo\n`, hoverLine, typedLine: lines + 3 };
}
