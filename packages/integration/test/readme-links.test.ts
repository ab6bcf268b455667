import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingAnchors, headingSlug, relativeLinks } from './support/markdown-links.js';

// Every relative link of the root README and of each package's README and docs pages leads to a
// file or folder of the repository, and a link with an anchor to a heading of that page: a section
// that moves takes its links with it.

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = join(REPO_ROOT, 'packages');

function markdownPages(): string[] {
  const pages = [join(REPO_ROOT, 'README.md')];
  for (const name of readdirSync(PACKAGES).sort()) {
    const readme = join(PACKAGES, name, 'README.md');
    if (existsSync(readme)) pages.push(readme);
    const docs = join(PACKAGES, name, 'docs');
    if (existsSync(docs)) {
      for (const page of readdirSync(docs).sort()) if (page.endsWith('.md')) pages.push(join(docs, page));
    }
  }
  return pages;
}

/** What is wrong with one link of `page`, or undefined when it leads where it says. */
function brokenBecause(page: string, path: string, anchor: string | undefined): string | undefined {
  const target = path === '' ? page : join(dirname(page), path);
  if (!existsSync(target)) return 'no such file';
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(target).isDirectory() || !target.endsWith('.md')) return 'an anchor into something that is not a Markdown page';
  return headingAnchors(readFileSync(target, 'utf8')).has(anchor) ? undefined : 'no heading with this anchor';
}

describe('relative links in the READMEs and docs pages', () => {
  for (const page of markdownPages()) {
    it(`${relative(REPO_ROOT, page)}: each leads to a file and heading that exist`, () => {
      const broken = relativeLinks(readFileSync(page, 'utf8')).flatMap(({ text, path, anchor }) => {
        const reason = brokenBecause(page, path, anchor);
        return reason === undefined ? [] : [`${text}: ${reason}`];
      });
      expect(broken).toEqual([]);
    });
  }
});

describe('headingSlug and headingAnchors', () => {
  it('make the anchors GitHub makes', () => {
    expect(headingSlug("In Pi's terminal UI")).toBe('in-pis-terminal-ui');
    expect(headingSlug('In an editor client (RPC mode)')).toBe('in-an-editor-client-rpc-mode');
    expect(headingSlug('`pnpm smoke`')).toBe('pnpm-smoke');
    expect(headingSlug('Release lines, the version matrix and Node 22')).toBe('release-lines-the-version-matrix-and-node-22');
    expect([...headingAnchors('# A\n\n## Usage\n\n```\n# not a heading\n```\n\n### Usage\n')]).toEqual(['a', 'usage', 'usage-1']);
  });

  it('finds links outside code only, and leaves URLs out', () => {
    const page = '[a](docs/a.md#x) ![p](media/p.svg) [w](https://example.com) `[c](c.md)`\n```\n[d](d.md)\n```\n[s](#here)';
    expect(relativeLinks(page).map(({ path, anchor }) => [path, anchor])).toEqual([
      ['docs/a.md', 'x'],
      ['media/p.svg', undefined],
      ['', 'here'],
    ]);
  });
});
