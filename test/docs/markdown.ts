import { readdirSync, readFileSync } from 'node:fs';

/**
 * The Markdown that the docs tests read: README.md and every docs/*.md page, split into fenced code
 * blocks, headings (with the anchors GitHub gives them) and inline links. Only what these pages use is
 * read: fenced blocks opened by three backticks at the start of a line, ATX headings, `[text](target)`.
 */

export const repo = new URL('../../', import.meta.url);

export interface Page {
  /** Path from the repository root, e.g. `docs/parse.md`. */
  readonly path: string;
  readonly text: string;
}

export interface CodeBlock {
  readonly page: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The info string's words: ```ts run → ['ts', 'run']. */
  readonly info: readonly string[];
  readonly code: string;
}

export interface Link {
  readonly page: string;
  readonly line: number;
  readonly target: string;
}

/** README.md, then the docs pages in name order. */
export function readPages(): Page[] {
  const docs = readdirSync(new URL('docs/', repo))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs].map((path) => ({ path, text: readFileSync(new URL(path, repo), 'utf8') }));
}

/** The page's lines, each marked as inside a fenced block (fence lines included) or not. */
function classifyLines(text: string): Array<{ text: string; fenced: boolean }> {
  let open = false;
  return text.split('\n').map((line) => {
    const fence = /^```/.test(line);
    const fenced = open || fence;
    if (fence) open = !open;
    return { text: line, fenced };
  });
}

export function codeBlocks(page: Page): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = page.text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const opening = /^```(.*)$/.exec(lines[index] ?? '');
    if (!opening) continue;
    const end = lines.findIndex((line, at) => at > index && /^```\s*$/.test(line));
    if (end < 0) throw new Error(`${page.path}:${index + 1}: code block never closed`);
    blocks.push({
      page: page.path,
      line: index + 1,
      info: (opening[1] ?? '').trim().split(/\s+/).filter(Boolean),
      code: `${lines.slice(index + 1, end).join('\n')}\n`,
    });
    index = end;
  }
  return blocks;
}

/** A heading's text as GitHub renders it: inline code, emphasis and links reduced to their text. */
function headingText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replaceAll('`', '')
    .replace(/\*+/g, '')
    .trim();
}

export interface Heading {
  /** 1 for `#`, 2 for `##`, ... */
  readonly level: number;
  /** The anchor GitHub gives it. */
  readonly anchor: string;
}

/**
 * The page's headings with the anchors GitHub makes for them (github-slugger): lower case, every character
 * that is not a letter, mark, digit, connector (`_`), hyphen or space removed, spaces turned into
 * hyphens; a repeated anchor gets `-1`, `-2`, ...
 */
export function headings(page: Page): Heading[] {
  const seen = new Map<string, number>();
  const result: Heading[] = [];
  for (const line of classifyLines(page.text)) {
    const heading = line.fenced ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line.text);
    if (!heading) continue;
    const slug = headingText(heading[2] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replaceAll(' ', '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.push({ level: heading[1]?.length ?? 0, anchor: count === 0 ? slug : `${slug}-${count}` });
  }
  return result;
}

export const anchors = (page: Page): Set<string> => new Set(headings(page).map((heading) => heading.anchor));

/** Inline links and images outside code blocks and code spans. */
export function links(page: Page): Link[] {
  const found: Link[] = [];
  classifyLines(page.text).forEach((line, index) => {
    if (line.fenced) return;
    const prose = line.text.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
      found.push({ page: page.path, line: index + 1, target: match[1] ?? '' });
  });
  return found;
}
