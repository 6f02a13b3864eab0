/**
 * Every format of the registry through the gateway, as a client sees it: the official `openai` SDK in
 * front, a replay backend (a real HTTP server speaking the backend's protocol) behind.
 *
 * 1. Each format's own example outputs (`test/formats/<id>.json`, and `shared/corpus/parse` when it is
 *    there) answered whole and streamed: the SDK reports the calls `parseToolCalls` reads from the same
 *    text (name and arguments, in order), the same content (trimmed at its ends, as the gateway
 *    answers) and reasoning; ids are fresh `call_` ids.
 * 2. `tool_choice` required and a named tool on backends that take grammars: the backend receives
 *    `grammarFor`'s grammar in its own field, and a named tool's grammar names no other tool.
 * 3. The models' own chat templates (`shared/corpus/templates`): the prompt the backend receives is
 *    the template rendered with `@huggingface/jinja` directly, transformers-style.
 *
 * The lists this file asserts exactly (formats without a built-in template, templates that do not
 * render directly) are in `every-format.json`.
 */
import { Template } from '@huggingface/jinja';
import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FormatDefinition,
  grammarFor,
  listFormats,
  type ParseResult,
  parseToolCalls,
} from '../../src/index.js';
import { type GatewayModel, promptRendererFromText, readGatewayConfig } from '../../src/server/index.js';
import { loadParseCorpus } from '../conformance/parse-corpus.js';
import { describeCorpus, hasCorpus } from '../corpus.js';
import data from './every-format.json' with { type: 'json' };
import {
  configuredModels,
  fixtureCases,
  grammarFields,
  grammarIn,
  KeyedOutputs,
  modelConfig,
  modelName,
  openaiTools,
  type ServedCase,
  sample,
  serve,
  servedCase,
  toolsFor,
} from './every-format-cases.js';
import type { ReplayBackend, ReplayRecording } from './replay-backend.js';

const formats: readonly FormatDefinition[] = listFormats();
const callId = /^call_[A-Za-z0-9]{24}$/;
/** Fixture outputs served per format (the format's example is served too). */
const fixturesPerFormat = 2;
/** Outputs from `shared/corpus/parse` served per format, when it is there. */
const corpusPerFormat = 1;

// ---------------------------------------------------------------------------------------------
// The served cases and the replay backend that answers them

const outputs = new KeyedOutputs();
const keyed = (recording: ReplayRecording): string => outputs.keyed(recording);

const parseCorpus = loadParseCorpus();

/** The corpus outputs of `format` the gateway can serve as calls (see `servedCase`). */
function corpusCases(format: string): ServedCase[] {
  return (parseCorpus ?? []).flatMap((testCase) => {
    if (testCase.format !== format) return [];
    const started = testCase.options?.thinking_forced_open === true;
    const served = servedCase(`corpus ${testCase.id}`, format, testCase.input, started, testCase.tools);
    return served === undefined ? [] : [served];
  });
}

// ---------------------------------------------------------------------------------------------
// The gateway

/** Backend kinds for the plain cases, in turn per format, so every protocol's reader is crossed. */
const rawKinds = ['openai-completions', 'llamacpp', 'ollama'] as const;

interface ChatServing {
  readonly replay: ReplayBackend;
  readonly client: OpenAI;
  close(): Promise<void>;
}

/** A replay backend, the gateway serving the models made for its URL, and an OpenAI client on it. */
async function serveChat(
  models: (url: string) => Promise<GatewayModel[]> | GatewayModel[],
): Promise<ChatServing> {
  const serving = await serve(outputs.recordingFor, models);
  const client = new OpenAI({ baseURL: `${serving.url}/v1`, apiKey: 'unused', maxRetries: 0 });
  return { replay: serving.replay, client, close: () => serving.close() };
}

// ---------------------------------------------------------------------------------------------
// What the client got

interface Answer {
  readonly finish_reason: string | null;
  readonly content: string | null;
  readonly reasoning: string;
  readonly calls: { name: string; arguments: unknown }[];
}

function answerOf(completion: ChatCompletion, reasoning: string): Answer {
  const choice = completion.choices[0];
  const calls = (choice?.message.tool_calls ?? []).map((call) => {
    if (call.type !== 'function') throw new Error(`a ${call.type} tool call`);
    return { name: call.function.name, arguments: JSON.parse(call.function.arguments) as unknown };
  });
  return {
    finish_reason: choice?.finish_reason ?? null,
    content: choice?.message.content ?? null,
    reasoning,
    calls,
  };
}

function expectedAnswer(expected: ParseResult): Answer {
  const content = expected.content.trim();
  return {
    finish_reason: 'tool_calls',
    content: content === '' ? null : content,
    reasoning: expected.reasoning,
    calls: expected.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
  };
}

const idsOf = (completion: ChatCompletion): string[] =>
  (completion.choices[0]?.message.tool_calls ?? []).map((call) => call.id);

/** Serves `testCase` whole and streamed and checks both answers against its parse. */
async function checkServed(client: OpenAI, testCase: ServedCase): Promise<void> {
  const messages: ChatCompletionMessageParam[] = [
    { role: 'user', content: keyed({ output: testCase.text }) },
  ];
  const request = {
    model: modelName(testCase.format, testCase.started),
    messages,
    tools: openaiTools(testCase.tools),
  };
  const whole = await client.chat.completions.create(request);
  const stream = client.chat.completions.stream(request);
  // The SDK's accumulator keeps only the last `reasoning_content` delta: the deltas are joined here.
  let streamedReasoning = '';
  stream.on('chunk', (chunk) => {
    const delta = chunk.choices[0]?.delta as { reasoning_content?: string } | undefined;
    streamedReasoning += delta?.reasoning_content ?? '';
  });
  const streamed = await stream.finalChatCompletion();
  const wholeReasoning = (whole.choices[0]?.message as { reasoning_content?: string }).reasoning_content;
  const want = expectedAnswer(testCase.expected);
  expect({
    case: testCase.label,
    whole: answerOf(whole, wholeReasoning ?? ''),
    streamed: answerOf(streamed, streamedReasoning),
  }).toEqual({
    case: testCase.label,
    whole: want,
    streamed: want,
  });
  const ids = [...idsOf(whole), ...idsOf(streamed)];
  expect(ids.filter((id) => !callId.test(id))).toEqual([]);
  expect(new Set(ids).size).toBe(ids.length);
}

// ---------------------------------------------------------------------------------------------
// 1. Every format's outputs, whole and streamed

describe('every format through the gateway and the openai SDK', () => {
  let serving: ChatServing;
  beforeAll(async () => {
    serving = await serveChat((url) =>
      configuredModels(
        formats.flatMap((format, index) =>
          [false, true].map((started) =>
            modelConfig(
              modelName(format.id, started),
              format.id,
              { type: rawKinds[index % rawKinds.length] ?? 'llamacpp' },
              url,
              started,
            ),
          ),
        ),
      ),
    );
  });
  afterAll(() => serving.close());

  it('the formats without a built-in template are the listed ones', () => {
    const { errors } = readGatewayConfig(
      {
        models: formats.map((format) => ({
          name: format.id,
          format: format.id,
          backend: { type: 'openai-completions', url: 'http://127.0.0.1:9' },
        })),
      },
      {},
    );
    const without = errors.map((line) => /format "([^"]+)" has no built-in template/.exec(line)?.[1] ?? line);
    expect(without).toEqual(data.withoutBuiltinTemplate);
  });

  it("a format named by an alias gets its format's built-in template", () => {
    const templates = ['qwen', 'qwq', 'qwen3_xml', 'deepseek_r1', 'hermes'].map((format) => {
      const { config, errors } = readGatewayConfig(
        {
          models: [{ name: 'm', format, backend: { type: 'openai-completions', url: 'http://127.0.0.1:9' } }],
        },
        {},
      );
      expect(errors).toEqual([]);
      return config?.models[0]?.template;
    });
    expect(templates).toEqual([
      { builtin: 'qwen2.5' },
      { builtin: 'qwen2.5' },
      { builtin: 'qwen3-coder' },
      { builtin: 'deepseek-r1' },
      { builtin: 'qwen2.5' },
    ]);
  });

  const covered = { formats: new Set<string>(), reasoning: new Set<string>(), cases: 0 };
  for (const format of formats) {
    it(`${format.id}: its fixtures and example, whole and streamed`, async () => {
      const cases = sample(fixtureCases(format.id), fixturesPerFormat);
      const example = servedCase(`example ${format.id}`, format.id, format.example, false, undefined);
      if (example !== undefined) cases.push(example);
      if (format.id !== 'content_only') expect(cases.length).toBeGreaterThan(0);
      for (const testCase of cases) {
        await checkServed(serving.client, testCase);
        covered.cases++;
        covered.formats.add(format.id);
        if (testCase.expected.reasoning !== '') covered.reasoning.add(format.id);
      }
    });
  }

  describe.skipIf(parseCorpus === undefined)('outputs from shared/corpus/parse', () => {
    for (const format of formats) {
      const cases = sample(corpusCases(format.id), corpusPerFormat);
      if (cases.length === 0) continue;
      it(`${format.id}: ${cases.map((testCase) => testCase.label).join(', ')}`, async () => {
        for (const testCase of cases) await checkServed(serving.client, testCase);
      });
    }
  });

  it('covered every format that can call, several with reasoning', () => {
    console.info(
      `every-format: ${covered.cases} outputs of ${covered.formats.size} formats served whole and streamed; ` +
        `with reasoning: ${[...covered.reasoning].join(', ')}`,
    );
    expect(formats.filter((format) => !covered.formats.has(format.id)).map((format) => format.id)).toEqual([
      'content_only',
    ]);
    expect(covered.reasoning.size).toBeGreaterThanOrEqual(5);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Grammars for tool_choice required and a named tool

describe('tool_choice required and a named tool on backends that take grammars', () => {
  const withEnvelope = formats.filter((format) => !data.withoutEnvelope.includes(format.id));
  let serving: ChatServing;
  beforeAll(async () => {
    serving = await serveChat((url) =>
      configuredModels(
        formats.flatMap((format, index) => [
          modelConfig(`${format.id}@llamacpp`, format.id, { type: 'llamacpp' }, url, false),
          modelConfig(
            `${format.id}@completions`,
            format.id,
            {
              type: 'openai-completions',
              grammarField: grammarFields[index % grammarFields.length],
            },
            url,
            false,
          ),
        ]),
      ),
    );
  });
  afterAll(() => serving.close());

  it('the formats whose calls no grammar can require are the listed ones', () => {
    const tools = [{ name: 'get_weather', parameters: { type: 'object' as const } }];
    const without = formats.filter((format) => {
      try {
        grammarFor({ format, tools, toolChoice: 'required' });
        return false;
      } catch {
        return true;
      }
    });
    expect(without.map((format) => format.id)).toEqual(data.withoutEnvelope);
  });

  withEnvelope.forEach((format) => {
    const index = formats.indexOf(format);
    it(`${format.id}: the backend samples under the format's grammar`, async () => {
      const example = parseToolCalls(format.example, { format });
      const named = example.toolCalls[0]?.name;
      if (named === undefined) throw new Error(`the ${format.id} example has no call`);
      const decoy = {
        name: data.decoyTool,
        parameters: { type: 'object' as const, properties: { q: { type: 'string' as const } } },
      };
      const tools = [...toolsFor(example.toolCalls), decoy];
      // Each format asks once per choice; the two backends take turns, so both see both choices.
      const field = grammarFields[index % grammarFields.length] ?? 'grammar';
      const runs = [
        { choice: 'required' as const, backend: index % 2 === 0 ? ('llamacpp' as const) : field },
        { choice: named, backend: index % 2 === 0 ? field : ('llamacpp' as const) },
      ];
      for (const run of runs) {
        const model = `${format.id}@${run.backend === 'llamacpp' ? 'llamacpp' : 'completions'}`;
        const answer = await serving.client.chat.completions.create({
          model,
          messages: [{ role: 'user', content: keyed({ output: format.example }) }],
          tools: openaiTools(tools),
          tool_choice:
            run.choice === 'required' ? 'required' : { type: 'function', function: { name: run.choice } },
        });
        const body = serving.replay.requests.at(-1)?.body ?? {};
        const dialect = run.backend === 'llamacpp' || run.backend === 'grammar' ? 'gbnf' : 'ebnf';
        const expected = grammarFor({
          format,
          tools,
          toolChoice: run.choice,
          // A named tool is one call to it.
          parallel: run.choice === 'required',
          dialect,
        }).grammar;
        const grammar = grammarIn(body, run.backend);
        expect({ model, choice: run.choice, grammar }).toEqual({
          model,
          choice: run.choice,
          grammar: expected,
        });
        expect(expected).not.toBe('');
        expect(expected).toContain(named);
        if (run.choice === 'required') expect(expected).toContain(data.decoyTool);
        else expect(expected).not.toContain(data.decoyTool);
        expect(answerOf(answer, '').calls).toEqual(
          parseToolCalls(format.example, { format, tools }).toolCalls.map((call) => ({
            name: call.name,
            arguments: call.arguments,
          })),
        );
      }
    });
  });

  for (const id of data.withoutEnvelope) {
    it(`${id}: tool_choice required is refused before the backend is asked`, async () => {
      const before = serving.replay.requests.length;
      const tools = openaiTools([{ name: 'get_weather', parameters: { type: 'object' } }]);
      const request = serving.client.chat.completions.create({
        model: `${id}@llamacpp`,
        messages: [{ role: 'user', content: keyed({ output: 'Hello.' }) }],
        tools,
        tool_choice: 'required',
      });
      await expect(request).rejects.toMatchObject({
        status: 400,
        code: 'invalid_value',
        param: 'tool_choice',
      });
      expect(serving.replay.requests.length).toBe(before);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// 3. The models' own chat templates

// Imported only when there: the module reads the corpus when it loads.
const templateCorpus = hasCorpus('templates') ? await import('../ai-sdk/templates.js') : undefined;

describeCorpus('templates', "the prompt of each model's own chat template (shared/corpus/templates)", () => {
  // describeCorpus calls this only when the corpus is there, so the module was imported.
  const corpus = templateCorpus as NonNullable<typeof templateCorpus>;
  const entries = corpus.loadManifest();
  /** The render date: the gateway's `date_string` and both renderings' `strftime_now` read it. */
  const monday = new Date(2026, 0, 5, 9, 30, 15);
  const call = { id: 'Xa1b2c3d4', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } };
  const result = '{"temperature": 18}';
  const tools = corpus.conversationOpenAITools as ChatCompletionTool[];
  const notRendered: string[] = [];
  let serving: ChatServing;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(monday);
    serving = await serveChat((url) =>
      entries.map((entry) => ({
        name: entry.file,
        format: entry.format,
        renderer: promptRendererFromText(corpus.templateText(entry), {
          name: entry.file,
          ...(entry.bos_token === undefined ? {} : { bosToken: entry.bos_token }),
          ...(entry.eos_token === undefined ? {} : { eosToken: entry.eos_token }),
        }),
        backend: { type: 'openai-completions', url },
      })),
    );
  });
  afterAll(async () => {
    vi.useRealTimers();
    await serving.close();
  });

  for (const entry of entries) {
    it(`${entry.file} (${entry.format})`, async () => {
      // The key the next `keyed` hands out: the prompt to expect is known once it is rendered.
      const question = outputs.nextKey;
      // The conversation as transformers hands it to a template: arguments as an object, the tool
      // message with the name of the call it answers, no text beside the call as "".
      let direct: string;
      try {
        direct = new Template(corpus.templateText(entry)).render({
          messages: [
            { role: 'user', content: question },
            {
              role: 'assistant',
              content: '',
              tool_calls: [
                { id: call.id, type: 'function', function: { name: call.name, arguments: call.input } },
              ],
            },
            { role: 'tool', tool_call_id: call.id, name: call.name, content: result },
          ],
          tools,
          add_generation_prompt: true,
          bos_token: entry.bos_token ?? '',
          eos_token: entry.eos_token ?? '',
          date_string: '05 Jan 2026',
        });
      } catch {
        notRendered.push(entry.file);
        return;
      }
      expect(keyed({ output: 'Done.', expectPrompt: direct })).toBe(question);
      const answer = await serving.client.chat.completions
        .create({
          model: entry.file,
          messages: [
            { role: 'user', content: question },
            {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: JSON.stringify(call.input) },
                },
              ],
            },
            { role: 'tool', tool_call_id: call.id, content: result },
          ],
          tools,
        })
        .catch((error: unknown) => error);
      expect(serving.replay.requests.at(-1)?.body.prompt).toBe(direct);
      expect(answer).toMatchObject({ object: 'chat.completion' });
    });
  }

  it('the templates that do not render directly are the listed ones', () => {
    console.info(
      `every-format: ${entries.length - notRendered.length} of ${entries.length} corpus templates ` +
        'give the backend their own prompt',
    );
    expect(notRendered).toEqual(data.templatesNotRenderedDirectly);
  });
});
