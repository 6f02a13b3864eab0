/**
 * Reading the call an object body starts with, from its first code units while it streams in: the
 * name (`{"name": "…"`), an id written right after it, and where the arguments object starts when it
 * comes next (`leadingCall`); for `{ NAME: {arguments} }` bodies the first key (`leadingKey`). Pure
 * functions over a bounded prefix: `undefined` means the prefix ends before the answer is known.
 */

import { skipWhitespace } from '../../../internal/whitespace.js';

/** How much of a body's start is kept to find its name early (`{"name": "…"`). */
export const maxNamePrefix = 256;

/** What `leadingCall` reads from a body's start. */
export interface LeadingCall {
  readonly name: string;
  readonly id?: string;
  /** Where the arguments object starts in the body (its `{`), when it comes right after name and id. */
  readonly argumentsAt?: number;
}

/**
 * The name in `{"name": "…"` at the start of `text` (a bounded body prefix), with the end of its value:
 * the string when the first member is a name key with a complete string value (`null` value when it
 * is empty); `undefined` when the text ends before that is known; `null` when the body starts otherwise.
 */
function leadingNameValue(
  text: string,
  keys: readonly string[],
): { value: string | null; end: number } | null | undefined {
  let position = skipWhitespace(text, 0);
  if (position >= text.length) return undefined;
  if (text.charCodeAt(position) !== 0x7b /* { */) return null;
  const key = readJsonString(text, skipWhitespace(text, position + 1));
  if (!key) return key;
  if (!keys.includes(key.value)) return null;
  position = skipWhitespace(text, key.end);
  if (position >= text.length) return undefined;
  if (text.charCodeAt(position) !== 0x3a /* : */) return null;
  const value = readJsonString(text, skipWhitespace(text, position + 1));
  if (!value) return value;
  return { value: value.value === '' ? null : value.value, end: value.end };
}

/**
 * The call an object body starts with: its leading name (see `leadingNameValue`), the id when the
 * member right after the name is an id (`idKeys`) with a string value, and `argumentsAt`, where the
 * value of the next member starts when that member is an argument key with an object value (the `{`),
 * so its text can stream. `undefined` while `text` (the body's first code units) ends before that is
 * known; with `cut` (no more text will be looked at) the answer is what is known by then. `null`: the
 * body does not start with a name.
 */
export function leadingCall(
  text: string,
  nameKeys: readonly string[],
  idKeys: readonly string[],
  argumentKeys: readonly string[],
  cut: boolean,
): LeadingCall | null | undefined {
  const name = leadingNameValue(text, nameKeys);
  if (name === undefined) return cut ? null : undefined;
  if (name === null || name.value === null) return null;
  let id: string | undefined;
  const result = (argumentsAt?: number): LeadingCall => ({
    name: name.value as string,
    ...(id === undefined ? {} : { id }),
    ...(argumentsAt === undefined ? {} : { argumentsAt }),
  });
  const more = (): LeadingCall | undefined => (cut ? result() : undefined);
  let position = skipWhitespace(text, name.end);
  // At most two members after the name: an id, then the arguments.
  for (let member = 0; member < 2; member++) {
    if (position >= text.length) return more();
    if (text.charCodeAt(position) !== 0x2c /* , */) return result();
    const keyStart = skipWhitespace(text, position + 1);
    const wanted = member === 0 ? [...argumentKeys, ...idKeys] : argumentKeys;
    // No key is wanted any more (the announcement alone): the comma decides.
    if (wanted.length === 0) return result();
    const key = readJsonString(text, keyStart);
    if (key === undefined) {
      // A key that cannot become a wanted one is enough to know (`"argu…` is not an id key). Only its
      // literal start counts: from an escape on, any key is possible, however the text is chunked.
      const partial = text.slice(keyStart + 1);
      const backslash = partial.indexOf('\\');
      const literal = backslash < 0 ? partial : partial.slice(0, backslash);
      return wanted.some((each) => each.startsWith(literal)) ? more() : result();
    }
    if (key === null || !wanted.includes(key.value)) return result();
    position = skipWhitespace(text, key.end);
    if (position >= text.length) return more();
    if (text.charCodeAt(position) !== 0x3a /* : */) return result();
    position = skipWhitespace(text, position + 1);
    if (position >= text.length) return more();
    if (member === 0 && idKeys.includes(key.value)) {
      const value = readJsonString(text, position);
      if (value === undefined) return more();
      if (value === null) return result();
      if (value.value !== '') id = value.value;
      position = skipWhitespace(text, value.end);
      continue;
    }
    return text.charCodeAt(position) === 0x7b /* { */ ? result(position) : result();
  }
  return result();
}

/**
 * The first key of the object at the start of `text` (a bounded prefix of an array element) and where
 * its colon ends: `undefined` when the text ends before that is known, `null` when it starts otherwise.
 */
export function leadingKey(text: string): { name: string; end: number } | null | undefined {
  let position = skipWhitespace(text, 0);
  if (position >= text.length) return undefined;
  if (text.charCodeAt(position) !== 0x7b /* { */) return null;
  const key = readJsonString(text, skipWhitespace(text, position + 1));
  if (!key) return key;
  position = skipWhitespace(text, key.end);
  if (position >= text.length) return undefined;
  if (text.charCodeAt(position) !== 0x3a /* : */) return null;
  return { name: key.value, end: position + 1 };
}

/** The JSON string starting at `position`: its value and end, `undefined` if cut off, `null` if none. */
function readJsonString(text: string, position: number): { value: string; end: number } | null | undefined {
  if (position >= text.length) return undefined;
  if (text.charCodeAt(position) !== 0x22 /* " */) return null;
  let escaped = false;
  let index = position + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 0x22) break;
    if (code === 0x5c /* \ */) {
      escaped = true;
      index++;
    }
    index++;
  }
  if (index >= text.length) return undefined;
  const end = index + 1;
  if (!escaped) return { value: text.slice(position + 1, index), end };
  try {
    const value: unknown = JSON.parse(text.slice(position, end));
    return typeof value === 'string' ? { value, end } : null;
  } catch {
    return null;
  }
}
