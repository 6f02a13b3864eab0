/**
 * `gigachat3`: ai-sage GigaChat3 (a `function call` message) and GigaChat 3.1 (`<|function_call|>`):
 * one JSON call object after the marker.
 *
 * ```text
 * I'll check.<|message_sep|>
 *
 * function call<|role_sep|>
 * {"name": "get_weather", "arguments": {"city": "SF"}}
 * ```
 *
 * - GigaChat 3.1: `<|function_call|>{"name": …, "arguments": {…}}`.
 * - Parallel calls: not in the format (llama.cpp allows one call); a second marker is read as another
 *   call rather than lost.
 * - Arguments: the `arguments` object (a JSON string holding one is decoded once more); JSON is
 *   scanned incrementally, so markers inside strings are data. A trailing `</s>` (end of sequence as
 *   text, vLLM test) is structure.
 * - Deliberately not done: text after the call stays content.
 *
 * Checked against: formats.md F40, llama.cpp `common_chat_params_init_gigachat_v3` and
 * `tests/test-chat.cpp`, vLLM `tests/tool_parsers/test_gigachat3_tool_parser.py`.
 */
import { taggedObjectEnvelope } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['<|message_sep|>\n\nfunction call<|role_sep|>', '<|function_call|>'],
  end: ['</s>'],
  endsWithOutput: true,
} as const;

/** GigaChat 3 / 3.1 function-call messages; see the file comment. */
export const gigachat3: FormatDefinition = {
  id: 'gigachat3',
  aliases: ['gigachat_v3', 'gigachat31'],
  description:
    'GigaChat 3: <|message_sep|>\\n\\nfunction call<|role_sep|>\\n{json}; 3.1: <|function_call|>{json}',
  models: ['gigachat3', 'gigachat-3'],
  markers: ['<|message_sep|>', 'function call', '<|role_sep|>', '<|function_call|>', '</s>'],
  example:
    '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {"city": "SF"}}',
  envelope: taggedObjectEnvelope('<|message_sep|>\n\nfunction call<|role_sep|>\n', '', {
    trigger: '<|message_sep|>',
  }),
  create: (options) => new TaggedJsonParser(config, options),
};
