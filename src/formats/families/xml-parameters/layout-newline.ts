// One newline wrapping a parameter value is layout, not data (`<parameter=k>\nVALUE\n</parameter>`):
// the functions that drop it. A newline is `\n` or `\r\n`.

/** `text` without one leading newline (`\r\n` or `\n`). */
export function withoutLeadingNewline(text: string): string {
  const first = text.charCodeAt(0);
  if (first === 0x0d /* \r */) return text.charCodeAt(1) === 0x0a ? text.slice(2) : text;
  return first === 0x0a /* \n */ ? text.slice(1) : text;
}

/** `text` without one trailing newline (`\r\n` or `\n`). */
export function withoutTrailingNewline(text: string): string {
  const length = text.length;
  if (length === 0 || text.charCodeAt(length - 1) !== 0x0a /* \n */) return text;
  return text.slice(0, length >= 2 && text.charCodeAt(length - 2) === 0x0d /* \r */ ? -2 : -1);
}
