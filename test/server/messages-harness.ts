/**
 * The pieces of the Anthropic Messages tests: a gateway on loopback with a replay backend (see
 * `startGateway`), the official `@anthropic-ai/sdk` client pointed at it, raw requests, Anthropic's SSE
 * frames read strictly, and the tools and prompts the tests share. The gateway started last is closed
 * after each test.
 */
import Anthropic from '@anthropic-ai/sdk';
import { afterEach, expect } from 'vitest';
import { type GatewayHarness, type HarnessOptions, hermesCall, startGateway } from './gateway-harness.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Starts the gateway and an Anthropic client pointed at it. */
export async function start(
  options: HarnessOptions,
): Promise<{ gateway: GatewayHarness; client: Anthropic }> {
  harness = await startGateway(options);
  const client = new Anthropic({ baseURL: harness.url, apiKey: options.apiKey ?? 'unused', maxRetries: 0 });
  return { gateway: harness, client };
}

/** The SDK's error class, as a type. */
export type ApiError = InstanceType<typeof Anthropic.APIError>;

export const tools = [
  {
    name: 'get_weather',
    description: 'Current weather for a city',
    input_schema: {
      type: 'object' as const,
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    },
  },
  {
    name: 'get_time',
    description: 'Current time in a timezone',
    input_schema: { type: 'object' as const, properties: { zone: { type: 'string' } }, required: ['zone'] },
  },
];
export const question = [{ role: 'user' as const, content: 'Weather in Paris?' }];
export const callText = `Let me check.\n${hermesCall('get_weather', { city: 'Paris', unit: 'celsius' })}`;

/** The qwen2.5 template's system turn with `tools` offered after `system`. */
export function toolsSystem(system: string): string {
  const declared = tools
    .map((tool) =>
      JSON.stringify({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
      })
        .replaceAll('":', '": ')
        .replaceAll('","', '", "')
        .replaceAll(',"', ', "'),
    )
    .join('\n');
  return (
    `<|im_start|>system\n${system}\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n` +
    'You are provided with function signatures within <tools></tools> XML tags:\n' +
    `<tools>\n${declared}\n</tools>\n\n` +
    'For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n' +
    '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call><|im_end|>\n'
  );
}

/** Server-sent events as Anthropic frames them: `event: NAME\ndata: JSON\n\n`. */
export function readFrames(text: string): { event: string; data: Record<string, unknown> }[] {
  expect(text.endsWith('\n\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\n\n')
    .map((frame) => {
      const match = /^event: ([a-z_]+)\ndata: (.*)$/s.exec(frame);
      if (match === null) throw new Error(`not an Anthropic SSE frame: ${JSON.stringify(frame)}`);
      const data = JSON.parse(match[2] ?? '') as Record<string, unknown>;
      expect(data.type).toBe(match[1]);
      return { event: match[1] ?? '', data };
    });
}

export async function postMessages(
  body: unknown,
  headers: Record<string, string> = {},
  path = '/v1/messages',
): Promise<Response> {
  if (harness === undefined) throw new Error('no gateway');
  return fetch(`${harness.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
