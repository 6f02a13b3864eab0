// Checks a GGUF file's structure, and the few metadata values a model needs, before llama.cpp reads it.

import { clipText } from '../http/clip-text.js';

/** Reads `length` bytes at `position` of the file (fewer only at its end). */
export type ReadAt = (position: number, length: number) => Promise<Uint8Array>;

/** GGML_MAX_DIMS: a tensor has at most four dimensions. */
const MAX_DIMS = 4;
/** How deep metadata arrays may nest (arrays of arrays); real files use one level. */
const MAX_ARRAY_DEPTH = 4;
/** The largest ggml tensor type id accepted (ggml's enum ends below it; ids grow as types are added). */
const MAX_TENSOR_TYPE = 63;
/** ggml's TENSOR_ALIGNMENT: the byte alignment its CPU backend asserts tensor data has. */
const TENSOR_ALIGNMENT = 32;
/** How many bytes one read of the file fetches. */
const WINDOW = 1 << 20;

/** Byte size of each fixed-size metadata value type (GGUF `gguf_metadata_value_type`). */
const FIXED_SIZES: Readonly<Record<number, number>> = {
  0: 1, // uint8
  1: 1, // int8
  2: 2, // uint16
  3: 2, // int16
  4: 4, // uint32
  5: 4, // int32
  6: 4, // float32
  7: 1, // bool
  10: 8, // uint64
  11: 8, // int64
  12: 8, // float64
};
const STRING = 8;
const ARRAY = 9;

class Malformed extends Error {}

/** A forward reader over the file, a window at a time, that refuses to read past the file's end. */
class Cursor {
  position = 0;
  private window: Uint8Array = new Uint8Array(0);
  private windowStart = 0;

  constructor(
    private readonly read: ReadAt,
    readonly size: number,
  ) {}

  get remaining(): number {
    return this.size - this.position;
  }

  /** Moves past `length` bytes, which must lie inside the file. */
  skip(length: number, what: string): void {
    if (length > this.remaining) {
      throw new Malformed(
        `${what} at byte ${this.position} needs ${length} bytes, ${this.remaining} are left`,
      );
    }
    this.position += length;
  }

  async bytes(length: number, what: string): Promise<DataView> {
    const at = this.position;
    this.skip(length, what);
    const offset = at - this.windowStart;
    if (offset < 0 || offset + length > this.window.length) {
      this.window = await this.read(at, Math.max(length, Math.min(WINDOW, this.size - at)));
      this.windowStart = at;
      if (this.window.length < length)
        throw new Malformed(`the file ended while reading ${what} at byte ${at}`);
      return new DataView(this.window.buffer, this.window.byteOffset, length);
    }
    return new DataView(this.window.buffer, this.window.byteOffset + offset, length);
  }

  async u32(what: string): Promise<number> {
    return (await this.bytes(4, what)).getUint32(0, true);
  }

  /** A uint64 that must be a safe integer (every count and length in a file that fits in memory is). */
  async u64(what: string): Promise<number> {
    const value = (await this.bytes(8, what)).getBigUint64(0, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new Malformed(`${what} at byte ${this.position - 8} is ${value}, beyond any file`);
    }
    return Number(value);
  }

  /** A GGUF string (uint64 length, UTF-8 bytes); its text only when `keep`, else skipped. */
  async string(what: string, keep: boolean): Promise<string> {
    const length = await this.u64(`the length of ${what}`);
    if (length > this.remaining) {
      throw new Malformed(
        `${what} at byte ${this.position - 8} is ${length} bytes long, but ${this.remaining} bytes are left`,
      );
    }
    if (!keep) {
      this.skip(length, what);
      return '';
    }
    const view = await this.bytes(length, what);
    return new TextDecoder().decode(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  }
}

/**
 * What is wrong with a GGUF file's structure (format: ggml's `docs/gguf.md`, versions 2 and 3), or
 * `undefined` when nothing is: the magic and version, and every count, length and type of the metadata
 * and the tensor table checked against the bytes left in the file (`size`), tensors of at most four
 * dimensions, `general.alignment` a power of two, every tensor's data inside the file and 32-byte
 * aligned; and the values a model cannot load without (`ReadMetadata`: an architecture, layers and
 * heads, a vocabulary of distinct tokens). What is
 * checked is what a reader would otherwise take on trust to size its reads: llama.cpp's loader (and
 * node-llama-cpp's metadata reader before it) can abort the whole process on a length that does not
 * fit in a read, where this answers with one line. Tensor data is not read; llama.cpp checks that
 * each tensor's bytes lie inside the file. Reads the header once, front to back, a window at a time.
 *
 * @returns a sentence naming the first problem and its byte position, or `undefined`.
 * @throws what `read` throws (the file cannot be read).
 */
export async function ggufProblem(read: ReadAt, size: number): Promise<string | undefined> {
  const cursor = new Cursor(read, size);
  try {
    if (size < 24) return `it is ${size} bytes long, shorter than a GGUF header (24 bytes)`;
    const magic = await cursor.bytes(4, 'the magic');
    if (magic.getUint32(0, true) !== 0x46554747) return 'it does not start with "GGUF"';
    const version = await cursor.u32('the version');
    if (version !== 2 && version !== 3) return `its GGUF version is ${version}; versions 2 and 3 are read`;
    const tensorCount = await cursor.u64('the tensor count');
    const kvCount = await cursor.u64('the metadata count');
    // Every metadata pair takes at least 12 bytes (key length, value type), every tensor entry 24.
    if (kvCount * 12 > cursor.remaining) return `its metadata count, ${kvCount}, does not fit in the file`;
    let alignment = 32;
    const needed = new ReadMetadata();
    for (let index = 0; index < kvCount; index++) {
      const key = await cursor.string(`metadata key ${index}`, true);
      const type = await cursor.u32(`the type of ${quoted(key)}`);
      if (key === 'general.alignment' && type === 4) {
        alignment = await cursor.u32('general.alignment');
        if (alignment === 0 || (alignment & (alignment - 1)) !== 0) {
          return `general.alignment is ${alignment}, not a power of two`;
        }
        continue;
      }
      if (!(await needed.value(cursor, key, type))) await skipValue(cursor, type, quoted(key), 0);
    }
    const semantic = needed.problem();
    if (semantic !== undefined) return semantic;
    if (tensorCount * 24 > cursor.remaining)
      return `its tensor count, ${tensorCount}, does not fit in the file`;
    const offsets: number[] = [];
    for (let index = 0; index < tensorCount; index++) {
      const name = await cursor.string(`the name of tensor ${index}`, true);
      const dims = await cursor.u32(`the dimension count of tensor ${quoted(name)}`);
      if (dims === 0 || dims > MAX_DIMS)
        return `tensor ${quoted(name)} has ${dims} dimensions; 1 to ${MAX_DIMS} are allowed`;
      for (let dim = 0; dim < dims; dim++) await cursor.u64(`dimension ${dim} of tensor ${quoted(name)}`);
      const type = await cursor.u32(`the type of tensor ${quoted(name)}`);
      if (type > MAX_TENSOR_TYPE) return `tensor ${quoted(name)} has type ${type}, not a ggml type`;
      offsets.push(await cursor.u64(`the data offset of tensor ${quoted(name)}`));
    }
    const dataStart = Math.ceil(cursor.position / alignment) * alignment;
    for (const offset of offsets) {
      if (dataStart + offset > size) {
        return `a tensor's data starts at byte ${dataStart + offset}, past the end of the file (${size} bytes)`;
      }
      // llama.cpp maps the file and asserts (aborting the process) that tensor data is aligned for
      // its CPU buffers; a file with a smaller general.alignment can put it anywhere.
      if ((dataStart + offset) % TENSOR_ALIGNMENT !== 0) {
        return `a tensor's data starts at byte ${dataStart + offset}, not a multiple of ${TENSOR_ALIGNMENT} (general.alignment is ${alignment})`;
      }
    }
    return undefined;
  } catch (error) {
    if (error instanceof Malformed) return error.message;
    throw error;
  }
}

/** Numeric value types a hyperparameter may be written in: uint32, int32, uint64, int64. */
const INTEGER_TYPES: ReadonlySet<number> = new Set([4, 5, 10, 11]);
/** Hyperparameters (`<architecture>.` + these) llama.cpp divides by or loops over: 0 aborts it. */
const NONZERO_SUFFIXES = ['block_count', 'embedding_length', 'attention.head_count'];

/**
 * The metadata values a model needs to be loaded at all, read as the header is walked: llama.cpp
 * aborts the process (a division by zero, a failed assertion) on a file that is well-formed but
 * states no architecture, no layers or heads, or a vocabulary with no tokens or the same token
 * twice, where this answers with one line.
 */
class ReadMetadata {
  private architecture: string | undefined;
  private readonly integers = new Map<string, number>();
  private readonly ssm = new Set<string>();
  private tokens: { count: number; empty: number; repeated?: string } | undefined;

  /** Reads the value of `key` when it is one of those checked; false (nothing read) otherwise. */
  async value(cursor: Cursor, key: string, type: number): Promise<boolean> {
    const dot = key.indexOf('.');
    if (dot > 0 && key.startsWith('ssm.', dot + 1)) this.ssm.add(key.slice(0, dot));
    if (key === 'general.architecture' && type === STRING) {
      this.architecture = await cursor.string(quoted(key), true);
      return true;
    }
    if (INTEGER_TYPES.has(type) && NONZERO_SUFFIXES.some((suffix) => key.endsWith(`.${suffix}`))) {
      const view = await cursor.bytes(FIXED_SIZES[type] as number, quoted(key));
      this.integers.set(
        key,
        view.byteLength === 4 ? view.getUint32(0, true) : Number(view.getBigUint64(0, true)),
      );
      return true;
    }
    if (key === 'tokenizer.ggml.tokens' && type === ARRAY) {
      const itemType = await cursor.u32(`the item type of ${quoted(key)}`);
      if (itemType !== STRING)
        throw new Malformed(`${quoted(key)} holds items of type ${itemType}, not strings`);
      const count = await cursor.u64(`the length of ${quoted(key)}`);
      if (count * 8 > cursor.remaining) {
        throw new Malformed(
          `${quoted(key)} has ${count} items, more than the ${cursor.remaining} bytes left can hold`,
        );
      }
      const seen = new Set<string>();
      let empty = 0;
      let repeated: string | undefined;
      for (let index = 0; index < count; index++) {
        const token = await cursor.string(`an item of ${quoted(key)}`, true);
        if (token === '') empty++;
        else if (seen.has(token)) repeated ??= token;
        else seen.add(token);
      }
      this.tokens = repeated === undefined ? { count, empty } : { count, empty, repeated };
      return true;
    }
    return false;
  }

  /** The first thing that keeps the model from loading, as the end of a sentence. */
  problem(): string | undefined {
    const architecture = this.architecture;
    if (architecture === undefined) return 'it has no general.architecture';
    for (const suffix of NONZERO_SUFFIXES) {
      const key = `${architecture}.${suffix}`;
      // State-space models (Mamba) have no attention heads, and say so with 0.
      if (suffix === 'attention.head_count' && this.ssm.has(architecture)) continue;
      if (this.integers.get(key) === 0) return `${quoted(key)} is 0`;
    }
    const tokens = this.tokens;
    if (tokens === undefined) return undefined;
    if (tokens.count === 0) return '"tokenizer.ggml.tokens" is empty';
    if (tokens.empty === tokens.count) return 'every token of "tokenizer.ggml.tokens" is empty';
    if (tokens.repeated !== undefined)
      return `"tokenizer.ggml.tokens" holds ${quoted(tokens.repeated)} twice`;
    return undefined;
  }
}

async function skipValue(cursor: Cursor, type: number, what: string, depth: number): Promise<void> {
  const fixed = FIXED_SIZES[type];
  if (fixed !== undefined) return cursor.skip(fixed, what);
  if (type === STRING) {
    await cursor.string(what, false);
    return;
  }
  if (type !== ARRAY) throw new Malformed(`${what} has value type ${type}, not a GGUF type`);
  if (depth >= MAX_ARRAY_DEPTH) throw new Malformed(`${what} nests arrays deeper than ${MAX_ARRAY_DEPTH}`);
  const itemType = await cursor.u32(`the item type of ${what}`);
  const count = await cursor.u64(`the length of ${what}`);
  const itemFixed = FIXED_SIZES[itemType];
  if (itemFixed !== undefined) return cursor.skip(count * itemFixed, `the ${count} items of ${what}`);
  // A string item takes 8 bytes at least, an array item 12: a count that cannot fit is refused at once.
  const least = itemType === STRING ? 8 : 12;
  if (count * least > cursor.remaining) {
    throw new Malformed(`${what} has ${count} items, more than the ${cursor.remaining} bytes left can hold`);
  }
  if (itemType === STRING) {
    for (let index = 0; index < count; index++) await cursor.string(`an item of ${what}`, false);
    return;
  }
  for (let index = 0; index < count; index++)
    await skipValue(cursor, itemType, `${what}[${index}]`, depth + 1);
}

/** A name from the file for a message: JSON-quoted (control characters escaped), at most 64 characters. */
function quoted(text: string): string {
  return JSON.stringify(clipText(text, 64));
}
