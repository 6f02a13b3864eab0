/**
 * What the client-library tests share: a gateway per test behind an API key, one question, the Hermes calls the replay model writes for it,
 * those calls as the Qwen2.5 template renders them back into a prompt, and a replay exchange in two
 * steps whose second prompt must end with exactly the turns the client sent after the question.
 */
import { afterEach } from 'vitest';
import { type GatewayHarness, type HarnessOptions, hermesCall, startGateway } from './gateway-harness.js';
import type { ReplayRecording } from './replay-backend.js';

export const question = 'Weather in São Paulo?';
export const weatherArgs = { city: 'São Paulo', unit: 'celsius' };
export const timeArgs = { zone: 'America/Sao_Paulo' };
export const weatherResult = { city: 'São Paulo', temperature: 18 };
export const finalText = 'It is 18 °C in São Paulo.';

/** The calls as the model writes them (compact JSON). */
export const weatherCall = hermesCall('get_weather', weatherArgs);
export const timeCall = hermesCall('get_time', timeArgs);

/** The same calls as Qwen2.5's template writes a history call back (`tojson`: `": "` and `", "`). */
export const renderedWeather =
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "São Paulo", "unit": "celsius"}}\n</tool_call>';
export const renderedTime =
  '<tool_call>\n{"name": "get_time", "arguments": {"zone": "America/Sao_Paulo"}}\n</tool_call>';

/**
 * The prompt from the question on, after a turn of calls: the assistant turn (`lead` content, then the
 * calls), one user turn holding every tool result in order, and the open assistant turn.
 */
export function turnsAfterCalls(lead: string, calls: readonly string[], results: readonly string[]): string {
  const responses = results.map((result) => `<tool_response>\n${result}\n</tool_response>`);
  return (
    `<|im_start|>user\n${question}<|im_end|>\n<|im_start|>assistant\n${lead}${calls.join('\n')}<|im_end|>\n` +
    `<|im_start|>user\n${responses.join('\n')}<|im_end|>\n<|im_start|>assistant\n`
  );
}

/**
 * Two recordings: `stepOne` (the calls), then `finalText`, answered only when the second prompt from
 * the question on is exactly `secondTurns` (else the backend answers 400, which the client sees as 502).
 */
export function twoSteps(stepOne: string, secondTurns: string): ReplayRecording[] {
  return [
    { output: stepOne },
    {
      output: finalText,
      expectPrompt: (prompt) => {
        const turns = prompt.slice(prompt.indexOf(`<|im_start|>user\n${question}`));
        if (turns !== secondTurns)
          throw new Error(`the turns after the question are ${JSON.stringify(turns)}`);
      },
    },
  ];
}

/**
 * Registers an `afterEach` that closes the test's gateway and replay backend, and returns the function
 * that starts them (the gateway requires `apiKey`, which the clients must send).
 */
export function gatewayPerTest(apiKey: string): (options: HarnessOptions) => Promise<GatewayHarness> {
  let harness: GatewayHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });
  return async (options) => {
    harness = await startGateway({ apiKey, ...options });
    return harness;
  };
}
