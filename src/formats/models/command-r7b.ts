/**
 * `command_r7b`: Cohere c4ai-command-r7b-12-2024 (and the Cohere2MoE template): a JSON list of actions
 * in `<|START_ACTION|>…<|END_ACTION|>`, thinking in `<|START_THINKING|>…<|END_THINKING|>`, and the
 * answer wrapped in `<|START_RESPONSE|>…<|END_RESPONSE|>` (or `<|START_TEXT|>…<|END_TEXT|>`).
 *
 * ```text
 * <|START_THINKING|>I need the weather.<|END_THINKING|><|START_ACTION|>[
 *     {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "SF"}}
 * ]<|END_ACTION|>
 * ```
 *
 * - Parallel calls: elements of the list; `tool_call_id` becomes the call id.
 * - Arguments: the `parameters` object (`arguments` and `name` are accepted too). Each element's text is
 *   its call's raw; the brackets and commas are structure. An element without a name is invalid.
 * - Reasoning: the thinking block goes to `reasoning` (templates that open it in the prompt: pass
 *   `reasoningStartedInPrompt`); with `reasoning: 'content'` its tags stay in the content.
 * - The response / text wrappers are structure, their inside is content.
 * - Deliberately not done: a call is announced when its list is complete, not while the element is
 *   still being written; a list cut off at the end of the output is invalid as a whole.
 *
 * Checked against: formats.md F36 and llama.cpp `tests/test-chat.cpp` (templates
 * `CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja` and the Cohere2MoE one).
 */
import type { NamedJsonConfig } from '../families/named-json/named-json-config.js';
import { NamedJsonParser } from '../families/named-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config: NamedJsonConfig = {
  callStart: ['<|START_ACTION|>'],
  callEnd: ['<|END_ACTION|>'],
  jsonBody: true,
  nameKeys: ['tool_name', 'name'],
  argumentKeys: ['parameters', 'arguments'],
  idKeys: ['tool_call_id', 'id'],
  dropMarkers: ['<|START_RESPONSE|>', '<|END_RESPONSE|>', '<|START_TEXT|>', '<|END_TEXT|>'],
  reasoning: { open: '<|START_THINKING|>', close: '<|END_THINKING|>' },
};

/** Command R7B action lists; see the file comment. */
export const commandR7b: FormatDefinition = {
  id: 'command_r7b',
  aliases: ['cohere_command_r7b'],
  description: 'Command R7B: <|START_ACTION|>[{tool_call_id, tool_name, parameters}]<|END_ACTION|>',
  models: ['command-r7b', 'c4ai-command-r7b'],
  markers: [
    '<|START_ACTION|>',
    '<|END_ACTION|>',
    '<|START_THINKING|>',
    '<|END_THINKING|>',
    '<|START_RESPONSE|>',
    '<|END_RESPONSE|>',
    '<|START_TEXT|>',
    '<|END_TEXT|>',
  ],
  example:
    '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "SF"}}\n]<|END_ACTION|>',
  envelope: {
    section: { open: '<|START_ACTION|>[', close: ']<|END_ACTION|>' },
    call: { open: '{"tool_call_id": "{index}", "tool_name": "{name}", "parameters": ', close: '}' },
    separator: ', ',
    arguments: { kind: 'json' },
    reasoning: { open: '<|START_THINKING|>', close: '<|END_THINKING|>' },
  },
  create: (options) => new NamedJsonParser(config, options),
};
