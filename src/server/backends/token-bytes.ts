/**
 * The bytes each token of a GGUF vocabulary stands for, and a strict UTF-8 decoder over them. A
 * model that samples byte tokens can produce bytes that are not UTF-8 (an overlong form, a stray
 * continuation byte, a cut sequence); llama.cpp's grammar does not always stop that (its partial-
 * character match), and decoding with replacement characters would hide it in a tool call's
 * arguments. So sampled text is decoded from these bytes with a fatal decoder instead.
 */

/** `tokenizer.ggml.model`, `tokenizer.ggml.tokens` and `tokenizer.ggml.token_type` of a GGUF file. */
export interface GgufVocabulary {
  readonly model: string;
  readonly tokens: readonly string[];
  readonly types: readonly number[];
}

/** llama.cpp's `LLAMA_TOKEN_TYPE_BYTE` (the `<0xNN>` byte-fallback tokens). */
const BYTE_TYPE = 6;
/** llama.cpp's `LLAMA_TOKEN_TYPE_NORMAL`. */
const NORMAL_TYPE = 1;
const encoder = new TextEncoder();

/**
 * GPT-2's `bytes_to_unicode` reversed: the character a byte-level BPE vocabulary writes for each
 * byte (printable Latin-1 stands for itself, the other bytes for U+0100 upwards, in byte order).
 */
function gpt2Bytes(): Map<number, number> {
  const map = new Map<number, number>();
  let next = 256;
  for (let byte = 0; byte < 256; byte++) {
    const printable = (byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || byte >= 0xae;
    map.set(printable ? byte : next++, byte);
  }
  return map;
}

let gpt2: Map<number, number> | undefined;

/**
 * The bytes of `token` as llama.cpp's `token_to_piece` writes them (special tokens rendered):
 * SentencePiece vocabularies (`llama`) write `▁` as a space and `<0xNN>` byte tokens as the byte;
 * byte-level BPE vocabularies (`gpt2`) map each character of a normal token back to its byte; other
 * tokens (control, user-defined) are their text as UTF-8.
 *
 * @throws RangeError for a token id outside the vocabulary.
 */
export function tokenBytes(vocabulary: GgufVocabulary, token: number): Uint8Array {
  const text = vocabulary.tokens[token];
  if (text === undefined) throw new RangeError(`token ${token} is not in the vocabulary`);
  const type = vocabulary.types[token] ?? NORMAL_TYPE;
  if (type === BYTE_TYPE && /^<0x[0-9A-Fa-f]{2}>$/.test(text))
    return Uint8Array.of(Number.parseInt(text.slice(3, 5), 16));
  if (type !== NORMAL_TYPE) return encoder.encode(text);
  if (vocabulary.model === 'gpt2') {
    gpt2 ??= gpt2Bytes();
    const bytes: number[] = [];
    for (const char of text) {
      const byte = gpt2.get(char.codePointAt(0) ?? 0);
      if (byte === undefined) return encoder.encode(text);
      bytes.push(byte);
    }
    return Uint8Array.from(bytes);
  }
  return encoder.encode(vocabulary.model === 'llama' ? text.replaceAll('\u2581', ' ') : text);
}

/** Sampled bytes that are not UTF-8, at byte `offset` of the generation. */
export class InvalidUtf8Error extends Error {
  readonly offset: number;

  constructor(offset: number, bytes: Uint8Array) {
    const shown = [...bytes].map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');
    super(`the model sampled bytes that are not UTF-8 at byte ${offset} of its output (${shown})`);
    this.name = 'InvalidUtf8Error';
    this.offset = offset;
  }
}

/**
 * Decodes a generation's tokens into text as they arrive, holding back an incomplete character until
 * its last byte comes. Never replaces: bytes that are not UTF-8 throw.
 */
export class StrictTokenDecoder {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private offset = 0;
  private readonly recent: number[] = [];

  constructor(private readonly vocabulary: GgufVocabulary) {}

  /**
   * The text `token` completes (possibly `''` while a character is incomplete).
   * @throws InvalidUtf8Error when the bytes so far are not UTF-8.
   */
  push(token: number): string {
    const bytes = tokenBytes(this.vocabulary, token);
    // The last few bytes, to show in the error (a UTF-8 sequence is at most 4 bytes).
    for (const byte of bytes) {
      this.recent.push(byte);
      if (this.recent.length > 4) this.recent.shift();
    }
    try {
      const text = this.decoder.decode(bytes, { stream: true });
      this.offset += bytes.length;
      return text;
    } catch {
      throw new InvalidUtf8Error(this.offset, Uint8Array.from(this.recent));
    }
  }

  /**
   * Ends the generation.
   * @throws InvalidUtf8Error when it ends inside a character.
   */
  end(): void {
    try {
      this.decoder.decode();
    } catch {
      throw new InvalidUtf8Error(this.offset, Uint8Array.from(this.recent));
    }
  }
}
