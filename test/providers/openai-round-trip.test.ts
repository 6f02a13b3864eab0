import { describe, expect, it } from 'vitest';
import { openaiChat } from '../../src/providers/openai-chat/index.js';
import { openaiResponses } from '../../src/providers/openai-responses/index.js';
import type { CanonicalRequest, ProviderConverter } from '../../src/providers/provider-converter.js';
import type { Message } from '../../src/types/message.js';
import type { Warning } from '../../src/types/warning.js';

type Converter = ProviderConverter<unknown, unknown>;
const chat = openaiChat as Converter;
const responses = openaiResponses as Converter;

const tools = [
  {
    name: 'get_weather',
    description: 'Weather.',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  },
];

/** Everything both OpenAI APIs hold exactly: canonical → provider → canonical is the identity. */
const common: Message[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Weather in Paris?' },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'And this map:' },
      { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
      {
        type: 'image',
        image: 'R0lGOD==',
        mediaType: 'image/gif',
        providerOptions: { openai: { imageDetail: 'high' } },
      },
      { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'map.pdf' },
    ],
  },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Checking.' },
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'get_weather',
        input: { city: 'Paris', nested: { b: 1, a: [2] } },
      },
      { type: 'tool-call', toolCallId: 'call_2', toolName: 'get_weather', input: {} },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'get_weather',
        output: { type: 'text', value: '14°C' },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_2',
        toolName: 'get_weather',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'It is 14°C.' }] },
];

const fullRequest = (messages: Message[]): CanonicalRequest => ({
  model: 'gpt-4.1',
  messages,
  tools,
  toolChoice: { type: 'tool', toolName: 'get_weather' },
  parallelToolCalls: false,
  maxOutputTokens: 300,
  temperature: 0.5,
});

/** What only Responses holds: item ids, reasoning items with encrypted content, system items later on. */
const responsesOnly: Message[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'system', content: 'Use metric units.' },
  { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
  {
    role: 'assistant',
    content: [
      {
        type: 'reasoning',
        text: '',
        providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc1' } },
      },
      { type: 'reasoning', text: 'First.', providerOptions: { openai: { itemId: 'rs_2' } } },
      { type: 'reasoning', text: 'Second.', providerOptions: { openai: { itemId: 'rs_2' } } },
      { type: 'text', text: 'Hm.', providerOptions: { openai: { itemId: 'msg_1' } } },
      { type: 'text', text: ' Let me check.', providerOptions: { openai: { itemId: 'msg_1' } } },
      { type: 'text', text: 'No id.' },
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'get_weather',
        input: { city: 'Oslo' },
        providerOptions: { openai: { itemId: 'fc_1' } },
      },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'get_weather',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'chart:' },
            { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
            { type: 'image-url', url: 'https://example.com/chart.png' },
            { type: 'file-data', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'r.pdf' },
            { type: 'file-url', url: 'https://example.com/r.pdf' },
          ],
        },
      },
    ],
  },
  { role: 'system', content: 'Answer in French.' },
  { role: 'user', content: 'Merci' },
];

const roundTrip = (converter: Converter, request: CanonicalRequest) => {
  const wire = converter.toRequest(request);
  const back = converter.fromRequest(JSON.parse(JSON.stringify(wire.value)));
  return { value: back.value, warnings: [...wire.warnings, ...back.warnings] };
};

describe('canonical → provider → canonical is the identity on what the provider holds', () => {
  it.each([
    ['openai-chat', chat],
    ['openai-responses', responses],
  ] as const)('%s: messages, tools, tool choice and options', (_name, converter) => {
    const request = fullRequest(common);
    expect(roundTrip(converter, request)).toEqual({ value: request, warnings: [] });
  });

  it('openai-responses: item ids, reasoning items, encrypted content, later system items, media results', () => {
    const request = fullRequest(responsesOnly);
    expect(roundTrip(responses, request)).toEqual({ value: request, warnings: [] });
  });

  it.each([
    ['openai-chat', chat],
    ['openai-responses', responses],
  ] as const)('%s: each tool choice', (_name, converter) => {
    for (const toolChoice of [{ type: 'auto' }, { type: 'none' }, { type: 'required' }] as const) {
      const request: CanonicalRequest = {
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        tools,
        toolChoice,
      };
      expect(roundTrip(converter, request)).toEqual({ value: request, warnings: [] });
    }
  });
});

/** One loss: what is sent, what comes back, and the warnings that say so. */
interface Loss {
  readonly description: string;
  readonly messages: Message[];
  readonly back: Message[];
  readonly warnings: Warning[];
}

const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: {} } as const;
const result = (output: Extract<Message, { role: 'tool' }>['content'][number]['output']): Message => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'f', output }],
});
const asText = (value: string) => result({ type: 'text', value });
const errorFlag = (kind: string, provider: string): Warning => ({
  type: 'compatibility',
  feature: `${kind} tool result`,
  details: `result c1: sent as plain text (${provider} has no error flag on tool results)`,
});
const invalidSent: Warning = {
  type: 'compatibility',
  feature: 'invalid tool call',
  details: 'call c1: sent with "{}" arguments (its text is not a JSON object: bad json)',
};
const invalidCall = {
  type: 'tool-call-invalid',
  toolCallId: 'c1',
  toolName: 'f',
  raw: '{oops',
  error: 'bad json',
} as const;

/** Losses both OpenAI APIs share (`provider` is named in the warnings). */
const sharedLosses = (provider: string): Loss[] => [
  {
    description: 'an error-text result loses its error flag (no error flag on OpenAI results)',
    messages: [{ role: 'assistant', content: [call] }, result({ type: 'error-text', value: 'boom' })],
    back: [{ role: 'assistant', content: [call] }, asText('boom')],
    warnings: [errorFlag('error-text', provider)],
  },
  {
    description: 'an error-json result comes back as its JSON text, without the flag',
    messages: [{ role: 'assistant', content: [call] }, result({ type: 'error-json', value: { code: 7 } })],
    back: [{ role: 'assistant', content: [call] }, asText('{"code":7}')],
    warnings: [errorFlag('error-json', provider)],
  },
  {
    description: 'a json result comes back as text (its JSON text)',
    messages: [{ role: 'assistant', content: [call] }, result({ type: 'json', value: { a: [1, 'x'] } })],
    back: [{ role: 'assistant', content: [call] }, asText('{"a":[1,"x"]}')],
    warnings: [],
  },
  {
    description: 'an execution-denied result comes back as its reason text',
    messages: [{ role: 'assistant', content: [call] }, result({ type: 'execution-denied' })],
    back: [{ role: 'assistant', content: [call] }, asText('Tool execution denied.')],
    warnings: [
      {
        type: 'compatibility',
        feature: 'execution-denied tool result',
        details: `result c1: sent as its reason text (${provider} has no denial flag)`,
      },
    ],
  },
  {
    description:
      'an invalid call with id and name comes back as a call with {} input (its raw text is not sent)',
    messages: [{ role: 'assistant', content: [invalidCall] }, asText('error: bad json')],
    back: [{ role: 'assistant', content: [call] }, asText('error: bad json')],
    warnings: [invalidSent],
  },
  {
    description: 'an invalid call without an id is left out',
    messages: [
      { role: 'user', content: 'x' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call-invalid', raw: 'f(', error: 'cut off' },
          { type: 'text', text: 'ok' },
        ],
      },
    ],
    back: [
      { role: 'user', content: 'x' },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
    ],
    warnings: [
      {
        type: 'unsupported',
        feature: 'invalid tool call without id or name',
        details: `left out (${provider} cannot pair a call without both; repairHistory skips it with its result)`,
      },
    ],
  },
  {
    description:
      'assistant string content comes back as one text part; an empty text part is not written (H12)',
    messages: [
      { role: 'user', content: 'x' },
      { role: 'assistant', content: 'Hi' },
      { role: 'user', content: 'y' },
      { role: 'assistant', content: [{ type: 'text', text: '' }, call] },
    ],
    back: [
      { role: 'user', content: 'x' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'user', content: 'y' },
      { role: 'assistant', content: [call] },
    ],
    warnings: [],
  },
  {
    description: 'consecutive tool messages come back as one',
    messages: [
      { role: 'assistant', content: [call, { ...call, toolCallId: 'c2' }] },
      asText('1'),
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c2', toolName: 'f', output: { type: 'text', value: '2' } },
        ],
      },
    ],
    back: [
      { role: 'assistant', content: [call, { ...call, toolCallId: 'c2' }] },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'f', output: { type: 'text', value: '1' } },
          { type: 'tool-result', toolCallId: 'c2', toolName: 'f', output: { type: 'text', value: '2' } },
        ],
      },
    ],
    warnings: [],
  },
  {
    description: 'an image given as a file part or as bytes comes back as an image part with base64 data',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'file', data: 'R0lG', mediaType: 'image/gif' },
          { type: 'image', image: new Uint8Array([1, 2, 3]), mediaType: 'image/png' },
        ],
      },
    ],
    back: [
      {
        role: 'user',
        content: [
          { type: 'image', image: 'R0lG', mediaType: 'image/gif' },
          { type: 'image', image: 'AQID', mediaType: 'image/png' },
        ],
      },
    ],
    warnings: [],
  },
];

const chatLosses: Loss[] = [
  ...sharedLosses('OpenAI Chat'),
  {
    description: 'reasoning is left out (Chat requests have no reasoning field)',
    messages: [
      { role: 'user', content: 'x' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'hm' },
          { type: 'text', text: 'ok' },
        ],
      },
    ],
    back: [
      { role: 'user', content: 'x' },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
    ],
    warnings: [
      {
        type: 'unsupported',
        feature: 'reasoning part',
        details: 'OpenAI Chat requests have no reasoning field; left out',
      },
    ],
  },
  {
    description:
      'text after a call moves before the calls (one text per Chat message); item ids are not kept',
    messages: [
      { role: 'user', content: 'x' },
      {
        role: 'assistant',
        content: [
          { ...call, providerOptions: { openai: { itemId: 'fc_1' } } },
          { type: 'text', text: 'done' },
        ],
      },
      asText('r'),
    ],
    back: [
      { role: 'user', content: 'x' },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }, call] },
      asText('r'),
    ],
    warnings: [
      {
        type: 'compatibility',
        feature: 'text after tool calls',
        details: 'OpenAI Chat holds one text per assistant message: it is sent before the calls',
      },
    ],
  },
  {
    description:
      'a system message later in the history stays a system message; all text parts of a turn are joined',
    messages: [
      { role: 'user', content: 'x' },
      { role: 'system', content: 's' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
    ],
    back: [
      { role: 'user', content: 'x' },
      { role: 'system', content: 's' },
      { role: 'assistant', content: [{ type: 'text', text: 'ab' }] },
    ],
    warnings: [],
  },
];

const responsesLosses: Loss[] = [
  ...sharedLosses('OpenAI Responses'),
  {
    description: "reasoning without an openai.itemId (another provider's) is left out (H11)",
    messages: [
      { role: 'user', content: 'x' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'hm', providerOptions: { anthropic: { signature: 's' } } },
          { type: 'text', text: 'ok' },
        ],
      },
    ],
    back: [
      { role: 'user', content: 'x' },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
    ],
    warnings: [
      {
        type: 'unsupported',
        feature: 'reasoning without openai.itemId',
        details:
          "OpenAI Responses replays reasoning items by id only; this one (another provider's, or made by hand) was left out",
      },
    ],
  },
  {
    description: 'consecutive assistant messages come back as one',
    messages: [
      { role: 'user', content: 'x' },
      { role: 'assistant', content: [{ type: 'text', text: 'a' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
    ],
    back: [
      { role: 'user', content: 'x' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
    ],
    warnings: [],
  },
  {
    description: 'audio in a user turn is left out (Responses input has no audio part)',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'x' },
          { type: 'file', data: 'UklG', mediaType: 'audio/wav' },
        ],
      },
    ],
    back: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
    warnings: [
      {
        type: 'unsupported',
        feature: 'user file part (audio/wav)',
        details: 'OpenAI Responses input takes text, images and files; audio was left out',
      },
    ],
  },
];

describe.each([
  ['openai-chat', chat, chatLosses],
  ['openai-responses', responses, responsesLosses],
] as const)('%s losses (canonical → provider → canonical)', (_name, converter, losses) => {
  it.each(losses)('$description', (loss) => {
    expect(roundTrip(converter, { model: 'm', messages: loss.messages })).toEqual({
      value: { model: 'm', messages: loss.back },
      warnings: loss.warnings,
    });
  });
});
