// Whether text between key/value tags is only layout.
import { isWhitespace } from '../../../internal/whitespace.js';

/**
 * Whether `text` holds only layout: whitespace and the two characters backslash + `n` (SGLang's GLM
 * regexes accept a literal `\n` between the tags, as some GLM outputs write it).
 */
export function isLayout(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isWhitespace(code)) continue;
    if (code === 0x5c /* \ */ && text.charCodeAt(index + 1) === 0x6e /* n */) {
      index++;
      continue;
    }
    return false;
  }
  return true;
}
