/**
 * Where a token ends in the `freeText` mode of the lenient engine (see `lenient-json-mode.ts`):
 * there a quote or a comma ends a value only when what follows is a delimiter of the value's place.
 * The rules follow BAML's `jsonish` fixing parser (coercion.md Table A rows 2, 23 and "Other parsing
 * behaviours"). Internal to src/json.
 */

/** Where a value stands: at the top of the text, as an object member's value, or as an array item. */
export type ValueContext = 0 | 1 | 2;
export const contextTop: ValueContext = 0;
export const contextMember: ValueContext = 1;
export const contextItem: ValueContext = 2;

const GAP = String.raw`(?:\s|//[^\n]*|/\*[\s\S]*?\*/)*`;
const KEY = String.raw`(?:"[^"\n]*"|'[^'\n]*'|[\w$][\w$\-. ]*)`;
const KEY_AHEAD = new RegExp(`${GAP}${KEY}\\s*:`, 'y');
const COMMA_STOPS = new RegExp(`${GAP}(?:${KEY}\\s*:|[}\\]]|$)`, 'y');
/** How far the two patterns above look, so scanning stays linear however long the text. */
const LOOKAHEAD = 256;

/**
 * Tests a sticky `pattern` at `from`, looking at most `LOOKAHEAD` characters ahead (a cut window ends
 * with a NUL sentinel so `$` cannot match at the cut).
 */
function lookahead(pattern: RegExp, text: string, from: number): boolean {
  const end = from + LOOKAHEAD;
  const window = end < text.length ? `${text.slice(from, end)}\u0000` : text.slice(from);
  pattern.lastIndex = 0;
  return pattern.test(window);
}

/** Whether a `key:`, a closer or the end follows a comma at `from - 1`: then the comma ends a member value. */
export function commaEndsMember(text: string, from: number): boolean {
  return lookahead(COMMA_STOPS, text, from);
}

/** Whether a `key:` starts the line at `from` (after blank space and comments). */
export function keyStartsAt(text: string, from: number): boolean {
  return lookahead(KEY_AHEAD, text, from);
}

function skipSpaceOnLine(text: string, index: number): number {
  let i = index;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d) break;
    i++;
  }
  return i;
}

/** Whether a number or word ending at `index` is followed by a delimiter of `context` (or the end). */
export function endsToken(text: string, index: number, context: ValueContext): boolean {
  const i = skipSpaceOnLine(text, index);
  if (i >= text.length) return true;
  const char = text[i] as string;
  if (context === contextTop) return char === '\n' || /^[\s,.;]*$/.test(text.slice(i, i + 64));
  if (char === ',' || char === '}' || char === ']' || char === '\n' || char === '#') return true;
  if (char === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) return true;
  // a missing comma before the next member: `{"a": 1 "b": 2}`
  return char === '"' || char === "'";
}

/** Whether a quote at `index - 1` closes its string: a delimiter of its place (or the end) follows. */
export function quoteCloses(text: string, index: number, context: ValueContext, isKey: boolean): boolean {
  const i = skipSpaceOnLine(text, index);
  if (i >= text.length) return true;
  const char = text[i];
  if (isKey) return char === ':' || char === '\n';
  if (context === contextTop) return true;
  // `"said "hi", and also"`: a comma closes the string only when a key, a closer or the end follows
  if (char === ',' && context === contextMember) return commaEndsMember(text, i + 1);
  if (char === ',' || char === '}' || char === ']' || char === '\n' || char === ':') return true;
  if (char === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) return true;
  return char === '#' || char === '+';
}

/**
 * Whether a string body `text[start, end)` that starts with `{` or `[` has its brackets balanced: a
 * quote inside an unbalanced JSON-looking body (`"[\"bar\"]"` written without escapes) does not close it.
 */
export function bracketsBalanced(text: string, start: number, end: number): boolean {
  const first = text[start];
  if (first !== '{' && first !== '[') return true;
  let next = end + 1;
  while (text[next] === ' ' || text[next] === '\t') next++;
  const follower = text[next];
  if (follower !== ']' && follower !== '}' && follower !== ':') return true;
  let depth = 0;
  for (let i = start; i < end; i++) {
    const char = text[i];
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
  }
  return depth <= 0;
}

/**
 * The end of an unquoted value starting at `start` in `context`: nested brackets are skipped, a
 * comma ends it (for a member value only when `commaLookahead` and a key or closer follows), a line
 * break ends a member value when a key, a closer or the end follows, and ` //` or ` /*` ends it.
 */
export function unquotedEnd(
  text: string,
  start: number,
  context: ValueContext,
  commaLookahead: boolean,
): number {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const char = text[i];
    if (char === '{' || char === '[') depth++;
    else if ((char === '}' || char === ']') && depth > 0) depth--;
    else if (char === '}' || char === ']') break;
    else if (depth === 0 && char === ',') {
      if (context === contextItem || !commaLookahead) break;
      if (commaEndsMember(text, i + 1)) break;
    } else if (depth === 0 && char === '\n' && context === contextMember) {
      if (!commaLookahead || keyStartsAt(text, i + 1)) break;
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j] as string)) j++;
      if (text[j] === '}' || j >= text.length) break;
    } else if (
      depth === 0 &&
      char === '/' &&
      (text[i + 1] === '/' || text[i + 1] === '*') &&
      text[i - 1] === ' '
    ) {
      break;
    }
    i++;
  }
  return i;
}

const SEPARATED_AT = /[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?/y;
const NUMBER_AT = /[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;

/** The length of a number with US thousands separators (`-2,000.00`) at `start`, or 0. */
export function separatedNumberLength(text: string, start: number): number {
  SEPARATED_AT.lastIndex = start;
  const match = SEPARATED_AT.exec(text);
  return match ? match[0].length : 0;
}

/** The length of a plain number (`+1`, `.5`, `2.`, `1e3`) at `start`, or 0. */
export function numberLength(text: string, start: number): number {
  NUMBER_AT.lastIndex = start;
  const match = NUMBER_AT.exec(text);
  return match ? match[0].length : 0;
}
