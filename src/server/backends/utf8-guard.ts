/**
 * Keeps sampling to well-formed UTF-8. llama.cpp's grammar decodes a partial character loosely (the
 * lead byte's high bits give the length; continuation bytes and overlong or out-of-range forms are
 * not checked), so under a grammar a model that picks byte tokens can write bytes that are not UTF-8.
 * Before each token this says which tokens would break the encoding from where the output stands:
 * tokens whose bytes are not a valid continuation inside a character, and tokens that cannot start
 * one outside. Well-formedness rules: the Unicode Standard, Table 3-7.
 */
import { type GgufVocabulary, tokenBytes } from './token-bytes.js';

/**
 * Where the output stands in UTF-8: 0 between characters, else `need * 65536 + low * 256 + high`
 * (`need` bytes still to come, the next in `low..high`); -1 broken.
 */
type Utf8State = number;

const CLEAN = 0;
const BROKEN = -1;

function midState(need: number, low: number, high: number): Utf8State {
  return need * 65536 + low * 256 + high;
}

/** The state after `byte`, per Table 3-7 (well-formed UTF-8 byte sequences). */
function step(state: Utf8State, byte: number): Utf8State {
  if (state === CLEAN) {
    if (byte <= 0x7f) return CLEAN;
    if (byte >= 0xc2 && byte <= 0xdf) return midState(1, 0x80, 0xbf);
    if (byte === 0xe0) return midState(2, 0xa0, 0xbf);
    if (byte === 0xed) return midState(2, 0x80, 0x9f);
    if (byte >= 0xe1 && byte <= 0xef) return midState(2, 0x80, 0xbf);
    if (byte === 0xf0) return midState(3, 0x90, 0xbf);
    if (byte >= 0xf1 && byte <= 0xf3) return midState(3, 0x80, 0xbf);
    if (byte === 0xf4) return midState(3, 0x80, 0x8f);
    return BROKEN;
  }
  const need = Math.floor(state / 65536);
  const low = Math.floor(state / 256) % 256;
  const high = state % 256;
  if (byte < low || byte > high) return BROKEN;
  return need === 1 ? CLEAN : midState(need - 1, 0x80, 0xbf);
}

function advance(state: Utf8State, bytes: Uint8Array): Utf8State {
  let current = state;
  for (const byte of bytes) {
    current = step(current, byte);
    if (current === BROKEN) return BROKEN;
  }
  return current;
}

/** Follows one generation's tokens and says, before each, which tokens must not come next. */
export class Utf8Guard {
  private state: Utf8State = CLEAN;
  private readonly bytes: Uint8Array[];
  /** Tokens that are not whole characters (byte tokens, pieces of a character). */
  private readonly partial: number[] = [];
  private readonly forbidden = new Map<Utf8State, readonly number[]>();

  constructor(vocabulary: GgufVocabulary) {
    this.bytes = vocabulary.tokens.map((_, token) => tokenBytes(vocabulary, token));
    this.bytes.forEach((bytes, token) => {
      if (advance(CLEAN, bytes) !== CLEAN) this.partial.push(token);
    });
  }

  /** Tokens that would make the output ill-formed if sampled next (computed once per state). */
  forbiddenNext(): readonly number[] {
    let list = this.forbidden.get(this.state);
    if (list === undefined) {
      const state = this.state;
      const tokens: number[] = [];
      if (state === CLEAN) {
        for (const token of this.partial)
          if (advance(CLEAN, this.bytes[token] as Uint8Array) === BROKEN) tokens.push(token);
      } else {
        this.bytes.forEach((bytes, token) => {
          if (bytes.length > 0 && advance(state, bytes) === BROKEN) tokens.push(token);
        });
      }
      list = tokens;
      this.forbidden.set(state, list);
    }
    return list;
  }

  /** Reads the token sampled. */
  accept(token: number): void {
    const bytes = this.bytes[token];
    if (bytes !== undefined && this.state !== BROKEN) this.state = advance(this.state, bytes);
  }

  /** Back to the start of a character (a new generation). */
  reset(): void {
    this.state = CLEAN;
  }
}
