import { isJsonTokenCharacter } from '../internal/json-token-character.js';

// What the innermost open context expects next.
const expectValue = 0;
const expectKey = 1;
const expectColon = 2;
const afterValue = 3;

const strictNumber = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * Closes a truncated JSON prefix so that `JSON.parse` accepts it: for showing a preview of tool
 * arguments while they stream. One pass, linear time, never throws.
 *
 * The contract, for a prefix of valid JSON:
 * - An open string value is closed where the text stops (a cut-off escape such as `\` or `\u26` is
 *   dropped first).
 * - A cut-off `true` / `false` / `null` is completed (`tr` → `true`); a cut-off number loses its
 *   incomplete tail (`12.` → `12`, `1e-` → `1`).
 * - An object member that is not complete yet is left out: a cut-off key, a key without its colon
 *   or value, a value that cannot be completed (`-`). So are a dangling comma and colon.
 * - Every open array and object is closed, innermost first.
 * - A complete value comes back without whatever follows it; an empty or whitespace prefix gives
 *   `''` (there is nothing to preview).
 *
 * Each preview only ever gains members and characters as the prefix grows, except that a completed
 * literal or a dropped number tail can change when the real characters arrive. The input is assumed
 * to be a prefix of JSON; for malformed model text use `parseLenientJson`, whose `truncated`
 * repairs give the same kind of result. Offsets are UTF-16 code units.
 *
 * @example
 * healPartialJson('{"city": "Par');                   // → '{"city": "Par"}'
 * healPartialJson('{"a": [1, 2, {"b": tr');           // → '{"a": [1, 2, {"b": true}]}'
 * healPartialJson('{"a": 1, "unit": "C", "days": 1.'); // → '{"a": 1, "unit": "C", "days": 1}'
 * healPartialJson('{"a": 1, "un');                     // → '{"a": 1}'
 * healPartialJson('[{"x": "a\\u00');                   // → '[{"x": "a"}]'
 */
export function healPartialJson(prefix: string): string {
  const length = prefix.length;
  const stack: number[] = [];
  let expecting = expectValue;
  // Cutting the prefix here and closing the open containers gives valid JSON.
  let safeCut = 0;
  let index = 0;
  let stringStart = -1;
  let stringIsKey = false;
  let partialEscape = -1;
  let tokenStart = -1;
  let complete = false;
  while (index < length) {
    const code = prefix.charCodeAt(index);
    if (stringStart >= 0) {
      if (code === 0x5c) {
        const next = prefix.charCodeAt(index + 1);
        const width = next === 0x75 ? 6 : 2;
        if (index + width > length) {
          partialEscape = index;
          index = length;
          break;
        }
        index += width;
        continue;
      }
      index++;
      if (code === 0x22) {
        stringStart = -1;
        if (stringIsKey) {
          expecting = expectColon;
        } else {
          expecting = afterValue;
          safeCut = index;
          if (stack.length === 0) {
            complete = true;
            break;
          }
        }
      }
      continue;
    }
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) {
      index++;
    } else if (code === 0x7b || code === 0x5b) {
      stack.push(code);
      expecting = code === 0x7b ? expectKey : expectValue;
      index++;
      safeCut = index;
    } else if (code === 0x7d || code === 0x5d) {
      stack.pop();
      expecting = afterValue;
      index++;
      safeCut = index;
      if (stack.length === 0) {
        complete = true;
        break;
      }
    } else if (code === 0x2c) {
      expecting = stack[stack.length - 1] === 0x7b ? expectKey : expectValue;
      index++;
    } else if (code === 0x3a) {
      expecting = expectValue;
      index++;
    } else if (code === 0x22) {
      stringStart = index;
      stringIsKey = expecting === expectKey;
      index++;
    } else {
      tokenStart = index;
      while (index < length && isJsonTokenCharacter(prefix.charCodeAt(index))) index++;
      if (index === tokenStart) index++; // a stray character: skip it
      if (index >= length) break;
      tokenStart = -1;
      expecting = afterValue;
      safeCut = index;
      if (stack.length === 0) {
        complete = true;
        break;
      }
    }
  }
  if (complete) return prefix.slice(0, index);
  if (stringStart >= 0) {
    if (stringIsKey) return prefix.slice(0, safeCut) + closers(stack);
    return `${prefix.slice(0, partialEscape >= 0 ? partialEscape : length)}"${closers(stack)}`;
  }
  if (tokenStart >= 0) {
    const healed = healToken(prefix.slice(tokenStart));
    if (healed !== undefined) return prefix.slice(0, tokenStart) + healed + closers(stack);
    return prefix.slice(0, safeCut) + closers(stack);
  }
  if (expecting === afterValue) return prefix + closers(stack);
  return prefix.slice(0, safeCut) + closers(stack);
}

function closers(stack: number[]): string {
  let text = '';
  for (let index = stack.length - 1; index >= 0; index--) text += stack[index] === 0x7b ? '}' : ']';
  return text;
}

/** Completes a literal or number cut off at the end, or `undefined` when nothing valid is left. */
function healToken(token: string): string | undefined {
  for (const literal of ['true', 'false', 'null']) {
    if (literal.startsWith(token)) return literal;
  }
  let end = token.length;
  // A cut-off JSON number ends in at most two incomplete characters (`1.`, `1e+`), so three tries
  // suffice; the bound keeps a long run like `1eeee…` from costing a slice per character.
  for (let tries = 0; tries < 3 && end > 0; tries++) {
    const candidate = token.slice(0, end);
    if (strictNumber.test(candidate)) return candidate;
    const last = token.charCodeAt(end - 1);
    // Only an incomplete tail may go: `.`, `e`, `E`, `+`, `-`.
    if (last !== 0x2e && last !== 0x65 && last !== 0x45 && last !== 0x2b && last !== 0x2d) return undefined;
    end--;
  }
  return undefined;
}
