import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { anchors, headings, type Link, links, type Page, readPages, repo } from './markdown.js';

// Every link of README.md and docs/*.md reaches something: a relative link an existing file (and its
// #anchor a heading there), a link into this repository on GitHub a file or folder of this checkout.
// README.md is also the package's front page, where only what the package ships can be opened: its
// relative links point only at what package.json `files` ships (README, LICENSE and package.json always
// ship). Other sites are not fetched.
const pages = readPages();
const byPath = new Map(pages.map((page) => [page.path, page]));
const repository = 'https://github.com/toolwire/toolwire/';
const shipped = [...packageJson.files, 'README.md', 'LICENSE', 'package.json'];

/** The repository path a link names, from the repository root, or undefined for another site. */
function repoPath(link: Link): string | undefined {
  const [target = ''] = link.target.split('#');
  if (link.target.startsWith(repository)) {
    const path = /^(?:blob|tree)\/main\/(.*)$/.exec(target.slice(repository.length))?.[1];
    if (path === undefined)
      throw new Error(`${link.page}:${link.line}: ${link.target} is not a blob/main or tree/main link`);
    return path.replace(/\/$/, '');
  }
  if (/^[a-z]+:/i.test(target)) return undefined;
  if (target === '') return link.page;
  return new URL(target, new URL(link.page, repo)).pathname
    .slice(new URL(repo).pathname.length)
    .replace(/\/$/, '');
}

function problem(link: Link): string | undefined {
  const path = repoPath(link);
  if (path === undefined) return undefined;
  const file = new URL(path, repo);
  if (path.startsWith('..') || !existsSync(file)) return `${path} does not exist`;
  const anchor = link.target.split('#')[1];
  if (anchor === undefined) return undefined;
  const target: Page | undefined = byPath.get(path);
  if (!target || statSync(file).isDirectory())
    return `#${anchor} points into ${path}, which is not a docs page`;
  if (!anchors(target).has(anchor)) return `${path} has no heading #${anchor}`;
  return undefined;
}

const all = pages.flatMap(links);

describe('docs links', () => {
  it.each(pages.map((page) => [page.path, page] as const))('%s: every link resolves', (_, page) => {
    const broken = links(page).flatMap((link) => {
      const found = problem(link);
      return found ? [`${link.page}:${link.line}: ${link.target}: ${found}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('README.md links relatively only to what the package ships', () => {
    const readme = all.filter((link) => link.page === 'README.md' && !/^([a-z]+:|#)/i.test(link.target));
    const outside = readme.filter((link) => {
      const path = repoPath(link) ?? '';
      return !shipped.some((entry) => path === entry || path.startsWith(`${entry}/`));
    });
    expect(outside.map((link) => `README.md:${link.line}: ${link.target}`)).toEqual([]);
  });

  it.each(
    pages.filter((page) => page.path.startsWith('docs/')).map((page) => [page.path, page] as const),
  )('%s has a table of contents naming each of its sections', (_, page) => {
    const listed = new Set(links(page).flatMap((link) => (link.target.startsWith('#') ? [link.target] : [])));
    const sections = headings(page).filter((heading) => heading.level === 2);
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.map((heading) => `#${heading.anchor}`).filter((anchor) => !listed.has(anchor))).toEqual(
      [],
    );
  });

  it('finds links on every page', () => {
    // A parser that read no link at all would pass the checks above.
    expect(pages.filter((page) => links(page).length === 0).map((page) => page.path)).toEqual([]);
  });
});
