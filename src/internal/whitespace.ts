/** Is `code` JSON whitespace (space, line feed, carriage return, tab)? */
export const isWhitespace = (code: number): boolean =>
  code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** The position of the first character at or after `from` in `text` that is not JSON whitespace. */
export function skipWhitespace(text: string, from: number): number {
  let position = from;
  while (position < text.length && isWhitespace(text.charCodeAt(position))) position++;
  return position;
}
