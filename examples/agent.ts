/**
 * A complete agent loop: two tools defined with zod, a scripted model that writes Hermes tool calls
 * (the `<tool_call>` JSON format of Hermes 2/3 and Qwen 2.5), and every event of the run printed.
 *
 * Run it: `npx vite-node examples/agent.ts` (in a clone, after `npm ci`, which builds the package that
 * `toolwire` names here). In a project with toolwire and zod installed the file runs as it is
 * (`npx vite-node agent.ts`, or `node agent.ts` on Node 22.18+). test/docs/examples.test.ts runs it and
 * checks every line it prints.
 */
import { type AgentEvent, defineTool, fromTextModel, runAgent } from 'toolwire';
import { z } from 'zod';

const unit = z.enum(['celsius', 'fahrenheit']);

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current temperature in a city',
  parameters: z.object({ city: z.string(), unit: unit.default('celsius') }),
  // `city` is a string and `unit` is 'celsius' | 'fahrenheit' here: typed from the zod schema.
  execute: async ({ city, unit }) => ({ city, unit, temperature: city === 'Oslo' ? 4 : 20 }),
});

const convertTemperature = defineTool({
  name: 'convert_temperature',
  description: 'Converts a temperature between units',
  parameters: z.object({ value: z.number(), to: unit }),
  execute: ({ value, to }) => (to === 'fahrenheit' ? (value * 9) / 5 + 32 : ((value - 32) * 5) / 9),
});

/** One reply per step; the first streams in chunks that split the markers. */
const replies: ReadonlyArray<string | readonly string[]> = [
  ['Let me look.<tool_', 'call>\n{"name": "get_weather", "argu', 'ments": {"city": "Oslo"}}\n</tool_call>'],
  // A number as text and an enum in the wrong case: aligned before the handler sees them ("4" → 4).
  '<tool_call>\n{"name": "convert_temperature", "arguments": {"value": "4", "to": "Fahrenheit"}}\n</tool_call>',
  'It is 4 °C (39.2 °F) in Oslo.',
];

const model = fromTextModel((_messages, _tools, { step }) => replies[step - 1] ?? '', { format: 'hermes' });

const run = await runAgent({
  model,
  tools: [getWeather, convertTemperature],
  messages: [{ role: 'user', content: 'How warm is it in Oslo, in Fahrenheit?' }],
  onEvent: (event) => {
    // Parse events stream each model turn as it is read; the rest is the loop's own record.
    if (event.type !== 'parse-event')
      console.log(`${event.step} ${event.type} ${JSON.stringify(summary(event))}`);
  },
});
console.log(`messages: ${run.messages.map((message) => message.role).join(', ')}`);

function summary(event: AgentEvent): unknown {
  switch (event.type) {
    case 'assistant-message':
      return event.message.content;
    case 'tool-call':
      return event.call;
    case 'tool-result':
      return event.result.output;
    case 'step-end':
      return event.reason;
    case 'finish':
      return event.finishReason;
    default:
      return {};
  }
}
