/**
 * `functionary_v31`: meetkai functionary-medium-v3.1 / functionary-small-v3.1 (Llama 3.1 based): each
 * call is the name in a `<function=…>` tag followed by its JSON arguments.
 *
 * ```text
 * Let me look that up.<function=get_weather>{"city": "SF"}</function>
 * ```
 *
 * - Parallel calls: repeated `<function=NAME>{…}</function>` tags; text between and after them is content.
 * - Arguments: one JSON object right after the tag; a `</function>` inside a JSON string is data, and a
 *   missing `</function>` is tolerated once the JSON is complete (llama.cpp's autoparser `TAG_WITH_JSON`).
 * - Deliberately not done: the `<|python_tag|>` code-interpreter output of the same models is not a
 *   function call and stays content; a call whose JSON is still open at the end is invalid.
 *
 * Checked against: formats.md F38 and llama.cpp `tests/test-chat.cpp` (template
 * `meetkai-functionary-medium-v3.1.jinja`).
 */
import type { NamedJsonConfig } from '../families/named-json/named-json-config.js';
import { NamedJsonParser } from '../families/named-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config: NamedJsonConfig = {
  callStart: ['<function='],
  nameEnd: ['>'],
  callEnd: ['</function>'],
};

/** Functionary v3.1 `<function=NAME>{json}</function>` calls; see the file comment. */
export const functionaryV31: FormatDefinition = {
  id: 'functionary_v31',
  aliases: ['functionary_v3_1', 'functionary_v3_1_llama_3_1'],
  description: 'Functionary v3.1: <function=NAME>{json}</function>',
  models: ['functionary-medium-v3.1', 'functionary-small-v3.1'],
  markers: ['<function=', '</function>'],
  example: '<function=get_weather>{"city": "SF"}</function>',
  envelope: { call: { open: '<function={name}>', close: '</function>' }, arguments: { kind: 'json' } },
  create: (options) => new NamedJsonParser(config, options),
};
