/**
 * `command_r_plus`: Cohere c4ai-command-r-plus and command-r (v01) with the `tool_use` template: an
 * `Action:` line followed by a fenced JSON array of `{tool_name, parameters}` objects.
 *
 * ````text
 * Plan: I will look up the weather.
 * Action:
 * ```json
 * [{"tool_name": "get_weather", "parameters": {"city": "SF"}}]
 * ```
 * ````
 *
 * - Parallel calls: elements of the array.
 * - Arguments: the `parameters` object (or `arguments`); the name is `tool_name` (or `name`). The
 *   ```` ```json ```` fence is optional; both fence lines are structure.
 * - `Action:` counts only when a JSON array or object (fenced or not) follows it; otherwise it is
 *   content. The turn tokens `<|START_OF_TURN_TOKEN|>`, `<|CHATBOT_TOKEN|>` and
 *   `<|END_OF_TURN_TOKEN|>` are structure.
 * - Deliberately not done: the template's `directly-answer` pseudo-tool is returned as a call like any
 *   other; grounded-answer sections (`Relevant Documents:`, `Grounded answer:`) stay content.
 *
 * Checked against: formats.md F37, llama.cpp `tests/test-chat.cpp` (Command R+ tool_use template).
 */
import { objectListEnvelope } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['Action:'],
  end: [],
  startNeedsJson: true,
  fence: true,
  nameKeys: ['tool_name', 'name'],
  argumentKeys: ['parameters', 'arguments'],
  dropMarkers: ['<|START_OF_TURN_TOKEN|>', '<|CHATBOT_TOKEN|>', '<|END_OF_TURN_TOKEN|>'],
} as const;

/** Command R+ `Action:` + fenced JSON; see the file comment. */
export const commandRPlus: FormatDefinition = {
  id: 'command_r_plus',
  aliases: ['command_r'],
  description: 'Command R+: Action:\\n```json\\n[{"tool_name", "parameters"}, ...]\\n```',
  models: ['command-r-plus', 'command-r-v01', 'command-r-08-2024'],
  markers: [
    'Action:',
    '```json',
    '```',
    '<|START_OF_TURN_TOKEN|>',
    '<|CHATBOT_TOKEN|>',
    '<|END_OF_TURN_TOKEN|>',
  ],
  example: 'Action:\n```json\n[{"tool_name": "get_weather", "parameters": {"city": "SF"}}]\n```',
  envelope: objectListEnvelope('Action:\n```json\n', '\n```', {
    nameKey: 'tool_name',
    argumentsKey: 'parameters',
    trigger: 'Action:',
  }),
  create: (options) => new TaggedJsonParser(config, options),
};
