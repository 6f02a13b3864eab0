import { expect, it } from 'vitest';
import { main } from '../../examples/ai-sdk.js';

it('examples/ai-sdk.ts runs streamText with two tools through the middleware', async () => {
  const lines: string[] = [];
  await main((line) => lines.push(line));
  expect(lines).toEqual([
    'call call_0 get_weather {"city":"Paris","days":2}',
    'call call_1 get_time {"zone":"Europe/Paris"}',
    'result call_0 {"city":"Paris","days":2,"celsius":18,"sky":"sunny"}',
    'result call_1 {"zone":"Europe/Paris","time":"14:05"}',
    'step finished: tool-calls',
    'step finished: stop',
    'text: In Paris it is 14:05 and 18 °C, sunny for the next 2 days.',
  ]);
});
