/**
 * References that resolve. Every comment under src/, handlers/ and test/, and
 * every Markdown page of the repository, may cite only what the repository
 * holds: the provider's facts are written once in docs/provider-api.md and the
 * project's rules in CONTRIBUTING.md and README.md. So:
 *
 * - no file names the design notes or the provider's spec files kept outside
 *   the repository, nor the folder they live in, and no comment or page names
 *   an absolute path of somebody's machine (a home, users or work folder, a
 *   Windows drive). Provider data in code (a hosting server's document root in
 *   a test's expected answer) is not a comment, and is not checked;
 * - every citation of a section of docs/provider-api.md names one of its
 *   headings, written as the heading is, so a renamed section cannot leave a
 *   comment pointing nowhere.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PROVIDER_PAGE = 'docs/provider-api.md';

// Built from pieces, so that this file does not name them itself.
const OUTSIDE_FILES = new RegExp(
  [
    ...['DESIGN', 'vps-api', 'hosting-api', 'provider-notes'].map((n) => `\\b${n}\\.md\\b`),
    ['shared', 'spec'].join('/'),
    `\\.\\./${'shared'}/`,
  ].join('|'),
);
const MACHINE_PATH = new RegExp(
  `(?:^|[^\\w.~-])/(?:${['work', 'home', 'Users'].join('|')})/|\\b[A-Za-z]:\\\\`,
);
const CITATION = `${PROVIDER_PAGE},`;

const CODE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...filesUnder(rel));
    else if (CODE.test(name) || name.endsWith('.md')) out.push(rel);
  }
  return out;
}

const pages = (dir: string) =>
  existsSync(path.join(ROOT, dir))
    ? readdirSync(path.join(ROOT, dir))
        .filter((n) => n.endsWith('.md'))
        .map((n) => path.posix.join(dir, n))
    : [];

const files = [
  ...filesUnder('src'),
  ...filesUnder('handlers'),
  ...filesUnder('test'),
  ...pages('.').map((f) => f.replace(/^\.\//, '')),
  ...pages('docs'),
];

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Every comment of a source file, read by the TypeScript parser (so `//` in a string is not one). */
function commentsOf(file: string, text: string): string[] {
  const kind = file.endsWith('ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, string>();
  const visit = (node: ts.Node): void => {
    // A JSDoc node is the comment itself, already found before the node it documents.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    for (const r of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) {
      found.set(r.pos, text.slice(r.pos, r.end));
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()];
}

/** A comment as prose: its markers gone and its lines joined, so a citation may wrap. */
const prose = (comment: string): string =>
  comment
    .replace(/^\/\*+|\*+\/$/g, '')
    .replace(/^\s*(?:\*(?!\/)|\/\/+)/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface Text {
  /** What names outside files may not appear in: a page, or a source file whole (strings too). */
  whole: string;
  /** What is checked for machine paths and citations: a page, or a source file's comments. */
  prose: string[];
}

function textOf(file: string): Text {
  const text = read(file);
  if (file.endsWith('.md')) return { whole: text, prose: [text.replace(/\s+/g, ' ')] };
  return { whole: text, prose: commentsOf(file, text).map(prose) };
}

const texts = new Map(files.map((f) => [f, textOf(f)]));

function outsideReferences(file: string): string[] {
  const t = texts.get(file);
  if (!t) return [`${file}: not found`];
  const out: string[] = [];
  const lines = t.whole.split('\n');
  lines.forEach((line, i) => {
    if (OUTSIDE_FILES.test(line)) out.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  for (const p of t.prose) {
    const m = MACHINE_PATH.exec(p);
    if (m) out.push(`${file}: a machine path: …${p.slice(Math.max(0, m.index - 30), m.index + 40)}…`);
  }
  return out;
}

/** The headings of docs/provider-api.md (levels 2 to 4), outside code blocks. */
function headingsOf(page: string): string[] {
  let fenced = false;
  const out: string[] = [];
  for (const line of page.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{2,4}\s+(.+?)\s*#*\s*$/.exec(line);
    if (m) out.push(m[1]!);
  }
  return out;
}

const headings = headingsOf(read(PROVIDER_PAGE));

/** Citations of docs/provider-api.md whose section is not one of its headings. */
function brokenCitations(file: string): string[] {
  const out: string[] = [];
  for (const p of texts.get(file)?.prose ?? []) {
    let at = p.indexOf(CITATION);
    while (at !== -1) {
      const rest = p
        .slice(at + CITATION.length)
        .trimStart()
        .replace(/^["'`“]/, '');
      const named = headings.some(
        (h) => rest.startsWith(h) && (rest.length === h.length || /^[)"'`”;,.:]/.test(rest.slice(h.length))),
      );
      if (!named)
        out.push(`${file}: "${CITATION} ${rest.slice(0, 50)}…" names no heading of ${PROVIDER_PAGE}`);
      at = p.indexOf(CITATION, at + CITATION.length);
    }
  }
  return out;
}

describe('references that resolve', () => {
  it('reads the tree and the provider page (a rule over nothing would pass by itself)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain('README.md');
    expect(files).toContain('CONTRIBUTING.md');
    expect(files).toContain(PROVIDER_PAGE);
    expect(headings).toContain('Rate limits');
    expect(headings).toContain('Not published: the bot must not invent');
    expect(headings).toContain('Decisions where the spec is silent');
    const comments = [...texts.values()].reduce((n, t) => n + t.prose.length, 0);
    expect(comments).toBeGreaterThan(1000);
  });

  it('finds what it looks for (the patterns themselves)', () => {
    const sample = ['see ', ['vps-api', 'md'].join('.'), ' and ', ['..', 'shared', 'x'].join('/')].join('');
    expect(OUTSIDE_FILES.test(sample)).toBe(true);
    expect(MACHINE_PATH.test(`kept in ${['', 'home', 'me', 'x'].join('/')}`)).toBe(true);
    expect(MACHINE_PATH.test(`kept in ${['C:', 'x'].join('\\')}`)).toBe(true);
    expect(MACHINE_PATH.test('src/home/x.ts, a relative folder')).toBe(false);
    expect(prose('/**\n * (docs/provider-api.md,\n * Rate limits)\n */')).toBe(
      '(docs/provider-api.md, Rate limits)',
    );
  });

  it('no file names a file outside the repository', () => {
    expect(files.flatMap(outsideReferences)).toEqual([]);
  });

  it('every citation of docs/provider-api.md names one of its headings', () => {
    expect(files.flatMap(brokenCitations)).toEqual([]);
  });

  it('the headings of docs/provider-api.md are unique (a citation names one section)', () => {
    const twice = headings.filter((h, i) => headings.indexOf(h) !== i);
    expect(twice).toEqual([]);
  });
});
