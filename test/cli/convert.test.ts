/**
 * `toolwire convert`: every --from/--to pair gives exactly what the library gives (the CLI is a shell over
 * `getProvider(...).fromRequest` / `repairHistory` / `toRequest`), with warnings and changes as JSON lines
 * on standard error; bad input is one line and exit 2.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  getProvider,
  INTERRUPTED_RESULT_TEXT,
  providerIds,
  repairHistory,
} from '../../src/providers/index.js';
import type { CanonicalRequest, ProviderId } from '../../src/providers/provider-converter.js';
import { runCli } from './run-cli.js';

const folder = mkdtempSync(join(tmpdir(), 'toolwire-convert-'));
const file = (name: string, body: unknown): string => {
  const path = join(folder, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
};

/** One history with every kind of turn: system, user, assistant text and a call, its result, a follow-up. */
const canonical: CanonicalRequest = {
  model: 'test-model',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Weather in Paris?' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'get_weather',
          output: { type: 'text', value: 'sunny' },
        },
      ],
    },
    { role: 'user', content: 'Thanks. And Rome?' },
  ],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
};

const stderrLines = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

describe('toolwire convert, every pair', () => {
  const bodies = Object.fromEntries(
    providerIds.map((id) => [id, getProvider(id).toRequest(canonical).value] as const),
  );
  for (const from of providerIds) {
    for (const to of [...providerIds, 'canonical' as const]) {
      it(`${from} → ${to}`, async () => {
        const input = file(`${from}.json`, bodies[from]);
        const read = getProvider(from).fromRequest(bodies[from]);
        const expected = to === 'canonical' ? read.value : getProvider(to).toRequest(read.value).value;
        const plain = await runCli(['convert', '--from', from, '--to', to, input]);
        expect(plain.code).toBe(0);
        expect(JSON.parse(plain.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));

        if (to === 'canonical') return;
        const repaired = repairHistory(read.value.messages, { target: to, tools: read.value.tools ?? [] });
        const withRepair = await runCli(['convert', '--from', from, '--to', to, '--repair', input]);
        expect(withRepair.code).toBe(0);
        const changes = stderrLines(withRepair.stderr).filter(
          (line) => (line as { change?: unknown }).change !== undefined,
        );
        expect(changes).toEqual(JSON.parse(JSON.stringify(repaired.changes.map((change) => ({ change })))));
      });
    }
  }
});

describe('toolwire convert', () => {
  it('prints changes and warnings as JSON lines, the body on standard output', async () => {
    const body = {
      model: 'gpt-4.1',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_abc',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
          ],
        },
      ],
    };
    const { code, stdout, stderr } = await runCli([
      'convert',
      '--from',
      'openai-chat',
      '--to',
      'anthropic',
      '--repair',
      file('dangling.json', body),
    ]);
    expect(code).toBe(0);
    expect(stderrLines(stderr)).toEqual([
      {
        change: {
          rule: 'H1',
          index: 1,
          action: 'insert-result',
          detail: 'call call_abc (get_weather) had no result; an error result was added',
          toolCallId: 'call_abc',
        },
      },
      {
        warning: {
          type: 'compatibility',
          feature: 'max_tokens',
          details: 'no maxOutputTokens given: "max_tokens" is 4096',
        },
      },
      {
        warning: {
          type: 'other',
          message:
            'the history holds tool_use / tool_result blocks but no tools are sent; Anthropic rejects that',
        },
      },
    ]);
    const anthropicBody = JSON.parse(stdout);
    expect(anthropicBody.messages[2]).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'call_abc',
          content: INTERRUPTED_RESULT_TEXT,
          is_error: true,
        },
      ],
    });
  });

  // Found by attack: 200,000 messages overflowed the stack in fromRequest; the CLI printed a stack trace.
  it.each([
    [
      'openai-chat',
      'anthropic',
      'toolwire: the body has a "system" message, which openai-chat / mistral / ollama requests have, not anthropic: use --from openai-chat\n',
    ],
    [
      'bedrock',
      'openai-responses',
      'toolwire: the body has "toolConfig.tools" / "inferenceConfig", which bedrock requests have, not openai-responses: use --from bedrock\n',
    ],
    [
      'gemini',
      'openai-chat',
      'toolwire: the body has "contents", which gemini requests have, not openai-chat: use --from gemini\n',
    ],
    [
      'anthropic',
      'bedrock',
      'toolwire: the body has "tool_use" / "tool_result" blocks or "input_schema", which anthropic requests have, not bedrock: use --from anthropic\n',
    ],
    [
      'openai-responses',
      'mistral',
      'toolwire: the body has "input", which openai-responses requests have, not mistral: use --from openai-responses\n',
    ],
  ])('a %s body read with --from %s exits 2 with one line saying what it saw (it printed a body with messages dropped, exit 0)', async (real, claimed, message) => {
    const { code, stdout, stderr } = await runCli([
      'convert',
      '--from',
      claimed,
      '--to',
      'gemini',
      fileURLToPath(new URL(`../../examples/convert/${real}.json`, import.meta.url)),
    ]);
    expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: message });
  });

  it('converts an Anthropic body of 200,000 messages to Gemini', { timeout: 60_000 }, async () => {
    const messages = Array.from({ length: 200_000 }, (_, i) =>
      i % 2 === 0 ? { role: 'user', content: `u${i}` } : { role: 'assistant', content: `a${i}` },
    );
    const { code, stdout, stderr } = await runCli([
      'convert',
      '--from',
      'anthropic',
      '--to',
      'gemini',
      file('long.json', { model: 'claude', max_tokens: 10, messages }),
    ]);
    const contents = (JSON.parse(stdout) as { contents: { role: string; parts: { text: string }[] }[] })
      .contents;
    expect([code, stderr, contents.length, contents[199_999]]).toEqual([
      0,
      '',
      200_000,
      { role: 'model', parts: [{ text: 'a199999' }] },
    ]);
  });

  it('--strict reports the violations and exits 1 without printing a body', async () => {
    const history = {
      messages: [
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: {} }],
        },
      ],
    };
    const { code, stdout, stderr } = await runCli([
      'convert',
      '--from',
      'canonical',
      '--to',
      'openai-chat',
      '--strict',
      file('strict.json', history),
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.split('\n').filter((line) => line !== '');
    expect(JSON.parse(lines[0]!)).toEqual({
      violation: {
        rule: 'H1',
        index: 1,
        action: 'insert-result',
        detail: 'call c1 (f) had no result; an error result was added',
        toolCallId: 'c1',
      },
    });
    expect(lines.at(-1)).toMatch(/^toolwire: /);
  });

  const bad: [string, string[], RegExp][] = [
    ['no --from', ['convert', '--to', 'anthropic'], /^toolwire: convert needs --from P and --to Q\n$/],
    [
      'an unknown provider',
      ['convert', '--from', 'openai', '--to', 'anthropic'],
      /^toolwire: --from must be one of openai-chat, openai-responses, anthropic, gemini, bedrock, mistral, ollama, canonical, got openai\n$/,
    ],
    [
      'a file that is not JSON',
      ['convert', '--from', 'anthropic', '--to', 'gemini', 'NOTJSON'],
      /not valid JSON/,
    ],
    [
      'a body that is not the provider shape',
      ['convert', '--from', 'anthropic', '--to', 'gemini', 'ARRAY'],
      /^toolwire: [^\n]+\n$/,
    ],
    [
      'a canonical body without messages',
      ['convert', '--from', 'canonical', '--to', 'gemini', 'NOMESSAGES'],
      /^toolwire: a canonical request needs "messages": an array\n$/,
    ],
    [
      'a canonical message that is not an object (a TypeError stack trace before)',
      ['convert', '--from', 'canonical', '--to', 'openai-chat', 'NULLMESSAGE'],
      /^toolwire: messages\[0\] must be a message object with a role\n$/,
    ],
    [
      'a canonical part that is not an object, without --repair',
      ['convert', '--from', 'canonical', '--to', 'anthropic', 'NULLPART'],
      /^toolwire: messages\[0\]\.content\[0\] must be a part object with a type\n$/,
    ],
    [
      'a canonical tool result without output (a TypeError stack trace before)',
      ['convert', '--from', 'canonical', '--to', 'bedrock', 'NOOUTPUT'],
      /^toolwire: messages\[0\]\.content\[0\] \(tool-result\) must have an output object with a type\n$/,
    ],
    ['a missing file', ['convert', '--from', 'anthropic', '--to', 'gemini', '/nonexistent/x.json'], /ENOENT/],
  ];
  for (const [name, argv, message] of bad) {
    it(`${name}: one line, exit 2`, async () => {
      const args = argv.map((arg) =>
        arg === 'NOTJSON'
          ? file('not.json', '{"model": ')
          : arg === 'ARRAY'
            ? file('array.json', '[1, 2]')
            : arg === 'NOMESSAGES'
              ? file('nomessages.json', { tools: [] })
              : arg === 'NULLMESSAGE'
                ? file('nullmessage.json', { messages: [null] })
                : arg === 'NULLPART'
                  ? file('nullpart.json', { messages: [{ role: 'user', content: [null] }] })
                  : arg === 'NOOUTPUT'
                    ? file('nooutput.json', {
                        messages: [
                          {
                            role: 'tool',
                            content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'f' }],
                          },
                        ],
                      })
                    : arg,
      );
      const { code, stdout, stderr } = await runCli(args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.split('\n').length).toBe(2);
    });
  }
});

describe('docs/cli.md: the convert examples', () => {
  const page = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
  const commands = [...page.matchAll(/`npx toolwire (convert [^`]+)`/g)].map((match) => match[1]!.split(' '));
  const examples = new URL('../../', import.meta.url).pathname;

  it('lists one example per provider', () => {
    expect(commands.map((argv) => argv[2])).toEqual([...providerIds]);
  });

  for (const argv of commands) {
    it(argv.join(' '), async () => {
      const [, , from, , to] = argv as [string, string, ProviderId, string, ProviderId];
      const path = join(examples, argv.at(-1)!);
      const { code, stdout } = await runCli([...argv.slice(0, -1), path]);
      expect(code).toBe(0);
      const read = getProvider(from).fromRequest(JSON.parse(readFileSync(path, 'utf8'))).value;
      const messages = argv.includes('--repair')
        ? repairHistory(read.messages, { target: to, tools: read.tools ?? [] }).messages
        : read.messages;
      expect(JSON.parse(stdout)).toEqual(
        JSON.parse(JSON.stringify(getProvider(to).toRequest({ ...read, messages }).value)),
      );
    });
  }

  it('the Bedrock example rewrites the id for Mistral and bridges the tool results', async () => {
    const path = join(examples, 'examples/convert/bedrock.json');
    const { stdout, stderr } = await runCli([
      'convert',
      '--from',
      'bedrock',
      '--to',
      'mistral',
      '--repair',
      path,
    ]);
    expect(stderrLines(stderr)).toEqual([
      {
        change: {
          rule: 'H7',
          index: 2,
          action: 'rename-id',
          detail:
            'id tooluse_kZJMlvQmRJ6eAyJE5GIl7Q is not allowed by the target; rewritten Opw8SA9m3 in the call and its results',
          toolCallId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
        },
      },
      {
        change: {
          rule: 'H5',
          index: 4,
          action: 'insert-message',
          detail: 'assistant message put between the tool results and the user message',
        },
      },
    ]);
    const body = JSON.parse(stdout);
    expect(body.messages[2].tool_calls[0].id).toBe('Opw8SA9m3');
    expect(body.messages[3]).toEqual({
      role: 'tool',
      content: '{"temperature":18,"sky":"cloudy"}',
      tool_call_id: 'Opw8SA9m3',
      name: 'get_weather',
    });
    expect(body.messages[4]).toEqual({ role: 'assistant', content: 'Tool results received.', prefix: false });
  });
});

describe('toolwire convert --to bedrock: bytes', () => {
  const image = {
    model: 'm',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'see' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
    ],
  };

  it('writes image bytes as base64 text, and openai-chat → bedrock → openai-chat keeps the image', async () => {
    const bedrock = await runCli([
      'convert',
      '--from',
      'openai-chat',
      '--to',
      'bedrock',
      file('image.json', image),
    ]);
    expect(bedrock.code).toBe(0);
    expect(JSON.parse(bedrock.stdout).messages[0].content[1]).toEqual({
      image: { format: 'png', source: { bytes: 'iVBORw0KGgo=' } },
    });
    const back = await runCli([
      'convert',
      '--from',
      'bedrock',
      '--to',
      'openai-chat',
      file('image-bedrock.json', bedrock.stdout),
    ]);
    expect(back).toEqual({ code: 0, stdout: `${JSON.stringify(image, null, 2)}\n`, stderr: '' });
  });

  it('writes redacted reasoning as base64 text, as --from bedrock reads it', async () => {
    const bedrock = {
      modelId: 'm',
      messages: [
        { role: 'user', content: [{ text: 'Hi' }] },
        {
          role: 'assistant',
          content: [{ reasoningContent: { redactedContent: 'AAEC' } }, { text: 'Hello.' }],
        },
        { role: 'user', content: [{ text: 'Again' }] },
      ],
    };
    const again = await runCli([
      'convert',
      '--from',
      'bedrock',
      '--to',
      'bedrock',
      file('redacted.json', bedrock),
    ]);
    expect(again).toEqual({ code: 0, stdout: `${JSON.stringify(bedrock, null, 2)}\n`, stderr: '' });
  });
});
