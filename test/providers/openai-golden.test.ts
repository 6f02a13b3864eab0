import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openaiChat } from '../../src/providers/openai-chat/index.js';
import { openaiResponses } from '../../src/providers/openai-responses/index.js';
import type { CanonicalResponse, ProviderConverter } from '../../src/providers/provider-converter.js';

/** A documented example, as our own data: the wire body and the canonical form it reads as. */
interface Golden {
  readonly description: string;
  readonly source: string;
  readonly wire: unknown;
  readonly canonical: unknown;
}

const load = (folder: string, name: string): Golden[] =>
  JSON.parse(readFileSync(new URL(`./${folder}/${name}`, import.meta.url), 'utf8')) as Golden[];

const providers: ReadonlyArray<readonly [string, ProviderConverter<unknown, unknown>]> = [
  ['openai-chat', openaiChat],
  ['openai-responses', openaiResponses],
];

describe.each(providers)('%s golden fixtures', (folder, converter) => {
  it.each(load(folder, 'golden-requests.json'))('request: $description', (golden) => {
    expect(golden.source).toMatch(/https:\/\/(platform\.openai\.com|api-docs\.deepseek\.com)\//);
    const read = converter.fromRequest(golden.wire);
    expect(read).toEqual({ value: golden.canonical, warnings: [] });
    expect(converter.toRequest(read.value)).toEqual({ value: golden.wire, warnings: [] });
  });

  it.each(load(folder, 'golden-responses.json'))('response: $description', (golden) => {
    expect(golden.source).toMatch(/https:\/\/platform\.openai\.com\//);
    const read = converter.fromResponse(golden.wire);
    expect(read).toEqual({ value: golden.canonical, warnings: [] });
    expect(converter.toResponse(read.value as CanonicalResponse)).toEqual({
      value: golden.wire,
      warnings: [],
    });
  });
});
