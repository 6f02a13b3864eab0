/**
 * `mistral` (alias `mistral_v11`): every Mistral tool-call shape, in one parser.
 *
 * ```text
 * [TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "SF"}, "id": "123456789"}]
 * [TOOL_CALLS]get_weather[ARGS]{"city": "SF"}
 * [TOOL_CALLS]get_weather[CALL_ID]123456789[ARGS]{"city": "SF"}
 * [TOOL_CALLS]get_weather{"city": "SF"}
 * ```
 *
 * - Pre-v11 tokenizer (Mistral-7B-Instruct-v0.3, Nemo 2407, Large 2407): `[TOOL_CALLS]`, optional
 *   whitespace (SGLang writes `[TOOL_CALLS] [`), then a JSON list of `{name, arguments, id?}` objects;
 *   `id` becomes the call id. A single JSON object is accepted too.
 * - v11+ (Devstral Small 2507, Ministral 3, Magistral, Mistral Large 3): `[TOOL_CALLS]NAME[ARGS]{json}`
 *   repeated once per call; vLLM decodes the same text without `[ARGS]` (`[TOOL_CALLS]NAME{json}`).
 * - Mistral Small 3.2: `[TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{json}`; ID is kept as the call id.
 * - Arguments: a JSON object; a `[TOOL_CALLS]` inside a JSON string is data. Text before, between and
 *   after calls is content (kept untrimmed).
 * - Reasoning: `[THINK]…[/THINK]` (Magistral, Ministral 3) goes to `reasoning`; `[TOOL_CALLS]` inside it
 *   is reasoning text, as llama.cpp's test expects.
 * - Why one definition: the shapes never conflict (after `[TOOL_CALLS]` a `[`/`{` is a list/object, a
 *   name otherwise), and model cards do not say which tokenizer version a checkpoint uses, so one
 *   parser accepting all shapes is safer. `mistral_v11` (the corpus id for the compact shapes) is an alias.
 * - Deliberately not done: ids are not checked to be 9 alphanumerics (vLLM's rule) — the model's id is
 *   kept as written; a call whose JSON is still open at the end of the output is invalid, not guessed.
 *
 * Checked against: formats.md F17–F19 and §5.1–5.3 (vLLM `mistral_tool_parser.py` and its tests,
 * SGLang `mistral_detector.py` tests, llama.cpp `common_chat_params_init_ministral_3` and
 * `tests/test-chat.cpp` Nemo / Devstral / Ministral / Mistral-Small-3.2 cases).
 */

import type { NamedJsonConfig } from '../families/named-json/named-json-config.js';
import { NamedJsonParser } from '../families/named-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config: NamedJsonConfig = {
  callStart: ['[TOOL_CALLS]'],
  nameEndsAtBrace: true,
  idStart: '[CALL_ID]',
  argsStart: ['[ARGS]'],
  jsonBody: true,
  reasoning: { open: '[THINK]', close: '[/THINK]' },
};

/** All Mistral tool-call shapes; see the file comment. */
export const mistral: FormatDefinition = {
  id: 'mistral',
  aliases: ['mistral_v11'],
  description:
    'Mistral: [TOOL_CALLS][{json}, …] (pre-v11) or [TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{json} per call (v11+)',
  models: [
    'mistral-7b-instruct-v0.3',
    'mistral-nemo',
    'mistral-large',
    'mistral-small',
    'mistral-medium',
    'devstral',
    'ministral',
    'magistral',
    'mixtral-8x22b',
  ],
  markers: ['[TOOL_CALLS]', '[CALL_ID]', '[ARGS]', '[THINK]', '[/THINK]'],
  example: '[TOOL_CALLS]get_weather[ARGS]{"city": "SF"}',
  envelope: {
    call: { open: '[TOOL_CALLS]{name}[ARGS]', close: '' },
    arguments: { kind: 'json' },
    reasoning: { open: '[THINK]', close: '[/THINK]' },
    trigger: '[TOOL_CALLS]',
  },
  create: (options) => new NamedJsonParser(config, options),
};
