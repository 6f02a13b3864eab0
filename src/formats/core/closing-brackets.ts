/**
 * The closing brackets a cut-off call text lacks, innermost first (`{"a": [1` → `]}`), for
 * `finishReason: 'stop'`: a call the model ended without its closing brackets. `undefined` when more
 * than brackets is missing (the text ends inside a string, or right after `,` or `:`) or when the
 * brackets do not nest (a closer that matches no opener). `""` when nothing is open.
 *
 * Strings are `"…"` (JSON, with backslash escapes) and `'…'` (Python call lists); brackets inside
 * them do not count. One pass, linear in the text.
 */
export function closingBrackets(text: string): string | undefined {
  const open: string[] = [];
  let quote = '';
  let last = '';
  for (let index = 0; index < text.length; index++) {
    const character = text.charAt(index);
    if (quote !== '') {
      if (character === '\\') index++;
      else if (character === quote) {
        quote = '';
        last = character;
      }
      continue;
    }
    switch (character) {
      case '"':
      case "'":
        quote = character;
        break;
      case '{':
        open.push('}');
        break;
      case '[':
        open.push(']');
        break;
      case '(':
        open.push(')');
        break;
      case '}':
      case ']':
      case ')':
        if (open.pop() !== character) return undefined;
        break;
    }
    if (character.trim() !== '') last = character;
  }
  if (quote !== '' || last === ',' || last === ':') return undefined;
  return open.reverse().join('');
}
