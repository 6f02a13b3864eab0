// Found by attack: `push(...list)` of an input-sized list overflowed the stack (RangeError) in
// toRequest (Anthropic, Bedrock, OpenAI Responses: 130,000 parts in one message) and fromRequest
// (Anthropic, Bedrock, Gemini: 200,000 messages).
import { describe, expect, it } from 'vitest';
import { getProvider, providerIds } from '../../src/providers/index.js';
import type { Message } from '../../src/types/message.js';

const PARTS = 130_000;
const MESSAGES = 200_000;

const calls: Message = {
  role: 'assistant',
  content: Array.from({ length: PARTS }, (_, i) => ({
    type: 'tool-call' as const,
    toolCallId: `c${i}`,
    toolName: 'f',
    input: { i },
  })),
};
const results: Message = {
  role: 'tool',
  content: Array.from({ length: PARTS }, (_, i) => ({
    type: 'tool-result' as const,
    toolCallId: `c${i}`,
    toolName: 'f',
    output: { type: 'text' as const, value: `r${i}` },
  })),
};
const turns: Message[] = Array.from({ length: MESSAGES }, (_, i) =>
  i % 2 === 0 ? { role: 'user', content: `u${i}` } : { role: 'assistant', content: `a${i}` },
);

const countOf = (messages: readonly Message[], type: string) =>
  messages.reduce(
    (sum, message) =>
      sum + (typeof message.content === 'string' ? 0 : message.content.filter((p) => p.type === type).length),
    0,
  );

/** A message's text: its string content, or its text parts joined (providers read text back either way). */
const textOf = (message: Message) =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe.each(providerIds)('%s: input-sized lists', (id) => {
  const provider = getProvider(id);

  it(`toRequest with ${PARTS} calls in one message and their results, read back whole`, () => {
    const messages: Message[] = [{ role: 'user', content: 'go' }, calls, results];
    const { value } = provider.toRequest({ model: 'm', messages });
    const back = provider.fromRequest(value).value.messages;
    expect([countOf(back, 'tool-call'), countOf(back, 'tool-result')]).toEqual([PARTS, PARTS]);
  });

  it(`fromRequest with ${MESSAGES} messages`, () => {
    const { value } = provider.toRequest({ model: 'm', messages: turns });
    const back = provider.fromRequest(value).value.messages;
    const last = back[back.length - 1] as Message;
    expect([back.length, last.role, textOf(last)]).toEqual([MESSAGES, 'assistant', `a${MESSAGES - 1}`]);
  });
});
