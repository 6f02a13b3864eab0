/**
 * Constrained generation end to end: a random-weight GGUF model (tiny-gguf.ts) run by the
 * `llamacpp-embedded` backend, the gateway's Chat Completions surface, the official `openai` client.
 * The model's output is noise, so every call it returns is the grammar's doing: the format's envelope,
 * the argument grammar, the lazy trigger, byte tokens and the stop conditions all sit in between.
 *
 * In `npm run test:e2e` (vitest.e2e.config.ts), not `npm test`: nine formats, 20 seeds each, take
 * minutes on two cores. Prints the per-format table docs/grammars.md quotes.
 */
import { Ajv } from 'ajv';
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grammarFor } from '../../src/formats/index.js';
import {
  bookingTools,
  type EmbeddedGateway,
  embeddedEngineLoads,
  skipEmbedded,
  startEmbeddedGateway,
} from './embedded-harness.js';

/** Formats of different families: JSON in tags, XML parameters, GLM keys, Kimi, DeepSeek, Mistral, Llama 3, Harmony, Python. */
const formats = [
  'hermes',
  'qwen3_coder',
  'glm47',
  'kimi_k2',
  'deepseek_v31',
  'mistral',
  'llama3_json',
  'harmony',
  'pythonic',
];
const seeds = Array.from({ length: 20 }, (_, index) => index + 1);
/** Enough for a few calls of these tools; parallel calls are unbounded, so a run may be cut off. */
const maxTokens = 1000;
/** Reasoning allowed before a required call (a random model never closes free reasoning). */
const reasoningBudget = 64;

const ajv = new Ajv({ strict: false });
const validators = new Map(
  bookingTools.map((tool) => [tool.function.name, ajv.compile(tool.function.parameters)]),
);

/** Every call names an offered tool and its arguments validate; the problems otherwise. */
function problems(calls: ReadonlyArray<{ function: { name: string; arguments: string } }>): string[] {
  const found: string[] = [];
  for (const call of calls) {
    const validate = validators.get(call.function.name);
    if (validate === undefined) found.push(`unknown tool ${call.function.name}`);
    else if (!validate(JSON.parse(call.function.arguments)))
      found.push(`${call.function.name}: ${ajv.errorsText(validate.errors)}`);
  }
  return found;
}

type Calls = OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall[];

function callsOf(completion: OpenAI.Chat.Completions.ChatCompletion): Calls {
  return (completion.choices[0]?.message.tool_calls ?? []) as Calls;
}

const engine = await embeddedEngineLoads();
if (!engine.ok) skipEmbedded(engine.reason, 'embedded backend across formats');
else {
  /** Per format: seeds asked, calls returned, seeds whose calls all validated. */
  const table = new Map<string, { seeds: number; calls: number; valid: number; failures: string[] }>();
  let gateway: EmbeddedGateway;

  beforeAll(async () => {
    // The auto formats' triggers as tokens of their own, so a random model can write one in a step.
    const triggers = formats.flatMap(
      (format) =>
        grammarFor({ tools: bookingTools, format, toolChoice: 'auto', lazy: true, parallel: true }).triggers,
    );
    gateway = await startEmbeddedGateway(
      formats.map((format) => ({ name: format, format, reasoningBudget })),
      { extraTokens: [...new Set(triggers)] },
    );
  });
  afterAll(async () => {
    await gateway?.close();
    const rows = [...table].map(
      ([format, row]) => `| ${format} | ${row.seeds} | ${row.calls} | ${row.valid}/${row.seeds} |`,
    );
    console.log(['| format | seeds | calls | all calls valid |', '|---|---|---|---|', ...rows].join('\n'));
  });

  /** The request every case sends, for `format` and `seed`, with `extra` fields. */
  const body = (format: string, seed: number) => ({
    model: format,
    messages: [{ role: 'user' as const, content: 'Book a flight for two, or tell me the weather.' }],
    tools: bookingTools,
    seed,
    temperature: 1,
    max_tokens: maxTokens,
  });
  const ask = (
    format: string,
    seed: number,
    extra: Partial<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming>,
  ) => gateway.client.chat.completions.create({ ...body(format, seed), ...extra });

  describe.each(formats)('%s through the gateway', (format) => {
    it('tool_choice "required": every answer has calls whose arguments validate, over 20 seeds', async () => {
      const row = { seeds: 0, calls: 0, valid: 0, failures: [] as string[] };
      table.set(format, row);
      for (const seed of seeds) {
        row.seeds++;
        try {
          const completion = await ask(format, seed, { tool_choice: 'required' });
          const calls = callsOf(completion);
          row.calls += calls.length;
          const found = problems(calls);
          if (calls.length > 0 && found.length === 0 && completion.choices[0]?.finish_reason === 'tool_calls')
            row.valid++;
          else row.failures.push(`seed ${seed}: ${found.join('; ') || 'no calls'}`);
        } catch (error) {
          row.failures.push(`seed ${seed}: ${(error as Error).message}`);
        }
      }
      expect(row.failures).toEqual([]);
      expect(row.valid).toBe(seeds.length);
    });

    it('a named tool_choice always calls that tool', async () => {
      for (const seed of seeds.slice(0, 5)) {
        const completion = await ask(format, seed, {
          tool_choice: { type: 'function', function: { name: 'get_weather' } },
        });
        const calls = callsOf(completion);
        expect(calls.length).toBeGreaterThan(0);
        expect(calls.map((call) => call.function.name)).toEqual(calls.map(() => 'get_weather'));
        expect(problems(calls)).toEqual([]);
      }
    });

    it('parallel_tool_calls false never gives two calls', async () => {
      for (const seed of seeds.slice(0, 5)) {
        const completion = await ask(format, seed, { tool_choice: 'required', parallel_tool_calls: false });
        const calls = callsOf(completion);
        expect(calls.length).toBe(1);
        expect(problems(calls)).toEqual([]);
      }
    });

    it('a streamed answer and a whole one with the same seed agree', async () => {
      for (const seed of seeds.slice(0, 3)) {
        const whole = await ask(format, seed, { tool_choice: 'required', parallel_tool_calls: false });
        const stream = await gateway.client.chat.completions.create({
          ...body(format, seed),
          tool_choice: 'required',
          parallel_tool_calls: false,
          stream: true,
        });
        const streamed: Array<{ name: string; arguments: string }> = [];
        let content = '';
        let finish: string | null = null;
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          if (choice === undefined) continue;
          content += choice.delta.content ?? '';
          for (const call of choice.delta.tool_calls ?? []) {
            streamed[call.index] ??= { name: '', arguments: '' };
            const entry = streamed[call.index] as { name: string; arguments: string };
            entry.name += call.function?.name ?? '';
            entry.arguments += call.function?.arguments ?? '';
          }
          finish = choice.finish_reason ?? finish;
        }
        const message = whole.choices[0]?.message;
        expect(streamed).toEqual(callsOf(whole).map((call) => call.function));
        expect(content).toBe(message?.content ?? '');
        expect(finish).toBe(whole.choices[0]?.finish_reason);
      }
    });
  });

  describe('tool_choice "auto" with a lazy grammar', () => {
    /** Formats whose auto answers are sampled free until the trigger, then under the grammar. */
    const lazyFormats = ['hermes', 'qwen3_coder', 'kimi_k2', 'mistral'];

    it.each(
      lazyFormats,
    )('%s: every call returned validates; text before the trigger is content', async (format) => {
      let called = 0;
      for (const seed of seeds.slice(0, 10)) {
        // parallel_tool_calls false makes the turn constrained: a lazy grammar at the trigger.
        const lazy = await ask(format, seed, {
          tool_choice: 'auto',
          parallel_tool_calls: false,
          max_tokens: maxTokens,
        });
        const calls = callsOf(lazy);
        expect(problems(calls)).toEqual([]);
        expect(calls.length).toBeLessThanOrEqual(1);
        if (calls.length === 0) {
          expect(['stop', 'length']).toContain(lazy.choices[0]?.finish_reason);
          continue;
        }
        called++;
        expect(lazy.choices[0]?.finish_reason).toBe('tool_calls');
        // The same seed without a grammar samples the same text up to the trigger (the lazy phase is
        // free sampling): that text is the lazy answer's content, and the free answer goes on past it.
        // (Room for the whole call: an answer cut off after a call would add the cut text as content.)
        const free = await ask(format, seed, { tool_choice: 'auto', max_tokens: maxTokens });
        const content = lazy.choices[0]?.message.content ?? '';
        const freeContent = free.choices[0]?.message.content ?? '';
        expect(freeContent.startsWith(content)).toBe(true);
      }
      console.log(`auto ${format}: ${called} of 10 seeds called a tool`);
    });
  });
}
