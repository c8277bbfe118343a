import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pages = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The relative links of a Markdown page (inline links and images), outside code. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((href) => href !== '' && !/^[a-z]+:/i.test(href));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/`/g, '').replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

describe('the documentation', () => {
  it('README is a front door: at most 150 lines, opening with the two commands', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    const firstBlock = readme.slice(readme.indexOf('```'), readme.indexOf('```', readme.indexOf('```') + 3));
    expect(firstBlock).toContain('npm install && npm run dev');
    expect(firstBlock).toContain('npm test');
  });

  it('every docs page is reached from the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const linked = new Set(relativeLinks(readme).map((href) => href.split('#')[0]));
    for (const page of pages.filter((p) => p.startsWith('docs/'))) expect(linked, page).toContain(page);
  });

  for (const page of pages) {
    it(`every relative link of ${page} resolves, anchors included`, () => {
      const text = readFileSync(join(root, page), 'utf8');
      for (const href of relativeLinks(text)) {
        const [path, anchor] = href.split('#');
        const target = path ? join(dirname(join(root, page)), decodeURIComponent(path)) : join(root, page);
        expect(existsSync(target), `${page} → ${href}`).toBe(true);
        if (anchor && target.endsWith('.md')) {
          expect(anchorsOf(readFileSync(target, 'utf8')), `${page} → ${relative(root, target)}#${anchor}`).toContain(anchor);
        }
      }
    });
  }
});
