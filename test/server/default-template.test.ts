import { afterEach, describe, expect, it } from 'vitest';
import { createGateway } from '../../src/server/index.js';
import { type GatewayHarness, startGateway } from './gateway-harness.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('createGateway with a raw-text backend and no renderer', () => {
  it("renders with the format's default built-in template, as the CLI and the config file do", async () => {
    harness = await startGateway({
      replay: {
        recordings: [
          { output: 'Hi.', expectPrompt: '<|im_start|>user\nHello<|im_end|>\n<|im_start|>assistant\n' },
        ],
      },
      model: { renderer: undefined },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(answer.choices[0]?.message.content).toBe('Hi.');
  });

  it('throws a TypeError naming builtinPromptRenderer when the format has no built-in template', () => {
    expect(() =>
      createGateway({
        models: [
          { name: 'm', format: 'jamba', backend: { type: 'openai-completions', url: 'http://127.0.0.1:1' } },
        ],
      }),
    ).toThrow(
      new TypeError(
        `model "m": format "jamba" has no built-in template; an openai-completions backend needs a chat template (renderer: builtinPromptRenderer('<id>'), promptRendererFromText or promptRendererFromTokenizerConfig)`,
      ),
    );
  });

  it("throws for an embedded backend, whose template is the GGUF file's", () => {
    expect(() =>
      createGateway({
        models: [
          { name: 'm', format: 'hermes', backend: { type: 'llamacpp-embedded', modelFile: 'x.gguf' } },
        ],
      }),
    ).toThrow(
      new TypeError(
        `model "m": a llamacpp-embedded backend needs a chat template: pass renderer (loadEmbeddedModel resolves to the GGUF file's)`,
      ),
    );
  });
});

describe("a format's default built-in template", () => {
  it("is DeepSeek-V3's for deepseek_v3, not DeepSeek-R1's (whose prompt ends in an open think block)", async () => {
    harness = await startGateway({
      replay: {
        recordings: [
          {
            output: 'Hi.',
            expectPrompt: '<｜begin▁of▁sentence｜><｜end▁of▁sentence｜><｜User｜>Hello<｜Assistant｜>',
          },
        ],
      },
      format: 'deepseek_v3',
      model: { renderer: undefined },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(answer.choices[0]?.message.content).toBe('Hi.');
  });
});
