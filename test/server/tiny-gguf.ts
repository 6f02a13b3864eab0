/**
 * Writes a tiny GGUF v3 llama-architecture model with seeded random F32 weights, for tests that run a
 * real inference engine (node-llama-cpp) with no downloaded weights. Its output is noise, so every
 * tool call it makes under a grammar is the grammar's doing.
 *
 * Layout, from ggml's docs/gguf.md ("File Structure"): magic `GGUF`, version 3, tensor count and
 * metadata count (u64), the metadata key/values, the tensor infos (name, dimensions with ne[0] the
 * fastest, type 0 = F32, offset into the data section), padding to `general.alignment` (32), the data.
 * Tensors and metadata keys are those llama.cpp's `LLM_ARCH_LLAMA` loader reads.
 *
 * The vocabulary is SentencePiece-style (`tokenizer.ggml.model` "llama"): `<unk>`, `<s>`, `</s>`, the
 * 256 byte tokens `<0xNN>` (type 6, byte fallback: any text tokenizes), the printable ASCII
 * characters (space as `▁`), then `extraTokens` as user-defined tokens (type 4; e.g. a format's
 * markers, so a random model can emit one in one step) and `controlTokens` (type 3, e.g.
 * `<|im_end|>`, which llama.cpp treats as end of generation); a token already in the list is not
 * added again.
 */
import { writeFileSync } from 'node:fs';
import { mulberry32 } from './replay-backend.js';

/** What the tiny model is made of; every field has a default. */
export interface TinyGgufOptions {
  /** Seed of the weights (the same seed writes the same bytes). Default 1. */
  readonly seed?: number;
  /** `tokenizer.chat_template`; default `chatmlToolsTemplate`. */
  readonly chatTemplate?: string;
  /** `general.name`; default `tiny-random-llama`. */
  readonly name?: string;
  /** User-defined tokens (type 4) added after the characters. */
  readonly extraTokens?: readonly string[];
  /** Control tokens (type 3) added last; default `['<|im_start|>', '<|im_end|>']`. */
  readonly controlTokens?: readonly string[];
  /** Embedding width; default 64. */
  readonly embedding?: number;
  /** Rewrites the metadata pairs before they are written (to make files llama.cpp cannot load). */
  readonly editMetadata?: (pairs: Array<[string, GgufValue]>) => Array<[string, GgufValue]>;
}

/** A small ChatML template with tools (Hermes-style `<tool_call>` blocks), for the tiny model. */
export const chatmlToolsTemplate = `{%- if tools -%}
<|im_start|>system
You may call these tools. Call one as <tool_call>{"name": NAME, "arguments": ARGS}</tool_call>.
<tools>
{% for tool in tools %}{{ tool | tojson }}
{% endfor %}</tools><|im_end|>
{% endif -%}
{%- for message in messages -%}
{%- if message.role == 'assistant' and message.tool_calls -%}
<|im_start|>assistant
{{ message.content or '' }}{% for call in message.tool_calls %}<tool_call>{"name": {{ call.function.name | tojson }}, "arguments": {{ call.function.arguments | tojson }}}</tool_call>{% endfor %}<|im_end|>
{% elif message.role == 'tool' -%}
<|im_start|>user
<tool_response>{{ message.content }}</tool_response><|im_end|>
{% else -%}
<|im_start|>{{ message.role }}
{{ message.content }}<|im_end|>
{% endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}
<|im_start|>assistant
{% endif -%}`;

const GGUF_MAGIC = 0x46554747;
const ALIGNMENT = 32;
enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}
enum TokenType {
  NORMAL = 1,
  UNKNOWN = 2,
  CONTROL = 3,
  USER_DEFINED = 4,
  BYTE = 6,
}

/** A metadata value as the writer takes it. */
export type GgufValue =
  | { type: ValueType.UINT32 | ValueType.INT32 | ValueType.FLOAT32; value: number }
  | { type: ValueType.BOOL; value: boolean }
  | { type: ValueType.STRING; value: string }
  | { type: ValueType.ARRAY; of: ValueType.STRING; value: readonly string[] }
  | { type: ValueType.ARRAY; of: ValueType.INT32 | ValueType.FLOAT32; value: readonly number[] };

/** Appends little-endian values to a growing list of buffers. */
class ByteWriter {
  private readonly parts: Buffer[] = [];
  length = 0;

  private push(buffer: Buffer): void {
    this.parts.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  bytes(buffer: Buffer): void {
    this.push(buffer);
  }
  string(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(): void {
    const rest = this.length % ALIGNMENT;
    if (rest !== 0) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  value(entry: GgufValue): void {
    this.u32(entry.type);
    switch (entry.type) {
      case ValueType.UINT32:
        this.u32(entry.value);
        return;
      case ValueType.INT32:
        this.i32(entry.value);
        return;
      case ValueType.FLOAT32:
        this.f32(entry.value);
        return;
      case ValueType.BOOL:
        this.push(Buffer.from([entry.value ? 1 : 0]));
        return;
      case ValueType.STRING:
        this.string(entry.value);
        return;
      case ValueType.ARRAY:
        this.u32(entry.of);
        this.u64(entry.value.length);
        for (const item of entry.value) {
          if (entry.of === ValueType.STRING) this.string(item as string);
          else if (entry.of === ValueType.INT32) this.i32(item as number);
          else this.f32(item as number);
        }
        return;
    }
  }
  concat(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** The vocabulary: tokens and their types, in id order. */
function vocabulary(options: TinyGgufOptions): { tokens: string[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types: number[] = [TokenType.UNKNOWN, TokenType.CONTROL, TokenType.CONTROL];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TokenType.BYTE);
  }
  for (let code = 0x20; code < 0x7f; code++) {
    tokens.push(code === 0x20 ? '\u2581' : String.fromCharCode(code));
    types.push(TokenType.NORMAL);
  }
  // llama.cpp aborts the process on a vocabulary with a token twice, so repeats are left out.
  const seen = new Set(tokens);
  const add = (token: string, type: TokenType) => {
    if (seen.has(token) || (token === ' ' && seen.has('\u2581'))) return;
    seen.add(token);
    tokens.push(token);
    types.push(type);
  };
  for (const token of options.extraTokens ?? []) add(token, TokenType.USER_DEFINED);
  for (const token of options.controlTokens ?? ['<|im_start|>', '<|im_end|>']) add(token, TokenType.CONTROL);
  return { tokens, types };
}

/** The GGUF file's bytes (see the module comment for the layout). */
export function tinyGguf(options: TinyGgufOptions = {}): Buffer {
  // mulberry32: the same seed writes the same weights.
  const random = mulberry32(options.seed ?? 1);
  const embd = options.embedding ?? 64;
  const ff = embd * 2;
  const heads = 4;
  const { tokens, types } = vocabulary(options);
  const vocab = tokens.length;
  const metadata: [string, GgufValue][] = [
    ['general.architecture', { type: ValueType.STRING, value: 'llama' }],
    ['general.name', { type: ValueType.STRING, value: options.name ?? 'tiny-random-llama' }],
    ['general.alignment', { type: ValueType.UINT32, value: ALIGNMENT }],
    ['llama.context_length', { type: ValueType.UINT32, value: 4096 }],
    ['llama.embedding_length', { type: ValueType.UINT32, value: embd }],
    ['llama.block_count', { type: ValueType.UINT32, value: 1 }],
    ['llama.feed_forward_length', { type: ValueType.UINT32, value: ff }],
    ['llama.attention.head_count', { type: ValueType.UINT32, value: heads }],
    ['llama.attention.head_count_kv', { type: ValueType.UINT32, value: heads }],
    ['llama.rope.dimension_count', { type: ValueType.UINT32, value: embd / heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: ValueType.FLOAT32, value: 1e-5 }],
    ['llama.vocab_size', { type: ValueType.UINT32, value: vocab }],
    ['tokenizer.ggml.model', { type: ValueType.STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: ValueType.ARRAY, of: ValueType.STRING, value: tokens }],
    [
      'tokenizer.ggml.scores',
      { type: ValueType.ARRAY, of: ValueType.FLOAT32, value: tokens.map((token) => -token.length) },
    ],
    ['tokenizer.ggml.token_type', { type: ValueType.ARRAY, of: ValueType.INT32, value: types }],
    ['tokenizer.ggml.unknown_token_id', { type: ValueType.UINT32, value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: ValueType.UINT32, value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: ValueType.UINT32, value: 2 }],
    ['tokenizer.ggml.add_bos_token', { type: ValueType.BOOL, value: false }],
    ['tokenizer.ggml.add_space_prefix', { type: ValueType.BOOL, value: false }],
    [
      'tokenizer.chat_template',
      { type: ValueType.STRING, value: options.chatTemplate ?? chatmlToolsTemplate },
    ],
  ];
  const layer = (name: string) => `blk.0.${name}.weight`;
  const tensors: [string, number[]][] = [
    ['token_embd.weight', [embd, vocab]],
    ['output_norm.weight', [embd]],
    ['output.weight', [embd, vocab]],
    [layer('attn_norm'), [embd]],
    [layer('attn_q'), [embd, embd]],
    [layer('attn_k'), [embd, embd]],
    [layer('attn_v'), [embd, embd]],
    [layer('attn_output'), [embd, embd]],
    [layer('ffn_norm'), [embd]],
    [layer('ffn_gate'), [embd, ff]],
    [layer('ffn_up'), [embd, ff]],
    [layer('ffn_down'), [ff, embd]],
  ];
  const out = new ByteWriter();
  out.u32(GGUF_MAGIC);
  out.u32(3);
  out.u64(tensors.length);
  const pairs = options.editMetadata?.(metadata) ?? metadata;
  out.u64(pairs.length);
  for (const [key, value] of pairs) {
    out.string(key);
    out.value(value);
  }
  let offset = 0;
  const data: Buffer[] = [];
  for (const [name, dims] of tensors) {
    out.string(name);
    out.u32(dims.length);
    for (const dim of dims) out.u64(dim);
    out.u32(0);
    out.u64(offset);
    const count = dims.reduce((a, b) => a * b, 1);
    const weights = Buffer.alloc(count * 4);
    // Norm weights are 1 (as trained models start); the rest uniform in [-1, 1): noise, but varied.
    const norm = dims.length === 1;
    for (let i = 0; i < count; i++) weights.writeFloatLE(norm ? 1 : random() * 2 - 1, i * 4);
    const padded = Math.ceil(weights.length / ALIGNMENT) * ALIGNMENT;
    data.push(weights, Buffer.alloc(padded - weights.length));
    offset += padded;
  }
  out.pad();
  for (const part of data) out.bytes(part);
  return out.concat();
}

/** Writes `tinyGguf(options)` to `file` and returns the path. */
export function writeTinyGguf(file: string, options: TinyGgufOptions = {}): string {
  writeFileSync(file, tinyGguf(options));
  return file;
}
