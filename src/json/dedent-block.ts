import { codeNewline, codeSpace, codeTab } from './character-codes.js';

/**
 * Tidies the body of a triple-quoted or triple-backtick string the way a reader expects: drops one
 * line break right after the opening quotes, drops a last line that holds only indentation (the
 * closing quotes' own indentation), then removes the indentation all non-blank lines share.
 * Internal to src/json.
 */
export function dedentBlock(content: string): string {
  let start = 0;
  if (content.charCodeAt(0) === codeNewline) start = 1;
  else if (content.startsWith('\r\n')) start = 2;
  let end = content.length;
  const lastBreak = content.lastIndexOf('\n');
  if (lastBreak >= start && isBlank(content, lastBreak + 1, end)) end = lastBreak;
  if (end > start && content.charCodeAt(end - 1) === 0x0d) end--;
  const body = content.slice(start, end);
  if (body.indexOf('\n') === -1) return body.slice(leadingIndent(body));
  const lines = body.split('\n');
  let common = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    let indent = 0;
    while (indent < line.length && isIndent(line.charCodeAt(indent))) indent++;
    if (indent < line.length && indent < common) common = indent;
  }
  if (common === 0 || common === Number.POSITIVE_INFINITY) return body;
  return lines.map((line) => line.slice(Math.min(common, leadingIndent(line)))).join('\n');
}

function isIndent(code: number): boolean {
  return code === codeSpace || code === codeTab;
}

function leadingIndent(line: string): number {
  let indent = 0;
  while (indent < line.length && isIndent(line.charCodeAt(indent))) indent++;
  return indent;
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (!isIndent(code) && code !== 0x0d) return false;
  }
  return true;
}
