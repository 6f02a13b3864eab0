/** Where one member of a JSON object text sits: its value's text, and the span that removes the member. */
export interface MemberSpan {
  /**
   * Offsets of the member's value text (`text.slice(valueStart, valueEnd)`): UTF-16 offsets in a string,
   * byte offsets in a buffer (`findTopLevelMemberBytes`).
   */
  readonly valueStart: number;
  readonly valueEnd: number;
  /** The span to cut so that the object text is left without the member (with one of its commas). */
  readonly cutStart: number;
  readonly cutEnd: number;
}

/**
 * Finds the first member of the top-level JSON object in `text` whose key is spelt exactly `key` (the
 * key's raw JSON text, quotes included: `'"tools"'`), without parsing any value: strings are skipped
 * with `indexOf` on quotes, containers by bracket depth. Returns `undefined` when the text is not an
 * object, has no such member, or is malformed before it (the caller then parses the whole text and
 * gets JSON.parse's own error). The values are not validated: the caller parses the text left after
 * the cut, and the value, with `JSON.parse`. Linear in `text.length`.
 *
 * `knownEnd(valueStart)` may give the end of the member's value without scanning it (a value text the
 * caller has seen before and compared in place), or -1; such a value must be followed by `,` or `}`.
 */
export function findTopLevelMember(
  text: string,
  key: string,
  knownEnd?: (valueStart: number) => number,
): MemberSpan | undefined {
  return findMember(new StringText(text), 0, key, knownEnd);
}

/**
 * `findTopLevelMember` over the UTF-8 bytes `bytes[start, end)` of a JSON text, without decoding them;
 * offsets are byte offsets into `bytes`. It finds the member the string version finds in the decoded
 * text, at the same characters: JSON's structure (quotes, backslashes, brackets, commas, white space)
 * is ASCII, and no byte of a UTF-8 multi-byte sequence is below 0x80, so bytes and characters agree on
 * every character the scan looks at, invalid sequences included (a decoder never joins one with the
 * ASCII byte after it).
 */
export function findTopLevelMemberBytes(
  bytes: Buffer,
  start: number,
  end: number,
  key: string,
  knownEnd?: (valueStart: number) => number,
): MemberSpan | undefined {
  return findMember(new ByteText(bytes, end), start, key, knownEnd);
}

/** The characters of a JSON text as the scan reads them; beyond the text `code` is -1 or NaN. */
interface ScanText {
  readonly end: number;
  code(index: number): number;
  /** The offset of the first `"` at or after `from`, or -1. */
  quote(from: number): number;
  /** Whether `key` (ASCII) is spelt at `at`. */
  spells(key: string, at: number): boolean;
}

class StringText implements ScanText {
  readonly end: number;
  constructor(private readonly text: string) {
    this.end = text.length;
  }
  code(index: number): number {
    return this.text.charCodeAt(index);
  }
  quote(from: number): number {
    return this.text.indexOf('"', from);
  }
  spells(key: string, at: number): boolean {
    return this.text.startsWith(key, at);
  }
}

class ByteText implements ScanText {
  constructor(
    private readonly bytes: Buffer,
    readonly end: number,
  ) {}
  code(index: number): number {
    return index < this.end ? (this.bytes[index] as number) : -1;
  }
  quote(from: number): number {
    // A loop, not Buffer#indexOf: the quotes of a line are a few bytes apart, closer than a call into
    // the binding is worth.
    const { bytes, end } = this;
    for (let index = from; index < end; index++) if (bytes[index] === 0x22) return index;
    return -1;
  }
  spells(key: string, at: number): boolean {
    if (at + key.length > this.end) return false;
    for (let index = 0; index < key.length; index++)
      if (this.bytes[at + index] !== key.charCodeAt(index)) return false;
    return true;
  }
}

function findMember(
  text: ScanText,
  start: number,
  key: string,
  knownEnd?: (valueStart: number) => number,
): MemberSpan | undefined {
  let index = skipWhitespace(text, start);
  if (text.code(index) !== 0x7b /* { */) return undefined;
  let separator = index;
  index++;
  for (;;) {
    const keyStart = skipWhitespace(text, index);
    if (text.code(keyStart) !== 0x22 /* " */) return undefined;
    const keyEnd = stringEnd(text, keyStart);
    if (keyEnd < 0) return undefined;
    const colon = skipWhitespace(text, keyEnd);
    if (text.code(colon) !== 0x3a /* : */) return undefined;
    const valueStart = skipWhitespace(text, colon + 1);
    const isKey = keyEnd - keyStart === key.length && text.spells(key, keyStart);
    let valueEnd = isKey && knownEnd ? knownEnd(valueStart) : -1;
    if (valueEnd >= 0) {
      const next = text.code(skipWhitespace(text, valueEnd));
      if (next !== 0x2c && next !== 0x7d) valueEnd = -1;
    }
    if (valueEnd < 0) valueEnd = valueEndAt(text, valueStart);
    if (valueEnd < 0) return undefined;
    const after = skipWhitespace(text, valueEnd);
    if (isKey) {
      if (text.code(separator) === 0x2c /* , */)
        return { valueStart, valueEnd, cutStart: separator, cutEnd: valueEnd };
      const cutEnd = text.code(after) === 0x2c ? after + 1 : valueEnd;
      return { valueStart, valueEnd, cutStart: keyStart, cutEnd };
    }
    if (text.code(after) !== 0x2c) return undefined;
    separator = after;
    index = after + 1;
  }
}

function skipWhitespace(text: ScanText, from: number): number {
  let index = from;
  for (;;) {
    const code = text.code(index);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return index;
    index++;
  }
}

/** The offset after the string that opens at `start`, or -1 when it never closes. */
function stringEnd(text: ScanText, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.quote(from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.code(quote - 1 - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The offset after the value that starts at `start`, or -1 when it does not end (or is empty). */
function valueEndAt(text: ScanText, start: number): number {
  const first = text.code(start);
  if (first === 0x22) return stringEnd(text, start);
  if (first === 0x7b || first === 0x5b /* [ */) {
    let depth = 0;
    let index = start;
    while (index < text.end) {
      const code = text.code(index);
      if (code === 0x22) {
        index = stringEnd(text, index);
        if (index < 0) return -1;
        continue;
      }
      if (code === 0x7b || code === 0x5b) depth++;
      else if (code === 0x7d || code === 0x5d) {
        depth--;
        if (depth === 0) return index + 1;
      }
      index++;
    }
    return -1;
  }
  let index = start;
  while (index < text.end) {
    const code = text.code(index);
    if (code === 0x2c || code === 0x7d || code === 0x5d || code <= 0x20) break;
    index++;
  }
  return index > start ? index : -1;
}
