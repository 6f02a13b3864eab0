import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HistoryInvalidError, ToolwireError } from '../../../src/errors/index.js';
import type { ProviderId } from '../../../src/providers/provider-converter.js';
import {
  type HistoryChange,
  type HistoryRule,
  type RepairHistoryPolicy,
  type RepairHistoryResult,
  repairHistory,
} from '../../../src/providers/repair/index.js';
import { PROVIDER_IDS } from '../../../src/providers/repair/target-rules.js';
import type { Message } from '../../../src/types/message.js';

interface RepairCase {
  readonly name: string;
  /** The rule the history breaks (H13: none; the case shows nothing is reordered). */
  readonly rule: HistoryRule;
  readonly targets: readonly ProviderId[];
  readonly policy?: RepairHistoryPolicy;
  readonly tools?: readonly { name: string }[];
  readonly input: Message[];
  readonly expected: RepairHistoryResult;
}

const cases: RepairCase[] = JSON.parse(readFileSync(new URL('./repair-cases.json', import.meta.url), 'utf8'));
const allTargets = PROVIDER_IDS;

/** providers.md §9: the providers each rule applies to (H13 is the request's tool order: no reordering). */
const appliesTo: Record<HistoryRule, readonly ProviderId[]> = {
  H1: allTargets,
  H2: allTargets,
  H3: ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'bedrock', 'mistral'],
  H4: ['anthropic', 'bedrock'],
  H5: ['mistral'],
  H6: allTargets,
  H7: ['openai-chat', 'openai-responses', 'anthropic', 'bedrock', 'mistral'],
  H8: ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'bedrock', 'mistral'],
  H9: allTargets,
  H10: allTargets,
  H11: allTargets,
  H12: allTargets,
  H13: allTargets,
  H14: ['gemini'],
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function run(testCase: RepairCase, target: ProviderId, strict?: boolean): RepairHistoryResult {
  return repairHistory(testCase.input, {
    target,
    ...(testCase.policy ? { policy: testCase.policy } : {}),
    ...(testCase.tools ? { tools: testCase.tools } : {}),
    ...(strict === undefined ? {} : { strict }),
  });
}

const table = cases.flatMap((testCase) => testCase.targets.map((target) => ({ testCase, target })));

describe('repairHistory (table: repair-cases.json)', () => {
  it.each(table)('$testCase.rule $testCase.name ($target)', ({ testCase, target }) => {
    const before = JSON.stringify(testCase.input);
    deepFreeze(testCase.input);
    const first = run(testCase, target);
    expect(first).toEqual(testCase.expected);
    // Deterministic bytes, input untouched (frozen: a write would throw).
    expect(JSON.stringify(run(testCase, target))).toBe(JSON.stringify(first));
    expect(JSON.stringify(testCase.input)).toBe(before);
  });

  it.each(table)('$testCase.rule $testCase.name ($target, strict)', ({ testCase, target }) => {
    if (testCase.expected.changes.length === 0) {
      expect(run(testCase, target, true)).toEqual(testCase.expected);
      return;
    }
    let thrown: unknown;
    try {
      run(testCase, target, true);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HistoryInvalidError);
    expect(ToolwireError.isInstance(thrown)).toBe(true);
    const error = thrown as HistoryInvalidError;
    expect(error.code).toBe('history_invalid');
    expect(error.target).toBe(target);
    expect(error.violations).toEqual(testCase.expected.changes);
  });

  it.each(table)('$testCase.rule $testCase.name ($target, repaired again: no change)', ({
    testCase,
    target,
  }) => {
    const again = repairHistory(testCase.expected.messages, {
      target,
      ...(testCase.policy ? { policy: testCase.policy } : {}),
    });
    expect(again.changes).toEqual([]);
    expect(again.messages).toEqual(testCase.expected.messages);
  });

  it('covers every rule H1-H14 for every provider it applies to', () => {
    const missing: string[] = [];
    for (const [rule, targets] of Object.entries(appliesTo)) {
      for (const target of targets) {
        const covered = cases.some(
          (testCase) =>
            testCase.targets.includes(target) &&
            (testCase.rule === rule || testCase.expected.changes.some((change) => change.rule === rule)),
        );
        if (!covered) missing.push(`${rule} ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps a valid history as the same message objects', () => {
    const valid = cases.find((testCase) => testCase.rule === 'H13') as RepairCase;
    for (const target of allTargets) {
      const repaired = repairHistory(valid.input, { target });
      repaired.messages.forEach((message, index) => {
        expect(message).toBe(valid.input[index]);
      });
    }
  });
});

describe('repairHistory ids', () => {
  const turns = (ids: readonly string[]): Message[] => [
    { role: 'user', content: 'Go.' },
    {
      role: 'assistant',
      content: ids.map((id) => ({ type: 'tool-call', toolCallId: id, toolName: 'get_weather', input: {} })),
    },
    {
      role: 'tool',
      content: ids.map((id) => ({
        type: 'tool-result',
        toolCallId: id,
        toolName: 'get_weather',
        output: { type: 'text', value: id },
      })),
    },
  ];
  const wireIds = (messages: readonly Message[]): { calls: string[]; results: string[] } => {
    const [, assistant, tool] = messages as [Message, Message, Message];
    const ids = (message: Message): string[] =>
      (message.content as readonly { toolCallId: string }[]).map((part) => part.toolCallId);
    return { calls: ids(assistant), results: ids(tool) };
  };

  it('maps 1,000 Bedrock ids to 1,000 distinct 9-character Mistral ids, calls and results alike', () => {
    const ids = Array.from({ length: 1000 }, (_, index) => `tooluse_${index.toString(36).padStart(22, 'x')}`);
    const repaired = repairHistory(turns(ids), { target: 'mistral' });
    const { calls, results } = wireIds(repaired.messages);
    expect(new Set(calls).size).toBe(1000);
    expect(calls.every((id) => /^[a-zA-Z0-9]{9}$/.test(id))).toBe(true);
    expect(results).toEqual(calls);
    // The id map reads every wire id back to its input id.
    expect(calls.map((id) => repaired.idMap[id])).toEqual(ids);
    expect(repaired.changes.filter((change) => change.rule === 'H7')).toHaveLength(1000);
  });

  it('keeps ids apart that sanitize to the same text (Anthropic, Bedrock)', () => {
    const ids = ['get:1', 'get.1', 'get_1', 'get 1'];
    for (const target of ['anthropic', 'bedrock'] as const) {
      const repaired = repairHistory(turns(ids), { target });
      const { calls, results } = wireIds(repaired.messages);
      expect(calls[2]).toBe('get_1');
      expect(new Set(calls).size).toBe(4);
      expect(calls.every((id) => /^[a-zA-Z0-9_-]{1,64}$/.test(id))).toBe(true);
      expect(results).toEqual(calls);
      expect(calls.map((id) => repaired.idMap[id] ?? id)).toEqual(ids);
    }
  });

  it('shortens long ids to at most 64 (Anthropic, Bedrock) and 40 (OpenAI) characters, distinct', () => {
    const ids = Array.from({ length: 50 }, (_, index) => `${'x'.repeat(70)}${index}`);
    for (const [target, limit] of [
      ['anthropic', 64],
      ['bedrock', 64],
      ['openai-chat', 40],
      ['openai-responses', 40],
    ] as const) {
      const { calls } = wireIds(repairHistory(turns(ids), { target }).messages);
      expect(new Set(calls).size).toBe(50);
      expect(calls.every((id) => id.length <= limit)).toBe(true);
    }
  });
});

describe('repairHistory at scale', () => {
  it('repairs a 10,000-message history in one pass (linear; hang detector only)', () => {
    const messages: Message[] = [];
    for (let turn = 0; turn < 2500; turn++) {
      const id = `tooluse_${turn}`;
      messages.push({ role: 'user', content: `question ${turn}` });
      messages.push({
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: id, toolName: 'get.weather', input: { turn } }],
      });
      // Every fourth result is missing (H1); the others answer their call.
      messages.push(
        turn % 4 === 0
          ? { role: 'user', content: 'interrupted' }
          : {
              role: 'tool',
              content: [
                {
                  type: 'tool-result',
                  toolCallId: id,
                  toolName: 'get.weather',
                  output: { type: 'text', value: 'ok' },
                },
              ],
            },
      );
      messages.push({ role: 'assistant', content: 'done' });
    }
    expect(messages).toHaveLength(10000);
    const repaired = repairHistory(messages, { target: 'mistral' });
    const count = (rule: string): number => repaired.changes.filter((change) => change.rule === rule).length;
    expect(count('H1')).toBe(625);
    expect(count('H7')).toBe(2500);
    expect(count('H8')).toBe(1);
    // Each interrupted turn: user, call, error result, bridge assistant (H5), user, assistant.
    expect(count('H5')).toBe(625);
    expect(repaired.messages).toHaveLength(10000 + 625 * 2);
    expect(repaired.nameMap).toEqual({ get_weather: 'get.weather' });
  }, 60000);
});

describe('repairHistory merging at scale', () => {
  it('merges a run of 40,000 user messages for Anthropic in one pass (was quadratic: minutes; hang detector only)', () => {
    const messages: Message[] = Array.from({ length: 40000 }, (_, turn) => ({
      role: 'user',
      content: [{ type: 'text', text: `note ${turn}` }],
    }));
    const repaired = repairHistory(messages, { target: 'anthropic' });
    expect(repaired.messages).toEqual([
      { role: 'user', content: messages.map((message) => (message.content as unknown[])[0]) },
    ]);
    expect(repaired.changes).toHaveLength(39999);
  }, 60000);

  it('keeps the first providerOptions of a merged run, also when the first message has none', () => {
    const messages: Message[] = [
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b', providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } },
      { role: 'user', content: 'c', providerOptions: { anthropic: { other: true } } },
    ];
    expect(repairHistory(messages, { target: 'anthropic' }).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
          { type: 'text', text: 'c' },
        ],
        providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
      },
    ]);
  });
});

describe('repairHistory misuse', () => {
  const history: Message[] = [{ role: 'user', content: 'Hi.' }];
  it.each([
    ['messages not an array', () => repairHistory('hi' as unknown as Message[], { target: 'anthropic' })],
    ['a message without a role', () => repairHistory([{}] as unknown as Message[], { target: 'anthropic' })],
    [
      'a tool message whose content is not an array',
      () => repairHistory([{ role: 'tool', content: 'x' }] as unknown as Message[], { target: 'anthropic' }),
    ],
    ['an unknown target', () => repairHistory(history, { target: 'cohere' as ProviderId })],
    ['no options', () => repairHistory(history, undefined as unknown as { target: ProviderId })],
    [
      'a bad dangling policy',
      () => repairHistory(history, { target: 'anthropic', policy: { dangling: 'keep' as 'drop' } }),
    ],
    [
      'a bad orphan policy',
      () => repairHistory(history, { target: 'anthropic', policy: { orphan: 'keep' as 'drop' } }),
    ],
    [
      'a bad resultOrder policy',
      () => repairHistory(history, { target: 'anthropic', policy: { resultOrder: 'id' as 'kept' } }),
    ],
    [
      'tools without names',
      () => repairHistory(history, { target: 'anthropic', tools: [{}] as { name: string }[] }),
    ],
  ])('throws invalid_argument for %s', (_name, call) => {
    expect(call).toThrow(ToolwireError);
    try {
      call();
    } catch (error) {
      expect((error as ToolwireError).code).toBe('invalid_argument');
    }
  });

  // These threw a TypeError from inside the repair (reading .trim of undefined, Object.keys of null).
  it.each<[string, unknown[]]>([
    ['a text part without text', [{ role: 'assistant', content: [{ type: 'text' }] }]],
    ['a text part whose text is a number', [{ role: 'user', content: [{ type: 'text', text: 5 }] }]],
    ['a reasoning part without text', [{ role: 'assistant', content: [{ type: 'reasoning' }] }]],
    [
      'a tool result without an output',
      [
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'f', input: {} }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'f' }] },
      ],
    ],
    ['message providerOptions null', [{ role: 'user', content: 'Hi.', providerOptions: null }]],
    [
      'a part whose providerOptions.anthropic is null',
      [
        {
          role: 'assistant',
          content: [{ type: 'reasoning', text: 'x', providerOptions: { anthropic: null } }],
        },
      ],
    ],
  ])('throws invalid_argument (not a TypeError) for %s', (_name, messages) => {
    for (const target of PROVIDER_IDS) {
      let thrown: unknown;
      try {
        repairHistory(messages as Message[], { target });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ToolwireError);
      expect((thrown as ToolwireError).code).toBe('invalid_argument');
    }
  });

  it('names the first violations in the strict error message', () => {
    const messages: Message[] = [
      { role: 'user', content: 'Go.' },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'f', input: {} }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'b', toolName: 'f', input: {} }] },
    ];
    const expected: HistoryChange[] = [
      {
        rule: 'H1',
        index: 1,
        action: 'insert-result',
        detail: 'call a (f) had no result; an error result was added',
        toolCallId: 'a',
      },
      {
        rule: 'H1',
        index: 2,
        action: 'insert-result',
        detail: 'call b (f) had no result; an error result was added',
        toolCallId: 'b',
      },
    ];
    expect(() => repairHistory(messages, { target: 'openai-chat', strict: true })).toThrow(
      'history is not valid for openai-chat (2 violations): H1 at message 1: call a (f) had no result; an error result was added; H1 at message 2: call b (f) had no result; an error result was added',
    );
    expect(repairHistory(messages, { target: 'openai-chat' }).changes).toEqual(expected);
  });
});

describe('repairHistory example of docs/providers.md', () => {
  it('gives the messages, changes and id map the page shows', () => {
    const history: Message[] = [
      { role: 'user', content: 'Weather in Oslo and Rome?' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
            toolName: 'get_weather',
            input: { city: 'Oslo' },
          },
          {
            type: 'tool-call-invalid',
            toolCallId: 'tooluse_Bq1x0h8fT2aY6c3W9dL4pE',
            toolName: 'get_weather',
            raw: '{"city": "Rome"',
            error: 'arguments are not valid JSON',
          },
        ],
      },
      { role: 'user', content: 'Hurry up.' },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
            toolName: 'get_weather',
            output: { type: 'text', value: 'sunny' },
          },
        ],
      },
    ];
    const { messages, changes, idMap } = repairHistory(history, { target: 'mistral' });
    expect(messages).toEqual([
      history[0],
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'Opw8SA9m3', toolName: 'get_weather', input: { city: 'Oslo' } },
          { type: 'tool-call', toolCallId: 'QK5Bm1xgL', toolName: 'get_weather', input: { city: 'Rome' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'Opw8SA9m3',
            toolName: 'get_weather',
            output: { type: 'text', value: 'sunny' },
          },
          {
            type: 'tool-result',
            toolCallId: 'QK5Bm1xgL',
            toolName: 'get_weather',
            output: {
              type: 'error-text',
              value:
                'The call was not executed: its arguments could not be read (arguments are not valid JSON).',
            },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Tool results received.' }] },
      history[2],
    ]);
    expect(changes.map((change) => `${change.rule} ${change.action}`)).toEqual([
      'H10 replay-invalid-call',
      'H10 insert-result',
      'H7 rename-id',
      'H7 rename-id',
      'H5 insert-message',
      'H3 move-result',
    ]);
    expect(idMap).toEqual({
      Opw8SA9m3: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
      QK5Bm1xgL: 'tooluse_Bq1x0h8fT2aY6c3W9dL4pE',
    });
  });
});
