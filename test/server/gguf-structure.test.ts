import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runServeCommand } from '../../src/cli/serve-command.js';
import { folder } from './embedded-harness.js';
import { type GgufValue, tinyGguf } from './tiny-gguf.js';

// A broken GGUF file is refused with one line before llama.cpp or node-llama-cpp reads it: a length
// past the file's end once made node-llama-cpp's metadata reader abort the whole process.

const good = tinyGguf({ seed: 1 });

/** The good file with `bytes` written at `offset` (little-endian numbers). */
function patched(edit: (bytes: Buffer) => void): Buffer {
  const bytes = Buffer.from(good);
  edit(bytes);
  return bytes;
}

/** The good file with the metadata value of `key` replaced (`undefined`: the pair left out). */
function withValue(key: string, value: unknown): Buffer {
  return tinyGguf({
    seed: 1,
    editMetadata: (pairs) =>
      pairs.flatMap(([name, old]): Array<[string, GgufValue]> => {
        if (name !== key) return [[name, old]];
        return value === undefined ? [] : [[name, { ...old, value } as GgufValue]];
      }),
  });
}

const cases: ReadonlyArray<{ name: string; bytes: Buffer; problem: string }> = [
  {
    name: 'shorter than a header',
    bytes: good.subarray(0, 20),
    problem: 'it is 20 bytes long, shorter than a GGUF header (24 bytes)',
  },
  {
    name: 'another magic',
    bytes: patched((b) => b.write('GGUX', 0)),
    problem: 'it does not start with "GGUF"',
  },
  {
    name: 'version 1',
    bytes: patched((b) => b.writeUInt32LE(1, 4)),
    problem: 'its GGUF version is 1; versions 2 and 3 are read',
  },
  {
    name: 'a tensor count past the file',
    bytes: patched((b) => b.writeBigUInt64LE(0xffffffffn, 8)),
    problem: 'its tensor count, 4294967295, does not fit in the file',
  },
  {
    name: 'a metadata count past the file',
    bytes: patched((b) => b.writeBigUInt64LE(1n << 40n, 16)),
    problem: 'its metadata count, 1099511627776, does not fit in the file',
  },
  {
    name: 'a count beyond 2^53',
    bytes: patched((b) => b.writeBigUInt64LE(1n << 60n, 16)),
    problem: 'the metadata count at byte 16 is 1152921504606846976, beyond any file',
  },
  {
    name: 'a key longer than the file',
    bytes: patched((b) => b.writeBigUInt64LE(1n << 32n, 24)),
    problem: 'metadata key 0 at byte 24 is 4294967296 bytes long, but 356704 bytes are left',
  },
  {
    // The first key is "general.architecture" (20 bytes): its value type follows at 24 + 8 + 20.
    name: 'an unknown value type',
    bytes: patched((b) => b.writeUInt32LE(13, 52)),
    problem: '"general.architecture" has value type 13, not a GGUF type',
  },
  {
    // The input that aborted node-llama-cpp: one byte of a token's length in tokenizer.ggml.tokens.
    name: 'a token string longer than the file',
    bytes: patched((b) => b.writeUInt8(0xc7, 2519)),
    problem:
      'an item of "tokenizer.ggml.tokens" at byte 2516 is 3338665990 bytes long, but 354212 bytes are left',
  },
  {
    // The tensor table starts at byte 9155, after the metadata; its first name grown over its
    // neighbours: the name in the message is quoted, its control characters escaped, cut at 64.
    name: 'a tensor name running into the table',
    bytes: patched((b) => b.writeBigUInt64LE(100n, 9155)),
    problem:
      'tensor "token_embd.weight\\u0002\\u0000\\u0000\\u0000@\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000d\\u0001\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0012\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000output_..." has 0 dimensions; 1 to 4 are allowed',
  },
  {
    // general.alignment is the 3rd pair: "general.alignment" (17 bytes), its type, then its value,
    // after the header (24), the architecture (8+20 + 4 + 8+5) and the name (8+12 + 4 + 8+17), and
    // its own key and type (8+17 + 4): byte 147.
    // llama.cpp aborted on data that is not 32-byte aligned (GGML_ASSERT in its CPU buffer).
    name: 'general.alignment 1, tensor data unaligned',
    bytes: patched((b) => b.writeUInt32LE(1, 147)),
    problem: "a tensor's data starts at byte 9844, not a multiple of 32 (general.alignment is 1)",
  },
  // Well-formed files llama.cpp aborted on (a division by zero, failed assertions).
  {
    name: 'no general.architecture',
    bytes: withValue('general.architecture', undefined),
    problem: 'it has no general.architecture',
  },
  { name: 'no layers', bytes: withValue('llama.block_count', 0), problem: '"llama.block_count" is 0' },
  {
    name: 'no attention heads',
    bytes: withValue('llama.attention.head_count', 0),
    problem: '"llama.attention.head_count" is 0',
  },
  {
    name: 'no tokens',
    bytes: withValue('tokenizer.ggml.tokens', []),
    problem: '"tokenizer.ggml.tokens" is empty',
  },
  {
    name: 'every token empty',
    bytes: withValue(
      'tokenizer.ggml.tokens',
      Array.from({ length: 300 }, () => ''),
    ),
    problem: 'every token of "tokenizer.ggml.tokens" is empty',
  },
  {
    name: 'a token twice',
    bytes: withValue('tokenizer.ggml.tokens', ['<unk>', '<s>', '</s>', 'a', 'b', 'a']),
    problem: '"tokenizer.ggml.tokens" holds "a" twice',
  },
  {
    name: 'cut off inside the tensor data',
    bytes: good.subarray(0, Math.floor(good.length * 0.6)),
    problem: "a tensor's data starts at byte 225408, past the end of the file (214041 bytes)",
  },
];

/** `toolwire serve --model-file FILE`: its exit code and what it wrote to stderr. */
async function serve(file: string): Promise<[number, string]> {
  const stderr: string[] = [];
  const code = await runServeCommand(
    ['--model-file', file, '--port', '0'],
    { stdout: () => {}, stderr: (text) => stderr.push(text) },
    {},
    new Promise(() => {}),
  );
  return [code, stderr.join('')];
}

describe('toolwire serve --model-file with a broken GGUF file', { timeout: 120_000 }, () => {
  it.each(cases)('$name: one line, exit 2', async ({ name, bytes, problem }) => {
    const file = join(folder(), `broken-${name.replaceAll(' ', '-')}.gguf`);
    writeFileSync(file, bytes);
    expect(await serve(file)).toEqual([
      2,
      `toolwire: --model-file: cannot load ${file}: not a well-formed GGUF file: ${problem}\n`,
    ]);
  });

  it('a FIFO is refused before it is opened (opening one waits for a writer)', async () => {
    const file = join(folder(), 'model.fifo');
    execFileSync('mkfifo', [file]);
    expect(await serve(file)).toEqual([
      2,
      `toolwire: --model-file: cannot load ${file}: it is not a regular file\n`,
    ]);
  });

  it('an absent file is one line too', async () => {
    const file = join(folder(), 'absent.gguf');
    expect(await serve(file)).toEqual([
      2,
      `toolwire: --model-file: cannot load ${file}: cannot open it (ENOENT)\n`,
    ]);
  });
});
