import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProviderId } from '../../../src/providers/provider-converter.js';
import { repairHistory } from '../../../src/providers/repair/index.js';
import { idRuleOf, nameRuleOf, PROVIDER_IDS } from '../../../src/providers/repair/target-rules.js';
import type {
  AssistantPart,
  Message,
  ProviderOptions,
  ToolMessage,
  ToolResultPart,
} from '../../../src/types/message.js';

// Random histories built from the pieces that break the rules (missing, repeated and foreign ids, bad
// names, invalid calls, displaced and orphan results, blank text, other providers' metadata), checked by
// an independent reading of the rules on the repaired output.
const id = fc.constantFrom(
  'a',
  'b',
  'c',
  '',
  'callAaaa1',
  'functions.get:0',
  'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
  'x'.repeat(50),
);
const name = fc.constantFrom('get_weather', 'web.search', '', '1tool');
const options = fc.constantFrom<ProviderOptions | undefined>(
  undefined,
  { anthropic: { signature: 's' } },
  { openai: { itemId: 'rs_1' } },
  { google: { thoughtSignature: 'g' } },
  { bedrock: { signature: 'b' } },
);
const text = fc.constantFrom('', ' ', 'hi', 'done ');
const assistantPart: fc.Arbitrary<AssistantPart> = fc.oneof(
  text.map((value) => ({ type: 'text', text: value }) as const),
  fc.record({ text, providerOptions: options }).map(({ text: value, providerOptions }) => ({
    type: 'reasoning' as const,
    text: value,
    ...(providerOptions ? { providerOptions } : {}),
  })),
  fc
    .record({
      toolCallId: id,
      toolName: name,
      input: fc.constantFrom<unknown>({ city: 'Oslo' }, '{"city":"Rome"}', [1], null, 'Oslo'),
      providerOptions: options,
    })
    .map(({ providerOptions, ...call }) => ({
      type: 'tool-call' as const,
      ...call,
      ...(providerOptions ? { providerOptions } : {}),
    })),
  fc
    .record({
      toolCallId: fc.option(id, { nil: undefined }),
      toolName: fc.option(name, { nil: undefined }),
      raw: fc.constantFrom('{"city": "Oslo"', '<tool_call>{', 'get(x='),
    })
    .map(({ toolCallId, toolName, raw }) => ({
      type: 'tool-call-invalid' as const,
      ...(toolCallId === undefined ? {} : { toolCallId }),
      ...(toolName === undefined ? {} : { toolName }),
      raw,
      error: 'bad',
    })),
);
const resultPart: fc.Arbitrary<ToolResultPart> = fc
  .record({ toolCallId: id, toolName: name })
  .map((part) => ({
    type: 'tool-result',
    ...part,
    output: { type: 'text', value: 'r' },
  }));
const message: fc.Arbitrary<Message> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Message>({ role: 'system', content: 'sys' }) },
  { weight: 2, arbitrary: text.map((value): Message => ({ role: 'user', content: value })) },
  {
    weight: 3,
    arbitrary: fc
      .array(assistantPart, { maxLength: 4 })
      .map((content): Message => ({ role: 'assistant', content })),
  },
  {
    weight: 3,
    arbitrary: fc
      .array(resultPart, { minLength: 1, maxLength: 3 })
      .map((content): Message => ({ role: 'tool', content })),
  },
);
const history = fc.array(message, { maxLength: 12 });
const policy = fc.record({
  dangling: fc.constantFrom('result', 'drop'),
  orphan: fc.constantFrom('drop', 'text'),
} as const);

/** The rules the output must keep, read directly (not through the repair's own bookkeeping). */
function violations(messages: readonly Message[], target: ProviderId): string[] {
  const found: string[] = [];
  const ids = new Set<string>();
  const idRule = idRuleOf(target);
  const nameRule = nameRuleOf(target);
  messages.forEach((current, index) => {
    const next = messages[index + 1];
    const previous = messages[index - 1];
    const parts = typeof current.content === 'string' ? [] : (current.content as readonly { type: string }[]);
    if (typeof current.content === 'string' ? current.content.trim() === '' : parts.length === 0) {
      found.push(`H12 empty message ${index}`);
    }
    for (const part of parts as readonly (AssistantPart | ToolResultPart)[]) {
      if (part.type === 'text' && part.text.trim() === '') found.push(`H12 empty text ${index}`);
      const ownKey =
        target === 'openai-chat' || target === 'openai-responses'
          ? 'openai'
          : target === 'gemini'
            ? 'google'
            : target;
      if (
        part.type === 'reasoning' &&
        part.text.trim() === '' &&
        part.providerOptions?.[ownKey] === undefined
      ) {
        found.push(`H12 empty reasoning ${index}`);
      }
      if (part.type === 'tool-call-invalid') found.push(`H10 invalid call left ${index}`);
      if (part.type === 'tool-call' || part.type === 'tool-result') {
        if (idRule && !idRule.accepts(part.toolCallId)) found.push(`H7 id ${part.toolCallId}`);
        if (nameRule && !nameRule.accepts(part.toolName)) found.push(`H8 name ${part.toolName}`);
      }
      if (part.type === 'tool-call') {
        if (typeof part.input !== 'object' || part.input === null || Array.isArray(part.input))
          found.push(`H9 ${index}`);
        if (ids.has(part.toolCallId)) found.push(`H6 id ${part.toolCallId} repeated`);
        ids.add(part.toolCallId);
      }
      const key =
        target === 'openai-chat' || target === 'openai-responses'
          ? 'openai'
          : target === 'gemini'
            ? 'google'
            : target;
      for (const provider of Object.keys(part.providerOptions ?? {})) {
        if (provider !== key) found.push(`H11 ${provider} metadata at ${index}`);
      }
    }
    if (current.role === 'assistant') {
      const calls = (parts as AssistantPart[]).filter(
        (part) => part.type === 'tool-call' && !part.providerExecuted,
      );
      const answered: string[] = [];
      for (let after = index + 1; messages[after]?.role === 'tool'; after++) {
        for (const part of (messages[after] as ToolMessage).content) {
          answered.push(part.toolCallId);
          const call = calls.find(
            (candidate) => (candidate as { toolCallId: string }).toolCallId === part.toolCallId,
          );
          if (target === 'gemini' && call && (call as { toolName: string }).toolName !== part.toolName) {
            found.push(`H14 result ${part.toolCallId} named ${part.toolName}`);
          }
        }
      }
      const callIds = calls.map((part) => (part as { toolCallId: string }).toolCallId);
      if (JSON.stringify([...answered].sort()) !== JSON.stringify([...callIds].sort())) {
        found.push(`H1/H2 turn ${index}: calls ${callIds} results ${answered}`);
      }
    }
    if (current.role === 'tool' && previous?.role !== 'assistant' && previous?.role !== 'tool')
      found.push(`H3 tool message ${index} not after its call`);
    if (target === 'mistral' && current.role === 'tool' && next?.role === 'user') found.push(`H5 ${index}`);
    if (
      (target === 'anthropic' || target === 'bedrock') &&
      next?.role === current.role &&
      current.role !== 'system' &&
      current.role !== 'tool'
    ) {
      found.push(`H12 same role ${index}`);
    }
  });
  return found;
}

describe('repairHistory properties', () => {
  it.each(
    PROVIDER_IDS,
  )('repaired histories keep the rules, repair to themselves, are stable (%s)', (target) => {
    fc.assert(
      fc.property(history, policy, (messages, chosen) => {
        const before = JSON.stringify(messages);
        const repaired = repairHistory(messages, { target, policy: chosen });
        expect(violations(repaired.messages, target)).toEqual([]);
        expect(JSON.stringify(messages)).toBe(before);
        expect(JSON.stringify(repairHistory(messages, { target, policy: chosen }))).toBe(
          JSON.stringify(repaired),
        );
        const again = repairHistory(repaired.messages, { target, policy: chosen });
        expect(again.changes).toEqual([]);
        expect(again.messages).toEqual(repaired.messages);
        if (repaired.changes.length === 0) expect(repaired.messages).toEqual(messages);
      }),
      { seed: Number(process.env.SEED ?? 20261201), numRuns: Number(process.env.RUNS ?? 300) },
    );
  }, 120000);
});
