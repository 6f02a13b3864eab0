import { isJsonTokenCharacter } from '../../internal/json-token-character.js';
import type { SchemaAlignment } from '../../schema/schema-alignment.js';
import type { JSONSchema } from '../../types/json-schema.js';
import { argumentJson } from './argument-json.js';

// Where the streamer is in the model's argument text (top level of the arguments object only).
const beforeRoot = 0; // before the opening `{`
const expectKey = 1; // after `{` or `,`: a key string, `}` or more commas
const inKey = 2; // inside a key string (captured)
const expectColon = 3;
const expectValue = 4;
const inVerbatim = 5; // inside a string value that is passed through
const inHeld = 6; // inside a value that is skipped (emitted from the final arguments at the end)
const afterValue = 7;
const done = 8; // the root object closed: nothing more is read
const heldAll = 9; // not an object, or syntax the streamer does not follow: the rest comes at the end

// What a held value reads next, outside its strings (see `ArgumentStreamer.skipHeld`).
const heldValue = 0; // a value
const heldValueOrClose = 1; // a value or `]` (after `[`)
const heldKey = 2; // a key (after `,` in an object)
const heldKeyOrClose = 3; // a key or `}` (after `{`)
const heldColon = 4;
const heldAfter = 5; // `,` or the closer of the innermost container
const heldBare = 6; // inside a number or literal

/**
 * Turns the model's own argument JSON text, streamed piece by piece, into `tool-input-delta` text that
 * is, once the call ends, exactly a JSON text of the call's final ALIGNED arguments (the guarantee of
 * issue 5: a client can `JSON.parse` the deltas and get the `tool-call` input).
 *
 * While the call streams, the top-level members whose value is a string and whose property schema
 * keeps any string as it is (`{"type": "string"}` with or without constraints, no schema, `{}`) pass
 * through verbatim, piece by piece, so a client sees the long values (file contents, code) early. Raw
 * control characters in them are escaped as JSON requires (the lenient decoder keeps them). Every
 * other member (numbers, booleans, containers, enum values, strings where the schema wants another
 * type, keys the schema does not declare) is skipped and written at the end from the aligned
 * arguments (`end`), where it wins over nothing: an object's later duplicate key overrides an earlier
 * one in `JSON.parse`. A member whose verbatim text turned out not to decode to its final value (an
 * invalid escape, a string cut off, a key given twice) is written again at the end for the same
 * reason. Text the streamer does not follow (no `{` first, unquoted keys, comments) stops the pass-
 * through; the rest of the members then come at the end.
 *
 * Work per piece is proportional to the piece; memory holds the current key and the names of the
 * members passed through, never the text.
 */
export class ArgumentStreamer {
  private state = beforeRoot;
  /** The property schemas of a root `object` schema; `undefined` when every key is free (no schema). */
  private readonly properties: Map<string, boolean> | undefined;
  private key = '';
  private keyEscaped = false;
  private escapePending = '';
  /** The open verbatim member will not decode to its final value: it is written again at the end. */
  private memberDirty = false;
  /**
   * Members whose last occurrence passed through whole, with a hash of the value sent (decoded):
   * at the end each is checked against the final value (the lenient decoder may have read the string
   * otherwise: `"Beijing" <` is one string to it), and written again when it differs.
   */
  private readonly clean = new Map<string, number>();
  /** FNV-1a hash of the open verbatim member's value text sent so far. */
  private valueHash = fnvOffset;
  /** A `{` has been emitted. */
  private opened = false;
  /** A member has been emitted (the next one needs a comma). */
  private written = false;
  // inHeld: the containers open in the held value (`{` and `[`, innermost last), what comes next
  // there (see `heldValue` ...), and the string state. The held value is read as strict JSON: text the
  // lenient decoder may read otherwise (`{"a": [{"{"}], "b": "x"}` makes `b` no top-level member of
  // its arguments) ends the pass-through (`heldAll`), so no member after it is sent before the end.
  private readonly heldOpen: number[] = [];
  private heldNext = heldValue;
  private heldString = false;
  private heldKey = false;
  private heldEscaped = false;
  /**
   * `{` and `[` the open held string opened and did not close (as the lenient decoder counts them),
   * and, once it ended, whether a `}` / `]` right after it may not close its container: in text that
   * is not strict JSON the decoder reads a quote before the closer of a bracket the string opened as
   * the string's own when a quote comes later (`{"a": {"b": "{x"}, "c": "y",}` has `a.b` `{x"}` and
   * `a.c` `y`, no top-level `c`), so there the pass-through ends.
   */
  private heldBraces = 0;
  private heldBrackets = 0;
  private heldAfterBrace = false;
  private heldAfterBracket = false;

  /**
   * @param schema the tool's parameters schema (`undefined`: no alignment, every string member passes
   *   through).
   * @param align the schema alignment (`FormatOptions.align`; `undefined`: no alignment, as without a
   *   schema).
   */
  constructor(schema: JSONSchema | undefined, align: SchemaAlignment | undefined) {
    if (schema === undefined || align === undefined) {
      this.properties = undefined;
      return;
    }
    const root = align.root(schema);
    const options = root.options(schema);
    const only = options.length === 1 ? options[0] : undefined;
    if (only?.kind === 'any') {
      this.properties = undefined;
    } else if (only?.kind === 'object') {
      // A declared property passes strings through when its schema keeps any string as it is.
      this.properties = new Map(
        only.properties.map(([name, propertySchema]) => {
          const property = root.options(propertySchema);
          const kind = property.length === 1 ? property[0]?.kind : undefined;
          return [name, kind === 'string' || kind === 'any' || kind === 'unknown'];
        }),
      );
    } else {
      // A union or non-object root: alignment may reshape anything; all of it comes at the end.
      this.properties = new Map();
      this.state = heldAll;
    }
  }

  /** The delta text for the next piece of the model's argument text (`''` when nothing to send yet). */
  push(piece: string): string {
    let out = '';
    const length = piece.length;
    let index = 0;
    if (this.state === inVerbatim && this.escapePending === '') {
      // The common streamed piece: inside a passed-through string, nothing to escape. Plain text up to
      // the first character that needs a look is passed on as it is; the loop below goes on from there.
      // The value hash is taken in the same pass (see `clean`).
      let hash = this.valueHash;
      while (index < length) {
        const code = piece.charCodeAt(index);
        if (code === 0x22 || code === 0x5c || code < 0x20) break;
        hash = Math.imul(hash ^ code, fnvPrime);
        index++;
      }
      this.valueHash = hash;
      if (index === length) return piece;
      out = piece.slice(0, index);
    }
    while (index < length) {
      switch (this.state) {
        case inVerbatim: {
          if (this.escapePending !== '') {
            if (this.escapePending.length > 1 && !isHex(piece.charCodeAt(index))) {
              // A `\u` escape cut short (`"\u12"`): the lenient decoder keeps its letters and drops
              // the backslash; the character that broke it is read as usual (it may end the string).
              out += this.escapePending.slice(1);
              this.escapePending = '';
              this.memberDirty = true;
              break;
            }
            out += this.escape(piece.charAt(index));
            index++;
            break;
          }
          // The hot loop: most of a big call's bytes are here.
          const start = index;
          let code = 0;
          let hash = this.valueHash;
          while (index < length) {
            code = piece.charCodeAt(index);
            if (code === 0x22 || code === 0x5c || code < 0x20) break;
            hash = Math.imul(hash ^ code, fnvPrime);
            index++;
          }
          this.valueHash = hash;
          if (index > start) out += start === 0 && index === length ? piece : piece.slice(start, index);
          if (index === length) break;
          index++;
          if (code === 0x22) {
            out += '"';
            if (!this.memberDirty) this.clean.set(this.key, this.valueHash);
            this.state = afterValue;
          } else if (code === 0x5c) this.escapePending = '\\';
          else {
            out += controlEscape(code);
            this.valueHash = Math.imul(this.valueHash ^ code, fnvPrime);
          }
          break;
        }
        case inHeld:
          index = this.skipHeld(piece, index);
          break;
        case done:
        case heldAll:
          return out;
        default:
          out += this.structure(piece.charCodeAt(index), piece.charAt(index));
          index++;
      }
    }
    return out;
  }

  /**
   * `push(piece)` for a piece that the caller's JSON scanner is reading inside a string with no escape
   * begun, when that piece stays in the string and holds nothing `push` would have to change or hold:
   * no `"` but an escaped one, every `\` with its character in the piece (in a passed-through string:
   * one of JSON's two-character escapes, and no control character). Returns `'delta'` when the piece
   * is its own delta (inside a passed-through string), `'quiet'` when it sends nothing (inside a
   * string of a held value), having read it as `push` would; `undefined`, having read nothing, for
   * any other piece or state (then `push` reads it).
   */
  plain(piece: string): 'delta' | 'quiet' | undefined {
    const length = piece.length;
    if (this.state === inVerbatim) {
      if (this.escapePending !== '') return undefined;
      let hash = this.valueHash;
      for (let index = 0; index < length; index++) {
        let code = piece.charCodeAt(index);
        if (code === 0x5c) {
          // A whole two-character escape: sent as it is, its character hashed (see `escape`).
          const decoded = index + 1 < length ? shortEscapes.indexOf(piece.charAt(index + 1)) : -1;
          if (decoded < 0) return undefined;
          code = shortEscaped.charCodeAt(decoded);
          index++;
        } else if (code === 0x22 || code < 0x20) return undefined;
        hash = Math.imul(hash ^ code, fnvPrime);
      }
      this.valueHash = hash;
      return 'delta';
    }
    if (this.state !== inHeld || !this.heldString || this.heldEscaped) return undefined;
    for (let index = 0; index < length; index++) {
      const code = piece.charCodeAt(index);
      // A bracket is counted by `skipHeld` (see `heldBraces`).
      if (code === 0x22 || code === 0x7b || code === 0x7d || code === 0x5b || code === 0x5d) return undefined;
      if (code === 0x5c) {
        if (index + 1 === length) return undefined;
        index++;
      }
    }
    return 'quiet';
  }

  /**
   * The last delta: closes what is open and writes every member of `input` (the final aligned
   * arguments) that did not pass through whole, then the closing `}`; with nothing sent before, the
   * whole `JSON.stringify(input)`.
   */
  end(input: Record<string, unknown>): string {
    let out = '';
    if (this.state === inVerbatim) {
      // Cut off inside the string: close it; the member is written again from `input`.
      this.escapePending = '';
      out += '"';
      this.clean.delete(this.key);
    }
    if (!this.opened) return argumentJson(input);
    let written = this.written;
    for (const key of Object.keys(input)) {
      const hash = this.clean.get(key);
      const value = input[key];
      // A member that passed through is kept when the final value is what was sent (else it comes again).
      if (hash !== undefined && typeof value === 'string' && hash === fnv(value)) continue;
      out += `${written ? ',' : ''}${JSON.stringify(key)}:${argumentJson(input[key])}`;
      written = true;
    }
    return `${out}}`;
  }

  /** One character of the structure around members. */
  private structure(code: number, char: string): string {
    // Whitespace between tokens is dropped; inside a key it is part of the key (`" a"` is not `"a"`).
    if ((code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) && this.state !== inKey) return '';
    switch (this.state) {
      case beforeRoot:
        this.state = code === 0x7b ? expectKey : heldAll;
        return '';
      case expectKey:
        if (code === 0x22) {
          this.state = inKey;
          this.key = '';
          this.keyEscaped = false;
        } else if (code === 0x7d) this.state = done;
        else if (code !== 0x2c) this.state = heldAll;
        return '';
      case inKey:
        if (this.keyEscaped) {
          this.keyEscaped = false;
          this.key += char;
        } else if (code === 0x5c) {
          this.keyEscaped = true;
          this.key += char;
        } else if (code === 0x22) {
          this.state = expectColon;
          if (this.key.includes('\\')) {
            try {
              this.key = JSON.parse(`"${this.key}"`) as string;
            } catch {
              this.state = heldAll;
            }
          }
        } else this.key += char;
        return '';
      case expectColon:
        this.state = code === 0x3a ? expectValue : heldAll;
        return '';
      case expectValue: {
        // A later occurrence of the key decides its value.
        this.clean.delete(this.key);
        if (code === 0x22 && this.passesThrough(this.key)) {
          this.state = inVerbatim;
          this.memberDirty = false;
          this.valueHash = fnvOffset;
          const open = this.written ? ',' : this.opened ? '' : '{';
          this.opened = true;
          this.written = true;
          return `${open}${JSON.stringify(this.key)}:"`;
        }
        this.state = inHeld;
        this.heldOpen.length = 0;
        this.heldNext = heldValue;
        this.heldString = false;
        this.heldKey = false;
        this.heldEscaped = false;
        // The value's first character is read as the held value's own.
        this.skipHeld(char, 0);
        if (!this.opened) {
          // The members held back come at the end, after `{`.
          this.opened = true;
          return '{';
        }
        return '';
      }
      case afterValue:
        if (code === 0x2c) this.state = expectKey;
        else this.state = code === 0x7d ? done : heldAll;
        return '';
      default:
        return '';
    }
  }

  private passesThrough(key: string): boolean {
    return this.properties === undefined || this.properties.get(key) === true;
  }

  /**
   * Skips a held value (any JSON value) from `index`, reading it as strict JSON (see `heldOpen`);
   * returns where reading goes on.
   */
  private skipHeld(piece: string, index: number): number {
    const length = piece.length;
    let next = this.heldNext;
    let inString = this.heldString;
    let escaped = this.heldEscaped;
    for (; index < length; index++) {
      const code = piece.charCodeAt(index);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === 0x5c) {
          escaped = true;
          continue;
        } else if (code === 0x22) {
          inString = false;
          this.heldAfterBrace = this.heldBraces > 0;
          this.heldAfterBracket = this.heldBrackets > 0;
          next = this.heldKey ? heldColon : heldAfter;
          if (!this.heldKey && this.heldOpen.length === 0) {
            // A held string member ends here.
            index++;
            this.state = afterValue;
            break;
          }
          continue;
        }
        // Every code unit of the string counts, escaped ones too, as the lenient decoder counts them.
        if (code === 0x7b) this.heldBraces++;
        else if (code === 0x7d) {
          if (this.heldBraces > 0) this.heldBraces--;
        } else if (code === 0x5b) this.heldBrackets++;
        else if (code === 0x5d && this.heldBrackets > 0) this.heldBrackets--;
        continue;
      }
      if (next === heldBare) {
        if (isJsonTokenCharacter(code)) continue;
        next = heldAfter;
      }
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
      // A stack of codes, not a string: closing a deep nesting costs no copy.
      const open = this.heldOpen;
      const inner = open[open.length - 1];
      const afterBrace = this.heldAfterBrace;
      const afterBracket = this.heldAfterBracket;
      this.heldAfterBrace = false;
      this.heldAfterBracket = false;
      if (next === heldAfter) {
        if ((code === 0x7d && afterBrace) || (code === 0x5d && afterBracket)) {
          // A string that opened this kind of bracket, then its closer: see `heldBraces`.
          this.state = heldAll;
          break;
        }
        if (open.length === 0) {
          // After a bare member: the comma, or the closer of the root object (`{"a": 1}`).
          if (code === 0x2c) this.state = expectKey;
          else this.state = code === 0x7d ? done : heldAll;
          index++;
          break;
        }
        if (code === 0x2c) next = inner === 0x7b ? heldKey : heldValue;
        else if (code === (inner === 0x7b ? 0x7d : 0x5d)) {
          open.pop();
          if (open.length === 0) {
            index++;
            this.state = afterValue;
            break;
          }
        } else {
          this.state = heldAll;
          break;
        }
      } else if (next === heldColon) {
        if (code !== 0x3a) {
          this.state = heldAll;
          break;
        }
        next = heldValue;
      } else if (code === 0x22) {
        inString = true;
        this.heldKey = next === heldKey || next === heldKeyOrClose;
        this.heldBraces = 0;
        this.heldBrackets = 0;
      } else if ((next === heldKeyOrClose && code === 0x7d) || (next === heldValueOrClose && code === 0x5d)) {
        // An empty container closes.
        open.pop();
        if (open.length === 0) {
          index++;
          this.state = afterValue;
          break;
        }
        next = heldAfter;
      } else if (next === heldKey || next === heldKeyOrClose) {
        this.state = heldAll;
        break;
      } else if (code === 0x7b || code === 0x5b) {
        open.push(code);
        next = code === 0x7b ? heldKeyOrClose : heldValueOrClose;
      } else if (isJsonTokenCharacter(code)) {
        next = heldBare;
      } else {
        this.state = heldAll;
        break;
      }
    }
    this.heldNext = next;
    this.heldString = inString;
    this.heldEscaped = escaped;
    return index;
  }

  /** The next character of an escape sequence inside a verbatim string. */
  private escape(char: string): string {
    const pending = this.escapePending + char;
    if (pending.length === 2) {
      if (char === 'u') {
        this.escapePending = pending;
        return '';
      }
      this.escapePending = '';
      const decoded = shortEscapes.indexOf(char);
      if (decoded >= 0) {
        this.valueHash = Math.imul(this.valueHash ^ shortEscaped.charCodeAt(decoded), fnvPrime);
        return pending;
      }
      // An escape JSON does not have: the lenient decoder drops the backslash, so does this text; the
      // member is still written again at the end, in case the decoder read it otherwise.
      this.memberDirty = true;
      return controlSafe(char);
    }
    // A hex digit of a `\u` escape (`push` handles a character that is not one).
    if (pending.length < 6) {
      this.escapePending = pending;
      return '';
    }
    this.escapePending = '';
    this.valueHash = Math.imul(this.valueHash ^ Number.parseInt(pending.slice(2), 16), fnvPrime);
    return pending;
  }
}

/** The letters of JSON's two-character escapes, and the character each stands for (same order). */
const shortEscapes = '"\\/bfnrt';
const shortEscaped = '"\\/\b\f\n\r\t';

// 32-bit FNV-1a over a value's UTF-16 code units: `push` folds each decoded code unit it sends into
// `valueHash` (`hash = imul(hash ^ unit, fnvPrime)`, in the scanning loop itself); `end` hashes the
// final value the same way.
const fnvOffset = 0x811c9dc5 | 0;
const fnvPrime = 0x01000193;

/** FNV-1a of `text` from `fnvOffset`, as `push` accumulates it. */
function fnv(text: string): number {
  let hash = fnvOffset;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), fnvPrime);
  return hash;
}

function controlEscape(code: number): string {
  switch (code) {
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    case 0x08:
      return '\\b';
    case 0x0c:
      return '\\f';
    default:
      return `\\u${code.toString(16).padStart(4, '0')}`;
  }
}

function controlSafe(char: string): string {
  const code = char.charCodeAt(0);
  if (code === 0x22) return '\\"';
  if (code === 0x5c) return '\\\\';
  return code < 0x20 ? controlEscape(code) : char;
}

/** A hexadecimal digit's code unit. */
function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}
