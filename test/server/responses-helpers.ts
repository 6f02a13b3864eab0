/** Shared pieces of the Responses surface tests: tools, recorded texts, and readers of the stream. */
import type OpenAI from 'openai';
import { type GatewayHarness, hermesCall, weatherTools } from './gateway-harness.js';

/** The gateway tests' tools in the Responses shape (flat, `strict` given). */
export const tools = weatherTools.map((tool) => ({
  type: 'function' as const,
  ...tool.function,
  strict: false,
}));
export const question = 'Weather in Paris?';
export const callText = `Let me check.\n${hermesCall('get_weather', { city: 'Paris', unit: 'celsius' })}`;
export const parisArguments = '{"city":"Paris","unit":"celsius"}';

/** The qwen2.5 (Hermes) system block for `tools`, as the template renders it. */
export const hermesSystem =
  '<|im_start|>system\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
  'You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
  '{"type": "function", "function": {"name": "get_weather", "description": "Current weather for a city", ' +
  '"parameters": {"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string", ' +
  '"enum": ["celsius", "fahrenheit"]}}, "required": ["city"], "additionalProperties": false}}}\n' +
  '{"type": "function", "function": {"name": "get_time", "description": "Current time in a timezone", ' +
  '"parameters": {"type": "object", "properties": {"zone": {"type": "string"}}, "required": ["zone"]}}}\n' +
  '</tools>\n\nFor each function call, return a json object with function name and arguments within ' +
  '<tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n' +
  '</tool_call><|im_end|>\n';

/** The second turn's prompt: the call of the first turn and its output rendered as the template does. */
export const secondPrompt =
  `${hermesSystem}<|im_start|>user\nWeather in Paris?<|im_end|>\n<|im_start|>assistant\nLet me check.\n` +
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n</tool_call><|im_end|>\n' +
  '<|im_start|>user\n<tool_response>\n18°C, sunny\n</tool_response><|im_end|>\n<|im_start|>assistant\n';

export type Output = OpenAI.Responses.ResponseOutputItem;

export function functionCall(output: readonly Output[]): OpenAI.Responses.ResponseFunctionToolCall {
  const call = output.find((item) => item.type === 'function_call');
  if (call?.type !== 'function_call') throw new Error('no function_call item');
  return call;
}

/** POSTs `body` to the gateway's `/v1/responses` and reads the answer as text. */
export async function postResponses(
  harness: GatewayHarness | undefined,
  body: unknown,
): Promise<{ status: number; text: string }> {
  if (harness === undefined) throw new Error('no gateway');
  const response = await fetch(`${harness.url}/v1/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** The SSE frames of a streamed answer: each `event: NAME` line and its parsed `data`. */
export function frames(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((frame) => frame !== '')
    .map((frame) => {
      const match = /^event: ([^\n]+)\ndata: (.*)$/s.exec(frame);
      if (match === null) throw new Error(`not an SSE frame: ${frame}`);
      return { event: match[1] as string, data: JSON.parse(match[2] as string) as Record<string, unknown> };
    });
}

/** Event types in order, runs of the same delta type counted once. */
export function eventTypes(events: readonly { type: string }[]): string[] {
  return events
    .map((event) => event.type)
    .filter((type, index, all) => !(type.endsWith('.delta') && all[index - 1] === type));
}
