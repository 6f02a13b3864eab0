import { afterEach, describe, expect, it } from 'vitest';
import { endOfTurnMarkers } from '../../src/server/core/end-of-turn.js';
import { builtinPromptRenderer, promptRendererFromText } from '../../src/server/index.js';
import { type GatewayHarness, hermesCall, startGateway, weatherTools } from './gateway-harness.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const question = [{ role: 'user' as const, content: 'Weather in Paris?' }];

describe('the end of the model turn, for a backend that does not stop there', () => {
  // The model ends its turn, then goes on to invent the tool's result and a second call.
  const invented =
    `${hermesCall('get_weather', { city: 'Paris' })}<|im_end|>\n<|im_start|>user\n<tool_response>\n{"temp": 40}\n` +
    `</tool_response><|im_end|>\n<|im_start|>assistant\n${hermesCall('get_time', { zone: 'Europe/Paris' })}<|im_end|>`;

  it('the answer ends at <|im_end|>: the calls after it are never returned, whole or streamed', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: invented }, { output: invented }], maxChunkLength: 3 },
    });
    const whole = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
    });
    expect(whole.choices[0]?.finish_reason).toBe('tool_calls');
    expect(whole.choices[0]?.message.content).toBeNull();
    expect(
      whole.choices[0]?.message.tool_calls?.map((call) =>
        call.type === 'function' ? call.function : undefined,
      ),
    ).toEqual([{ name: 'get_weather', arguments: '{"city":"Paris"}' }]);
    const final = await harness.client.chat.completions
      .stream({ model: 'm', messages: question, tools: weatherTools })
      .finalChatCompletion();
    expect(final.choices[0]?.message.tool_calls?.map((call) => call.function.name)).toEqual(['get_weather']);
    expect(final.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('text ends at the marker with finish_reason stop, even when the backend then reports length', async () => {
    harness = await startGateway({
      replay: {
        recordings: [
          {
            output: 'Sure, here it is.<|im_end|>\n<|im_start|>user\nthanks<|im_end|>',
            finishReason: 'length',
          },
        ],
        maxChunkLength: 2,
      },
    });
    const answer = await harness.client.chat.completions.create({ model: 'm', messages: question });
    expect(answer.choices[0]?.message.content).toBe('Sure, here it is.');
    expect(answer.choices[0]?.finish_reason).toBe('stop');
  });

  it("text with the marker's first character before it (and doubled right before it) ends at the marker", async () => {
    const output = 'a<b <<|im_end|>\n<|im_start|>user\nmore<|im_end|>';
    harness = await startGateway({
      replay: { recordings: [{ output }, { output }, { output }], maxChunkLength: 3 },
    });
    for (let index = 0; index < 2; index++) {
      const answer = await harness.client.chat.completions.create({ model: 'm', messages: question });
      expect(answer.choices[0]?.message.content).toBe('a<b <');
      expect(answer.choices[0]?.finish_reason).toBe('stop');
    }
    const final = await harness.client.chat.completions
      .stream({ model: 'm', messages: question })
      .finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe('a<b <');
  });

  it('gpt-oss: the answer ends at <|return|>, which the format reads; what follows is not read', async () => {
    harness = await startGateway({
      format: 'harmony',
      template: 'gpt-oss',
      replay: {
        recordings: [
          {
            output:
              '<|channel|>analysis<|message|>think<|end|><|start|>assistant<|channel|>final<|message|>Hi there<|return|>junk',
          },
        ],
        maxChunkLength: 3,
      },
    });
    const text = await harness.client.chat.completions.create({ model: 'm', messages: question });
    expect(text.choices[0]?.message.content).toBe('Hi there');
  });

  it('Llama 3.1: <|eom_id|> ends the answer too', async () => {
    harness = await startGateway({
      format: 'llama3_json',
      template: 'llama-3.1',
      replay: { recordings: [{ output: 'Hi <|eom_id|>junk' }], maxChunkLength: 2 },
    });
    const answer = await harness.client.chat.completions.create({ model: 'm', messages: question });
    expect(answer.choices[0]?.message.content).toBe('Hi');
  });

  it('is found by rendering the template: the first special token after an answer, not one the format reads', () => {
    const found = (id: string, format: string) => endOfTurnMarkers(builtinPromptRenderer(id), format);
    expect(found('qwen2.5', 'hermes')).toEqual(['<|im_end|>']);
    expect(found('llama-3.1', 'llama3_json')).toEqual(['<|eot_id|>', '<|eom_id|>']);
    expect(found('mistral-v0.3', 'mistral')).toEqual(['</s>']);
    expect(found('glm-4.7', 'glm47')).toEqual(['<|user|>']);
    expect(found('deepseek-v3.1', 'deepseek_v31')).toEqual(['<｜end▁of▁sentence｜>']);
    expect(found('command-r7b', 'command_r7b')).toEqual(['<|END_OF_TURN_TOKEN|>']);
    // gpt-oss's <|end|> closes a channel inside the turn; its turn ends at <|return|>.
    expect(found('gpt-oss', 'harmony')).toEqual(['<|return|>']);
    // A template that writes eos_token, which no tokenizer config names here: nothing to watch for.
    const eos = promptRendererFromText(
      '{% for m in messages %}{{ m.role }}: {{ m.content }}{% if m.role == "assistant" %}{{ eos_token }}{% endif %}\n{% endfor %}',
    );
    expect(endOfTurnMarkers(eos, 'hermes')).toEqual([]);
  });
});
