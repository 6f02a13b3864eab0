/**
 * Property: `repairHistory(history, { target })` then the target's `toRequest` gives a request whose
 * calls and results pair as the provider requires, read from the wire body itself (not from the
 * repair's bookkeeping). Histories are generated from the pieces that break pairing: provider-executed
 * calls with their result in the turn or without one, results inside assistant messages (answering a
 * call of the turn or none), results before their call, in the wrong turn or twice, repeated, empty,
 * long (100 characters) and surrogate-pair ids, invalid calls.
 *
 * Rules per target (providers.md §9, `test/providers/repair/repair-history.test.ts`):
 * - every target: each call id once in the request (H6); each call answered by exactly one result, after
 *   it (H1, H2);
 * - OpenAI Chat, Mistral: the results of an assistant message's `tool_calls` are the `tool` messages right
 *   after it, no other `tool` message (H3); Mistral: a `tool` message is never followed by a `user` one
 *   (H5);
 * - OpenAI Responses: each `function_call_output` after its `function_call` and before the next user or
 *   system message item (H3);
 * - Anthropic, Bedrock: the results of an assistant turn's `tool_use` / `toolUse` blocks are the first
 *   blocks of the next message, a user turn (H3, H4), and results appear nowhere else; roles alternate;
 * - Gemini: a `model` turn's `functionCall`s are answered by the `functionResponse`s of the next content,
 *   one per call, in call order, with the call's name (and id when sent) (H3, H14);
 * - Ollama: no order rule (its chat template pairs results by id): only once each, after the call;
 * - ids and tool names as each target takes them (H7, H8: `ID_RULES`, `NAME_RULES`).
 */
import fc from 'fast-check';
import { getProvider, providerIds, repairHistory } from '../../../src/providers/index.js';
import type { ProviderId } from '../../../src/providers/provider-converter.js';
import type { AssistantPart, Message, ProviderOptions, ToolResultPart } from '../../../src/types/message.js';

const id = fc.constantFrom(
  'a',
  'b',
  'c',
  '',
  'call_0',
  'srvtoolu_1',
  'functions.get:0',
  'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
  'x'.repeat(100),
  `${'y'.repeat(39)}😀z`,
  '😀'.repeat(30),
);
const name = fc.constantFrom('get_weather', 'web_search', 'web.search', '', '1tool');
const options = fc.constantFrom<ProviderOptions | undefined>(
  undefined,
  { anthropic: { signature: 's' } },
  { openai: { itemId: 'rs_1' } },
  { google: { thoughtSignature: 'g' } },
);
const text = fc.constantFrom('', ' ', 'hi', 'done ');
const output = fc.constantFrom<ToolResultPart['output']>(
  { type: 'text', value: 'r' },
  { type: 'json', value: { hits: [1] } },
  { type: 'error-text', value: 'failed' },
  { type: 'execution-denied', reason: 'no' },
  { type: 'content', value: [{ type: 'text', text: 'seen' }] },
);
const result: fc.Arbitrary<ToolResultPart> = fc
  .record({ toolCallId: id, toolName: name, output })
  .map((part) => ({ type: 'tool-result', ...part }));
const call = fc
  .record({
    toolCallId: id,
    toolName: name,
    input: fc.constantFrom<unknown>({ city: 'Oslo' }, '{"city":"Rome"}', [1], null),
    providerExecuted: fc.constantFrom(undefined, true, true),
    providerOptions: options,
  })
  .map(({ providerOptions, providerExecuted, ...part }) => ({
    type: 'tool-call' as const,
    ...part,
    ...(providerExecuted ? { providerExecuted } : {}),
    ...(providerOptions ? { providerOptions } : {}),
  }));
const assistantPart: fc.Arbitrary<AssistantPart> = fc.oneof(
  { weight: 2, arbitrary: text.map((value) => ({ type: 'text', text: value }) as const) },
  {
    weight: 1,
    arbitrary: fc.record({ text, providerOptions: options }).map(({ text: value, providerOptions }) => ({
      type: 'reasoning' as const,
      text: value,
      ...(providerOptions ? { providerOptions } : {}),
    })),
  },
  { weight: 4, arbitrary: call },
  // A result inside the assistant message: a provider-executed call's (when the ids meet) or misplaced.
  { weight: 2, arbitrary: result },
  {
    weight: 1,
    arbitrary: fc
      .record({
        toolCallId: fc.option(id, { nil: undefined }),
        toolName: fc.option(name, { nil: undefined }),
      })
      .map(({ toolCallId, toolName }) => ({
        type: 'tool-call-invalid' as const,
        ...(toolCallId === undefined ? {} : { toolCallId }),
        ...(toolName === undefined ? {} : { toolName }),
        raw: '{"city": "Oslo"',
        error: 'bad',
      })),
  },
);
const message: fc.Arbitrary<Message> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Message>({ role: 'system', content: 'sys' }) },
  { weight: 2, arbitrary: text.map((value): Message => ({ role: 'user', content: value })) },
  {
    weight: 4,
    arbitrary: fc
      .array(assistantPart, { maxLength: 5 })
      .map((content): Message => ({ role: 'assistant', content })),
  },
  {
    weight: 3,
    arbitrary: fc
      .array(result, { minLength: 1, maxLength: 3 })
      .map((content): Message => ({ role: 'tool', content })),
  },
);

/** One generated input: a history and the repair policy. */
export interface ProviderWireInput {
  readonly messages: readonly Message[];
  readonly dangling: 'result' | 'drop';
  readonly orphan: 'drop' | 'text';
}

export const providerWireInput: fc.Arbitrary<ProviderWireInput> = fc.record({
  messages: fc.array(message, { maxLength: 12 }),
  dangling: fc.constantFrom('result', 'drop'),
  orphan: fc.constantFrom('drop', 'text'),
});

/** Every broken pairing rule of every target's request for `input` (empty: all hold). */
export function providerWireViolations(input: ProviderWireInput): string[] {
  const found: string[] = [];
  for (const target of providerIds) {
    let body: unknown;
    try {
      const repaired = repairHistory(input.messages, {
        target,
        policy: { dangling: input.dangling, orphan: input.orphan },
      });
      body = getProvider(target).toRequest({ model: 'm', messages: repaired.messages }).value;
    } catch (error) {
      found.push(`${target}: threw ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const problem of wireViolations(target, body)) found.push(`${target}: ${problem}`);
  }
  return found;
}

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** The pairing rules of `target`, checked on its request `body`, and its id and name rules. */
export function wireViolations(target: ProviderId, body: unknown): string[] {
  return [...pairingViolations(target, body), ...formViolations(target, body)];
}

/**
 * Id and tool-name rules (H7, H8; `src/providers/repair/target-rules.ts`): Anthropic and Bedrock ids
 * `[a-zA-Z0-9_-]{1,64}`, OpenAI ids 1 to 40 characters, Mistral ids exactly 9 of `[a-zA-Z0-9]`;
 * names `[a-zA-Z0-9_-]{1,64}` but for Gemini (a letter or `_` first) and Ollama (any).
 */
const ID_RULES: Partial<Record<ProviderId, (id: string) => boolean>> = {
  anthropic: (id) => /^[a-zA-Z0-9_-]{1,64}$/.test(id),
  bedrock: (id) => /^[a-zA-Z0-9_-]{1,64}$/.test(id),
  'openai-chat': (id) => id.length >= 1 && id.length <= 40,
  'openai-responses': (id) => id.length >= 1 && id.length <= 40,
  mistral: (id) => /^[a-zA-Z0-9]{9}$/.test(id),
};
const NAME_RULES: Partial<Record<ProviderId, (name: string) => boolean>> = {
  anthropic: (name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name),
  bedrock: (name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name),
  'openai-chat': (name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name),
  'openai-responses': (name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name),
  mistral: (name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name),
  gemini: (name) => /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/.test(name),
};

/** Every call's and result's id and name as `target`'s request `body` sends them. */
function sentIdsAndNames(target: ProviderId, body: unknown): { ids: unknown[]; names: unknown[] } {
  const request = body as Json;
  const ids: unknown[] = [];
  const names: unknown[] = [];
  switch (target) {
    case 'openai-chat':
    case 'mistral':
    case 'ollama':
      for (const message of list(request.messages)) {
        if (message.role === 'tool') ids.push(message.tool_call_id);
        for (const entry of list(message.tool_calls)) {
          ids.push(entry.id);
          names.push((entry.function as Json).name);
        }
      }
      break;
    case 'openai-responses':
      for (const item of list(request.input)) {
        if (item.type === 'function_call') names.push(item.name);
        if (item.type === 'function_call' || item.type === 'function_call_output') ids.push(item.call_id);
      }
      break;
    case 'anthropic':
      for (const block of list(request.messages).flatMap((message) => list(message.content))) {
        if (block.type === 'tool_use') {
          ids.push(block.id);
          names.push(block.name);
        }
        if (block.type === 'tool_result') ids.push(block.tool_use_id);
      }
      break;
    case 'bedrock':
      for (const block of list(request.messages).flatMap((message) => list(message.content))) {
        const use = block.toolUse as Json | undefined;
        if (use !== undefined) {
          ids.push(use.toolUseId);
          names.push(use.name);
        }
        if (block.toolResult !== undefined) ids.push((block.toolResult as Json).toolUseId);
      }
      break;
    case 'gemini':
      for (const part of list(request.contents).flatMap((content) => list(content.parts))) {
        const sent = (part.functionCall ?? part.functionResponse) as Json | undefined;
        if (sent !== undefined) names.push(sent.name);
      }
      break;
  }
  return { ids, names };
}

function formViolations(target: ProviderId, body: unknown): string[] {
  const { ids, names } = sentIdsAndNames(target, body);
  const idRule = ID_RULES[target];
  const nameRule = NAME_RULES[target];
  return [
    ...(idRule === undefined
      ? []
      : ids.filter((id) => typeof id !== 'string' || !idRule(id)).map((id) => `id ${JSON.stringify(id)}`)),
    ...(nameRule === undefined
      ? []
      : names
          .filter((name) => typeof name !== 'string' || !nameRule(name))
          .map((name) => `tool name ${JSON.stringify(name)}`)),
  ];
}

function pairingViolations(target: ProviderId, body: unknown): string[] {
  const request = body as Json;
  switch (target) {
    case 'openai-chat':
    case 'mistral':
    case 'ollama':
      return chatStyle(target, list(request.messages));
    case 'openai-responses':
      return responsesStyle(list(request.input));
    case 'anthropic':
      return blockStyle(
        list(request.messages),
        'tool_use',
        'tool_result',
        (b) => b.id,
        (b) => b.tool_use_id,
      );
    case 'bedrock':
      return blockStyle(
        list(request.messages),
        'toolUse',
        'toolResult',
        (b) => (b.toolUse as Json).toolUseId,
        (b) => (b.toolResult as Json).toolUseId,
      );
    case 'gemini':
      return geminiStyle(list(request.contents));
  }
}

/** Ids called more than once, and calls without exactly one result (`answers`: id → result count). */
function pairing(calls: readonly unknown[], answers: ReadonlyMap<unknown, number>): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  for (const callId of calls) {
    if (seen.has(callId)) out.push(`call id ${String(callId)} used twice`);
    seen.add(callId);
    const count = answers.get(callId) ?? 0;
    if (count !== 1) out.push(`call ${String(callId)} answered ${count} times`);
  }
  for (const [resultId] of answers)
    if (!seen.has(resultId)) out.push(`result ${String(resultId)} answers no call`);
  return out;
}

const count = (map: Map<unknown, number>, key: unknown): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};

function chatStyle(target: ProviderId, messages: readonly Json[]): string[] {
  const out: string[] = [];
  const calls: unknown[] = [];
  const answers = new Map<unknown, number>();
  let open: Set<unknown> | undefined;
  messages.forEach((message, index) => {
    if (message.role === 'tool') {
      const resultId = message.tool_call_id;
      count(answers, resultId);
      if (!calls.includes(resultId)) out.push(`tool message ${index} before its call`);
      if (target !== 'ollama') {
        if (open === undefined) out.push(`tool message ${index} not right after its call's message`);
        else if (!open.delete(resultId))
          out.push(`tool message ${index} answers no call of the turn before it`);
      }
      if (target === 'mistral' && messages[index + 1]?.role === 'user')
        out.push(`tool message ${index} before a user message`);
      return;
    }
    if (open !== undefined && open.size > 0 && target !== 'ollama')
      out.push(`calls ${[...open].join(', ')} not answered right after their turn`);
    open = undefined;
    if (message.role === 'assistant') {
      const ids = list(message.tool_calls).map((entry) => entry.id);
      calls.push(...ids);
      open = new Set(ids);
    }
  });
  if (open !== undefined && open.size > 0 && target !== 'ollama')
    out.push(`calls ${[...open].join(', ')} not answered`);
  return [...out, ...pairing(calls, answers)];
}

function responsesStyle(items: readonly Json[]): string[] {
  const out: string[] = [];
  const calls: unknown[] = [];
  const answers = new Map<unknown, number>();
  let open = new Set<unknown>();
  items.forEach((item, index) => {
    if (item.type === 'function_call') {
      calls.push(item.call_id);
      open.add(item.call_id);
    } else if (item.type === 'function_call_output') {
      count(answers, item.call_id);
      if (!open.delete(item.call_id)) out.push(`output ${index} answers no call of its turn`);
    } else if (item.type === 'message' && item.role !== 'assistant') {
      if (open.size > 0) out.push(`calls ${[...open].join(', ')} not answered before item ${index}`);
      open = new Set();
    }
  });
  return [...out, ...pairing(calls, answers)];
}

function blockStyle(
  messages: readonly Json[],
  useType: string,
  resultType: string,
  useId: (block: Json) => unknown,
  resultId: (block: Json) => unknown,
): string[] {
  const out: string[] = [];
  const calls: unknown[] = [];
  const answers = new Map<unknown, number>();
  const kind = (block: Json): string | undefined =>
    useType === 'tool_use'
      ? (block.type as string)
      : Object.keys(block).find((key) => key === useType || key === resultType);
  messages.forEach((message, index) => {
    const blocks = list(message.content);
    if (messages[index + 1]?.role === message.role)
      out.push(`two ${String(message.role)} messages in a row at ${index}`);
    const uses = blocks.filter((block) => kind(block) === useType).map(useId);
    calls.push(...uses);
    const results = blocks.filter((block) => kind(block) === resultType);
    for (const block of results) count(answers, resultId(block));
    if (blocks.slice(0, results.length).some((block) => kind(block) !== resultType))
      out.push(`message ${index}: results after other blocks`);
    const previous = messages[index - 1];
    const asked = new Set(
      previous?.role === 'assistant'
        ? list(previous.content)
            .filter((block) => kind(block) === useType)
            .map(useId)
        : [],
    );
    const given = results.map(resultId);
    if (message.role === 'user' && asked.size > 0) {
      const answered = new Set(given);
      for (const callId of asked)
        if (!answered.has(callId)) out.push(`call ${String(callId)} not answered in the next turn`);
    }
    for (const callId of given)
      if (!asked.has(callId))
        out.push(`message ${index}: result ${String(callId)} answers no call of the turn before`);
    if (message.role === 'assistant' && uses.length > 0 && messages[index + 1] === undefined)
      out.push(`calls of the last turn unanswered`);
  });
  return [...out, ...pairing(calls, answers)];
}

function geminiStyle(contents: readonly Json[]): string[] {
  const out: string[] = [];
  contents.forEach((content, index) => {
    const parts = list(content.parts);
    const responses = parts
      .filter((part) => part.functionResponse !== undefined)
      .map((part) => part.functionResponse as Json);
    const previous = contents[index - 1];
    const asked =
      previous?.role === 'model'
        ? list(previous.parts)
            .filter((part) => part.functionCall !== undefined)
            .map((part) => part.functionCall as Json)
        : [];
    if (responses.length > 0 || asked.length > 0) {
      const got = responses.map((entry) => `${String(entry.name)}#${String(entry.id)}`);
      const want = asked.map((entry) => `${String(entry.name)}#${String(entry.id)}`);
      if (JSON.stringify(got) !== JSON.stringify(want))
        out.push(`content ${index}: responses ${got} for calls ${want}`);
    }
  });
  const last = contents[contents.length - 1];
  if (last?.role === 'model' && list(last.parts).some((part) => part.functionCall !== undefined))
    out.push('calls of the last turn unanswered');
  return out;
}
