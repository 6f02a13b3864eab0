import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { TokenCounter } from '../config/gateway-config.js';

/** The shape of `@huggingface/tokenizers` this module uses (an optional peer dependency). */
interface TokenizersModule {
  readonly Tokenizer: new (
    tokenizer: object,
    config: object,
  ) => {
    encode(text: string, options: { add_special_tokens: boolean }): { readonly ids: readonly number[] };
  };
}

/**
 * Loads a model's tokenizer from its `tokenizer.json` (the Hugging Face tokenizers format, read with
 * `@huggingface/tokenizers`, an optional peer dependency: install it to count with a tokenizer). The
 * counter counts the text as written: the rendered prompt already holds the template's special tokens
 * (`<|im_start|>`, a BOS token), so none are added, and a special token written in the text is one token.
 *
 * @param file - the `tokenizer.json` path, relative to `options.baseDir` (the config file's folder).
 * @throws Error naming the file when it cannot be read or is not a tokenizer, or saying which package to
 *   install when `@huggingface/tokenizers` is missing.
 */
export async function loadTokenCounter(
  file: string,
  options: { readonly baseDir: string },
): Promise<TokenCounter> {
  const path = resolve(options.baseDir, file);
  let module: TokenizersModule;
  try {
    module = (await import('@huggingface/tokenizers')) as unknown as TokenizersModule;
  } catch {
    throw new Error(
      `counting with ${path} needs the @huggingface/tokenizers package: npm install @huggingface/tokenizers`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(`cannot read tokenizer file ${path}: ${reason}`);
  }
  let tokenizer: InstanceType<TokenizersModule['Tokenizer']>;
  try {
    if (typeof json !== 'object' || json === null || !('model' in json)) throw new Error('no "model" in it');
    tokenizer = new module.Tokenizer(json, {});
    tokenizer.encode('', { add_special_tokens: false });
  } catch (error) {
    throw new Error(`${path} is not a tokenizer.json: ${(error as Error).message}`);
  }
  return { count: (text) => tokenizer.encode(text, { add_special_tokens: false }).ids.length };
}
