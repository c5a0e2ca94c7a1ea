/**
 * The links between the project's pages resolve: a relative link names a file
 * of the repository, and a `#section` names one of that page's headings as
 * GitHub makes its anchor. Moving a section from one page to another (the
 * README's to docs/) must not leave a link pointing nowhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((n) => n.endsWith('.md'))
    .map((n) => `docs/${n}`),
];

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A page's text outside fenced code blocks. */
const prose = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (file: string): string[] =>
  [...prose(read(file)).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((m) => anchorOf(m[1]!));

/** Relative links of a page: `[text](target)`, leaving out web addresses. */
function linksOf(file: string): { target: string; line: string }[] {
  const out: { target: string; line: string }[] = [];
  for (const line of prose(read(file)).split('\n')) {
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!/^[a-z]+:/i.test(m[1]!)) out.push({ target: m[1]!, line: line.trim() });
    }
  }
  return out;
}

function broken(file: string): string[] {
  const out: string[] = [];
  for (const { target, line } of linksOf(file)) {
    const [rel = '', anchor] = target.split('#');
    const to = rel === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), rel));
    if (!existsSync(path.join(ROOT, to))) out.push(`${file}: ${target} (no such file): ${line}`);
    else if (anchor !== undefined && to.endsWith('.md') && !anchorsOf(to).includes(anchor))
      out.push(`${file}: ${target} (no such heading in ${to}): ${line}`);
  }
  return out;
}

describe('links between the pages', () => {
  it('reads the pages and their links (a rule over nothing would pass by itself)', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'docs/operators.md', 'docs/architecture.md']));
    expect(linksOf('README.md').length).toBeGreaterThan(5);
    expect(anchorOf('Set-up: the two commands')).toBe('set-up-the-two-commands');
    expect(anchorOf('What each alert and notice means, and what to do')).toBe(
      'what-each-alert-and-notice-means-and-what-to-do',
    );
  });

  it.each(PAGES)('%s links only to files and headings that exist', (file) => {
    expect(broken(file)).toEqual([]);
  });
});
