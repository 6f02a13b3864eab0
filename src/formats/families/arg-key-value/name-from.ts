// The call name in the text between a key/value call's start marker and its first key.
import { isWhitespace } from '../../../internal/whitespace.js';
import { isLayout } from './is-layout.js';

/**
 * The call's name from the text between the call marker and the first key (or the call's end): its
 * first word (with `spaces`, its first line), trimmed, without a trailing literal `\n`. `rest` tells
 * whether more than layout follows the name (for example a JSON body), which makes the call invalid.
 * A name holding markup or JSON characters (`<`, `>`, `{`, `}`, `"`) is refused as `''`.
 */
export function nameFrom(text: string, spaces: boolean): { name: string; rest: boolean } {
  const trimmed = text.trim();
  let end = trimmed.length;
  let rest = false;
  for (let index = 0; index < trimmed.length; index++) {
    const code = trimmed.charCodeAt(index);
    const lineBreak =
      code === 0x0a || code === 0x0d || (code === 0x5c /* \ */ && trimmed.charCodeAt(index + 1) === 0x6e);
    if (lineBreak || (!spaces && isWhitespace(code))) {
      end = index;
      rest = !isLayout(trimmed.slice(index));
      break;
    }
  }
  const name = trimmed.slice(0, end).trimEnd();
  return { name: /[<>{}"]/.test(name) ? '' : name, rest };
}
