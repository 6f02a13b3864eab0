// Scanner states.
const stateBefore = 0; // skipping whitespace before the value
const stateContainer = 1; // inside an object or array, outside strings
const stateString = 2; // inside a double-quoted string
const stateBare = 3; // inside a top-level number or literal
const stateDone = 4;

/**
 * Incremental scanner that finds where one JSON value ends, for streaming parsers that must know
 * when a tool call's JSON is complete. It tracks only nesting depth, whether it is inside a string,
 * and whether the previous character was a backslash, so each character is looked at once: total
 * time is linear over all pushes and nothing pushed is kept or copied.
 *
 * What it accepts and how it decides:
 * - Leading whitespace (space, tab, CR, LF, BOM) is skipped. Stray `}` `]` `,` `:` before the value
 *   are skipped too, as noise that cannot start a value.
 * - An object or array ends at the bracket that brings the depth back to 0. Brackets are counted,
 *   not matched: `{]` closes like `{}`. Brackets inside double-quoted strings do not count, and
 *   `\"` inside a string does not end it.
 * - A top-level string ends at its closing quote.
 * - Anything else starts a bare value (a number, `true`, `false`, `null`, or a lenient word). It
 *   ends at the first character that cannot continue it (anything but letters, digits, `+ - . _ $`),
 *   so it completes only when a following character arrives: `push('12')` returns -1 and
 *   `push(',')` then returns 0. At the end of input call {@link JsonScanner.finish}.
 * - Only `"` strings are recognised; in lenient JSON with `'…'` strings a bracket inside such a string
 *   is counted. The scanner does not validate: use `parseLenientJson` on the located text.
 * - Once done, further pushes are ignored and return -1 until {@link JsonScanner.reset}.
 *
 * @example
 * const scanner = new JsonScanner();
 * scanner.push('{"a": "}'); // -1, depth 1 (the } is inside a string)
 * scanner.push('"} tail');  // 2: the value ends just before " tail"
 */
export class JsonScanner {
  private state = stateBefore;
  private nesting = 0;
  private escaped = false;

  /** Whether the value is complete. */
  get done(): boolean {
    return this.state === stateDone;
  }

  /** Whether the scanner is inside a double-quoted string (a marker found there is data). */
  get inString(): boolean {
    return this.state === stateString;
  }

  /**
   * Whether the scanner is inside a string with no escape begun: then a text with no `"` but escaped
   * ones and no `\` at its end stays in the string, and `skipPlain` reads it without looking at it.
   */
  get inPlainString(): boolean {
    return this.state === stateString && !this.escaped;
  }

  /**
   * Reads `length` characters inside a string (`inPlainString`) that the caller checked stay in it
   * with no escape left open (every `"` escaped, every `\` followed by its character): what
   * `skipString` does with them, without the loop.
   */
  skipPlain(length: number): void {
    this.scanned += length;
  }

  /** Current nesting depth of objects and arrays (0 before and after the value). */
  get depth(): number {
    return this.nesting;
  }

  /**
   * Scans the next chunk. Returns the index within this chunk just after the value's last
   * character when the value completed in this chunk (0 when a bare value was ended by this chunk's
   * first character), else -1. O(chunk length); never throws.
   */
  push(chunk: string): number {
    return this.scan(chunk, 0, chunk.length);
  }

  /**
   * Marks the end of input. A bare top-level value in progress (`123`, `true`) is complete at that
   * point. Returns whether the value is complete.
   */
  finish(): boolean {
    if (this.state === stateBare) this.state = stateDone;
    return this.state === stateDone;
  }

  /** Forgets everything, ready to scan a new value. */
  reset(): void {
    this.state = stateBefore;
    this.nesting = 0;
    this.escaped = false;
    this.scanned = 0;
    this.commas = 0;
    this.lastComma = -1;
    this.array = false;
    if (this.elementCommas.length > 0) this.elementCommas = [];
  }

  /**
   * Top-level structure seen so far, for a container value: how many commas at nesting depth 1 (outside
   * strings) separate its members or elements, and the offset of the last one, counted in code units
   * from the first character scanned after `reset()`. Lets a parser cut a two-member object into its
   * members without scanning it again.
   */
  get topLevelCommas(): { readonly count: number; readonly last: number } {
    return { count: this.commas, last: this.lastComma };
  }

  /**
   * The offset of every comma at nesting depth 1 of an array value (counted as `topLevelCommas.last`),
   * once the array is complete (`done`); `undefined` for any other value or before it ends. For a
   * valid JSON array they separate its elements, so a parser can find each element's text without
   * scanning it again. Not a copy: do not change it.
   */
  get arrayCommas(): readonly number[] | undefined {
    return this.array && this.state === stateDone ? this.elementCommas : undefined;
  }

  private scanned = 0;
  private commas = 0;
  private lastComma = -1;
  /** Whether the value is an array (its first character was `[`). */
  private array = false;
  private elementCommas: number[] = [];

  /**
   * Inside a string: consumes the string's characters of `text` from `from` (escapes included) and
   * returns the index of its closing quote, which is left for `scan`, or `to` when the string goes on
   * past `to`. Outside a string: returns `from`. For streaming parsers, to which a marker inside a JSON
   * string is data: a chunk that stays inside one string needs no marker search at all.
   */
  skipString(text: string, from: number, to: number): number {
    if (this.state !== stateString) return from;
    const end = this.skipStringTo(text, from, to);
    this.scanned += end - from;
    return end;
  }

  private skipStringTo(text: string, from: number, to: number): number {
    let index = from;
    if (this.escaped) {
      if (index >= to) return index;
      this.escaped = false;
      index++;
    }
    while (index < to) {
      const code = text.charCodeAt(index);
      if (code === 0x22) return index;
      if (code === 0x5c) {
        if (index + 1 === to) {
          this.escaped = true;
          return to;
        }
        index += 2;
      } else index++;
    }
    return to;
  }

  /**
   * Scans `text` from `from` to `to`, continuing from the current state. Returns the index in
   * `text` just after the value's last character, or -1. Shared by `push` and `scanJsonValueEnd`.
   */
  scan(text: string, from: number, to: number): number {
    let state = this.state;
    if (state === stateDone) return -1;
    let nesting = this.nesting;
    let escaped = this.escaped;
    let index = from;
    let result = -1;
    scanning: while (index < to) {
      const code = text.charCodeAt(index);
      switch (state) {
        case stateBefore:
          if (code === 0x7b || code === 0x5b) {
            nesting = 1;
            state = stateContainer;
            this.array = code === 0x5b;
          } else if (code === 0x22) {
            state = stateString;
          } else if (!isSkippedBeforeValue(code)) {
            state = stateBare;
          }
          index++;
          break;
        case stateContainer:
          if (code === 0x22) {
            state = stateString;
          } else if (code === 0x7b || code === 0x5b) {
            nesting++;
          } else if (code === 0x7d || code === 0x5d) {
            nesting--;
            if (nesting === 0) {
              state = stateDone;
              result = index + 1;
              break scanning;
            }
          } else if (code === 0x2c && nesting === 1) {
            this.commas++;
            this.lastComma = this.scanned + (index - from);
            if (this.array) this.elementCommas.push(this.lastComma);
          }
          index++;
          break;
        case stateString:
          if (escaped) {
            escaped = false;
          } else if (code !== 0x5c && code !== 0x22) {
            // Ordinary string characters (most of a big argument): skipped in a tight loop.
            index++;
            while (index < to) {
              const next = text.charCodeAt(index);
              if (next === 0x5c || next === 0x22) break;
              index++;
            }
            continue;
          } else if (code === 0x5c) {
            escaped = true;
          } else {
            if (nesting === 0) {
              state = stateDone;
              result = index + 1;
              break scanning;
            }
            state = stateContainer;
          }
          index++;
          break;
        default:
          // stateBare
          if (!isBareCharacter(code)) {
            state = stateDone;
            result = index;
            break scanning;
          }
          index++;
      }
    }
    this.state = state;
    this.nesting = nesting;
    this.escaped = escaped;
    this.scanned += (result >= 0 ? result : index) - from;
    return result;
  }
}

/** Options for {@link scanJsonValueEnd}. */
export interface ScanJsonValueEndOptions {
  /**
   * The text ends here for good, so a bare value running to the end of `text` (`123`, `true`) is
   * complete. Default false: more text could still continue it, and the result is -1.
   */
  endOfInput?: boolean;
}

/**
 * Where the JSON value that starts at `start` (after whitespace) ends in a whole string: the index
 * just after its last character, or -1 if it is not complete within `text`. Same rules as
 * {@link JsonScanner}; linear in the scanned length, no copying; never throws (a `start` outside
 * the text gives -1).
 *
 * @example
 * scanJsonValueEnd('<tool_call>{"a": "}"}</tool_call>', 11) // → 21
 */
export function scanJsonValueEnd(text: string, start: number, options?: ScanJsonValueEndOptions): number {
  if (!(start >= 0) || start > text.length) return -1;
  const scanner = new JsonScanner();
  const end = scanner.scan(text, start, text.length);
  if (end >= 0) return end;
  if (options?.endOfInput === true && scanner.finish()) return text.length;
  return -1;
}

function isSkippedBeforeValue(code: number): boolean {
  return (
    code === 0x20 ||
    code === 0x0a ||
    code === 0x0d ||
    code === 0x09 ||
    code === 0xfeff ||
    code === 0x7d ||
    code === 0x5d ||
    code === 0x2c ||
    code === 0x3a
  );
}

function isBareCharacter(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    code === 0x2b ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x24
  );
}
