/**
 * `/v1/messages/count_tokens` with the model's tokenizer: a `tokenizer.json` named in the config file
 * (`models[].tokenizer`), loaded by `gatewayOptions` with `@huggingface/tokenizers`, counts the rendered
 * prompt token by token instead of estimating it. The tokenizer is a small byte-level BPE written here
 * (the kind Qwen and Llama 3 ship), with merges chosen so the expected count can be read off by hand.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { promptRendererFromText, readGatewayConfig } from '../../src/server/index.js';
import { GatewayConfigError, gatewayOptions, loadTokenCounter } from '../../src/server/node/index.js';
import { postMessages, start } from './messages-harness.js';

/** GPT-2's byte-to-character table: the alphabet of a byte-level BPE vocabulary. */
function byteAlphabet(): string[] {
  const printable = (byte: number) =>
    (byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || (byte >= 0xae && byte <= 0xff);
  const chars: string[] = [];
  let shifted = 0;
  for (let byte = 0; byte < 256; byte++) {
    chars.push(printable(byte) ? String.fromCharCode(byte) : String.fromCharCode(256 + shifted++));
  }
  return chars;
}

/** Merges that build `hello`, `Ġworld` (" world") and `user` from their bytes. */
const merges = [
  'h e',
  'he l',
  'hel l',
  'hell o',
  'Ġ w',
  'Ġw o',
  'Ġwo r',
  'Ġwor l',
  'Ġworl d',
  'u s',
  'us e',
  'use r',
];

function tokenizerJson(): object {
  const vocab: Record<string, number> = {};
  for (const char of byteAlphabet()) vocab[char] = Object.keys(vocab).length;
  for (const merge of merges) vocab[merge.replace(' ', '')] = Object.keys(vocab).length;
  const special = ['<|im_start|>', '<|im_end|>'].map((content, index) => ({
    id: Object.keys(vocab).length + index,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: special,
    normalizer: null,
    pre_tokenizer: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
    post_processor: null,
    decoder: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: false,
      byte_fallback: false,
      vocab,
      merges,
    },
  };
}

const folder = mkdtempSync(join(tmpdir(), 'toolwire-tokenizer-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, 'tokenizer.json'), JSON.stringify(tokenizerJson()));
writeFileSync(join(folder, 'broken.json'), '{"version": "1.0"}');

/** ChatML around each message's text: `<|im_start|>user\nhello world<|im_end|>\n`. */
const chatml = promptRendererFromText(
  '{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}',
);

describe('count_tokens with the model tokenizer (models[].tokenizer)', () => {
  it('counts the rendered prompt with the tokenizer, special tokens as one token each', async () => {
    const counter = await loadTokenCounter('tokenizer.json', { baseDir: folder });
    // <|im_start|> user \n hello Ġworld <|im_end|> \n
    expect(counter.count('<|im_start|>user\nhello world<|im_end|>\n')).toBe(7);
    const { client } = await start({
      replay: { recordings: [] },
      model: { renderer: chatml, tokenCounter: counter },
    });
    const body = { model: 'm', messages: [{ role: 'user' as const, content: 'hello world' }] };
    expect(await client.messages.countTokens(body)).toEqual({ input_tokens: 7 });
    // Two turns: 7 + `<|im_start|>` `a` `s` `s` `i` `s` `t` `a` `n` `t` `\n` `h` `i` `<|im_end|>` `\n` (15).
    const twoTurns = await client.messages.countTokens({
      model: 'm',
      messages: [...body.messages, { role: 'assistant', content: 'hi' }],
    });
    expect(twoTurns).toEqual({ input_tokens: 22 });
    const response = await postMessages(body, {}, '/v1/messages/count_tokens');
    expect(response.headers.get('x-toolwire-token-count')).toBe('tokenizer');
  });

  it('is loaded from the config file by gatewayOptions, the path relative to the file', async () => {
    const { config, errors } = readGatewayConfig(
      {
        models: [
          {
            name: 'm',
            format: 'hermes',
            template: { builtin: 'qwen2.5' },
            tokenizer: 'tokenizer.json',
            backend: { type: 'openai-completions', url: 'http://127.0.0.1:9/v1' },
          },
        ],
      },
      {},
    );
    expect(errors).toEqual([]);
    expect(config?.models[0]?.tokenizer).toBe('tokenizer.json');
    const options = await gatewayOptions(config!, folder);
    expect(options.models[0]?.tokenCounter?.count('hello world')).toBe(2);
    expect(options.models[0]).not.toHaveProperty('tokenizer');
  });

  it('names the model and the file when the tokenizer does not load, and checks the field', async () => {
    const read = (tokenizer: unknown) =>
      readGatewayConfig(
        {
          models: [
            {
              name: 'm',
              format: 'hermes',
              tokenizer,
              backend: { type: 'openai-completions', url: 'http://127.0.0.1:9/v1' },
            },
          ],
        },
        {},
      );
    expect(read(42).errors).toEqual(['models[0].tokenizer: must be the path of a tokenizer.json file']);
    for (const [file, reason] of [
      ['missing.json', `cannot read tokenizer file ${join(folder, 'missing.json')}: ENOENT`],
      ['broken.json', `${join(folder, 'broken.json')} is not a tokenizer.json: no "model" in it`],
    ]) {
      const failure = await gatewayOptions(read(file).config!, folder).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(GatewayConfigError);
      expect((failure as GatewayConfigError).problems).toEqual([`models[0].tokenizer: ${reason}`]);
    }
  });
});
