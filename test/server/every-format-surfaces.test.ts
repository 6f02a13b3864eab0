/**
 * Every format of the registry through the gateway's Responses and Messages surfaces, as their
 * official SDKs see it (`every-format.test.ts` does the same for Chat Completions): the `openai` SDK's
 * `responses.create` and `responses.stream`, the `@anthropic-ai/sdk` `messages.create` and
 * `messages.stream`, a replay backend behind.
 *
 * 1. Per format, one of its fixtures (one with reasoning when it has one) and its example, each
 *    answered four ways: the calls each SDK reports (name and arguments, in order), the content
 *    (trimmed at its ends, as the gateway answers) and the reasoning equal `parseToolCalls` on the
 *    same text.
 * 2. Per format, on the backends that take grammars: Anthropic `tool_choice` `any` and `tool`, and
 *    Responses `required` and a named function: the backend receives `grammarFor`'s grammar in its
 *    own field, and the calls come back.
 *
 * One gateway serves the whole file; each request names its output (`Case N.`) in its prompt.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FormatDefinition,
  grammarFor,
  listFormats,
  type ParseResult,
  parseToolCalls,
  type ToolDefinition,
} from '../../src/index.js';
import data from './every-format.json' with { type: 'json' };
import {
  configuredModels,
  fixtureCases,
  type GrammarField,
  grammarFields,
  grammarIn,
  KeyedOutputs,
  modelConfig,
  modelName,
  type ServedCase,
  type Serving,
  sample,
  serve,
  servedCase,
  toolsFor,
} from './every-format-cases.js';

const formats: readonly FormatDefinition[] = listFormats();
/** Anthropic's tool name rule; Responses takes these names too. */
const anthropicToolName = /^[a-zA-Z0-9_-]{1,128}$/;

/** Each format's backend: llama.cpp and `openai-completions` with each grammar field, in turn. */
const backendOf = (index: number): GrammarField | 'llamacpp' =>
  index % 2 === 0 ? 'llamacpp' : (grammarFields[Math.floor(index / 2) % grammarFields.length] ?? 'grammar');

const outputs = new KeyedOutputs();

interface Clients {
  readonly openai: OpenAI;
  readonly anthropic: Anthropic;
}

let serving: Serving;
let clients: Clients;
beforeAll(async () => {
  serving = await serve(outputs.recordingFor, (url) =>
    configuredModels(
      formats.flatMap((format, index) => {
        const kind = backendOf(index);
        const backend =
          kind === 'llamacpp'
            ? { type: 'llamacpp' as const }
            : { type: 'openai-completions' as const, grammarField: kind };
        return [false, true].map((started) =>
          modelConfig(modelName(format.id, started), format.id, backend, url, started),
        );
      }),
    ),
  );
  clients = {
    openai: new OpenAI({ baseURL: `${serving.url}/v1`, apiKey: 'unused', maxRetries: 0 }),
    anthropic: new Anthropic({ baseURL: serving.url, apiKey: 'unused', maxRetries: 0 }),
  };
});
afterAll(() => serving.close());

// ---------------------------------------------------------------------------------------------
// The tools and answers of each surface

function responsesTools(tools: readonly ToolDefinition[]): OpenAI.Responses.FunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    parameters: tool.parameters as Record<string, unknown>,
    strict: false,
  }));
}

function anthropicTools(tools: readonly ToolDefinition[]): Anthropic.Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    input_schema: tool.parameters as Anthropic.Tool.InputSchema,
  }));
}

/** What a client got, in the terms the surfaces share. */
interface Answer {
  readonly end: string | null;
  readonly content: string;
  readonly reasoning: string;
  readonly calls: { name: string; arguments: unknown }[];
}

function responseAnswer(response: OpenAI.Responses.Response): Answer {
  let content = '';
  let reasoning = '';
  const calls: Answer['calls'] = [];
  for (const item of response.output) {
    if (item.type === 'message') {
      for (const part of item.content) if (part.type === 'output_text') content += part.text;
    } else if (item.type === 'reasoning') {
      for (const part of item.content ?? []) reasoning += part.text;
    } else if (item.type === 'function_call') {
      calls.push({ name: item.name, arguments: JSON.parse(item.arguments) as unknown });
    } else throw new Error(`an output item of type ${item.type}`);
  }
  return { end: response.status ?? null, content, reasoning, calls };
}

function messageAnswer(message: Anthropic.Message): Answer {
  let content = '';
  let reasoning = '';
  const calls: Answer['calls'] = [];
  for (const block of message.content) {
    if (block.type === 'text') content += block.text;
    else if (block.type === 'thinking') reasoning += block.thinking;
    else if (block.type === 'tool_use') calls.push({ name: block.name, arguments: block.input });
    else throw new Error(`a content block of type ${block.type}`);
  }
  return { end: message.stop_reason, content, reasoning, calls };
}

const callsOf = (expected: ParseResult): Answer['calls'] =>
  expected.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments }));

function expectedAnswer(expected: ParseResult, end: string): Answer {
  return { end, content: expected.content.trim(), reasoning: expected.reasoning, calls: callsOf(expected) };
}

/** Serves `testCase` through both surfaces, whole and streamed, and checks all four answers. */
async function checkServed(testCase: ServedCase): Promise<void> {
  const model = modelName(testCase.format, testCase.started);
  const responsesRequest = () => ({
    model,
    input: outputs.keyed({ output: testCase.text }),
    tools: responsesTools(testCase.tools),
  });
  const messagesRequest = () => ({
    model,
    max_tokens: 4096,
    messages: [{ role: 'user' as const, content: outputs.keyed({ output: testCase.text }) }],
    tools: anthropicTools(testCase.tools),
  });
  const [whole, streamed, message, streamedMessage] = await Promise.all([
    clients.openai.responses.create(responsesRequest()),
    clients.openai.responses.stream(responsesRequest()).finalResponse(),
    clients.anthropic.messages.create(messagesRequest()),
    clients.anthropic.messages.stream(messagesRequest()).finalMessage(),
  ]);
  const responses = expectedAnswer(testCase.expected, 'completed');
  const messages = expectedAnswer(testCase.expected, 'tool_use');
  expect({
    case: testCase.label,
    'responses.create': responseAnswer(whole),
    'responses.stream': responseAnswer(streamed),
    'messages.create': messageAnswer(message),
    'messages.stream': messageAnswer(streamedMessage),
  }).toEqual({
    case: testCase.label,
    'responses.create': responses,
    'responses.stream': responses,
    'messages.create': messages,
    'messages.stream': messages,
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Every format's outputs, both surfaces, whole and streamed

describe('every format through Responses and Messages and their SDKs', () => {
  const covered = { formats: new Set<string>(), reasoning: new Set<string>(), cases: 0 };
  for (const format of formats) {
    it(`${format.id}: a fixture and its example`, async () => {
      const cases = sample(fixtureCases(format.id, anthropicToolName), 1);
      const example = servedCase(
        `example ${format.id}`,
        format.id,
        format.example,
        false,
        undefined,
        anthropicToolName,
      );
      if (example !== undefined) cases.push(example);
      await Promise.all(cases.map(checkServed));
      for (const testCase of cases) {
        covered.cases++;
        covered.formats.add(format.id);
        if (testCase.expected.reasoning !== '') covered.reasoning.add(format.id);
      }
    });
  }

  it('covered every format that can call, several with reasoning', () => {
    console.info(
      `every-format-surfaces: ${covered.cases} outputs of ${covered.formats.size} formats, four ways each; ` +
        `with reasoning: ${covered.reasoning.size} formats`,
    );
    expect(formats.filter((format) => !covered.formats.has(format.id)).map((format) => format.id)).toEqual(
      data.withoutEnvelope,
    );
    expect(covered.reasoning.size).toBeGreaterThanOrEqual(5);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. tool_choice any / tool and required / a named function, on backends that take grammars

/** The backend request whose prompt holds `key`. */
function sentFor(key: string): Record<string, unknown> {
  const request = serving.replay.requests.find((entry) => String(entry.body.prompt).includes(key));
  if (request === undefined) throw new Error(`no backend request for ${key}`);
  return request.body;
}

describe('tool choices that require calls, under the format grammar', () => {
  formats.forEach((format, index) => {
    if (data.withoutEnvelope.includes(format.id)) return;
    it(`${format.id}: any, tool, required and a named function`, async () => {
      const example = parseToolCalls(format.example, { format });
      const named = example.toolCalls[0]?.name;
      if (named === undefined) throw new Error(`the ${format.id} example has no call`);
      const decoy = {
        name: data.decoyTool,
        parameters: { type: 'object' as const, properties: { q: { type: 'string' as const } } },
      };
      const tools = [...toolsFor(example.toolCalls), decoy];
      const want = callsOf(parseToolCalls(format.example, { format, tools }));
      const field = backendOf(index);
      const dialect = field === 'llamacpp' || field === 'grammar' ? 'gbnf' : 'ebnf';
      const grammarOf = (toolChoice: 'required' | string) =>
        // (A named tool is one call to it.)
        grammarFor({ format, tools, toolChoice, parallel: toolChoice === 'required', dialect }).grammar;
      const keys = [0, 1, 2, 3].map(() => outputs.keyed({ output: format.example }));
      const ask = (key: string) => [{ role: 'user' as const, content: key }];
      const [any, tool, required, function_] = await Promise.all([
        clients.anthropic.messages.create({
          model: format.id,
          max_tokens: 4096,
          messages: ask(keys[0] ?? ''),
          tools: anthropicTools(tools),
          tool_choice: { type: 'any' },
        }),
        clients.anthropic.messages
          .stream({
            model: format.id,
            max_tokens: 4096,
            messages: ask(keys[1] ?? ''),
            tools: anthropicTools(tools),
            tool_choice: { type: 'tool', name: named },
          })
          .finalMessage(),
        clients.openai.responses
          .stream({
            model: format.id,
            input: keys[2] ?? '',
            tools: responsesTools(tools),
            tool_choice: 'required',
          })
          .finalResponse(),
        clients.openai.responses.create({
          model: format.id,
          input: keys[3] ?? '',
          tools: responsesTools(tools),
          tool_choice: { type: 'function', name: named },
        }),
      ]);
      const choices = ['required', named, 'required', named];
      expect(keys.map((key) => grammarIn(sentFor(key), field))).toEqual(choices.map(grammarOf));
      expect(grammarOf('required')).toContain(data.decoyTool);
      expect(grammarOf(named)).not.toContain(data.decoyTool);
      expect([any, tool].map((message) => messageAnswer(message).calls)).toEqual([want, want]);
      expect([required, function_].map((response) => responseAnswer(response).calls)).toEqual([want, want]);
    });
  });

  for (const id of data.withoutEnvelope) {
    it(`${id}: any and required are refused with 400 before the backend is asked`, async () => {
      const before = serving.replay.requests.length;
      const tools = [{ name: 'get_weather', parameters: { type: 'object' as const } }];
      await expect(
        clients.anthropic.messages.create({
          model: id,
          max_tokens: 100,
          messages: [{ role: 'user', content: outputs.keyed({ output: 'Hello.' }) }],
          tools: anthropicTools(tools),
          tool_choice: { type: 'any' },
        }),
      ).rejects.toMatchObject({
        status: 400,
        error: { type: 'error', error: { type: 'invalid_request_error' } },
      });
      await expect(
        clients.openai.responses.create({
          model: id,
          input: outputs.keyed({ output: 'Hello.' }),
          tools: responsesTools(tools),
          tool_choice: 'required',
        }),
      ).rejects.toMatchObject({ status: 400, code: 'invalid_value', param: 'tool_choice' });
      expect(serving.replay.requests.length).toBe(before);
    });
  }
});
