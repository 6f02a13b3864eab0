/**
 * `minimax_m3`: MiniMax-M3 tool calls, every structural tag behind the namespace token `]<]minimax[>[`.
 *
 * ```text
 * I will check.
 * ]<]minimax[>[<tool_call>
 * ]<]minimax[>[<invoke name="create_order">]<]minimax[>[<user_id>42]<]minimax[>[</user_id>]<]minimax[>[<shipping>]<]minimax[>[<city>Paris]<]minimax[>[</city>]<]minimax[>[</shipping>]<]minimax[>[<tags>]<]minimax[>[<item>a]<]minimax[>[</item>]<]minimax[>[</tags>]<]minimax[>[</invoke>
 * ]<]minimax[>[</tool_call>
 * ```
 *
 * - Parallel calls: several invokes in one `<tool_call>` wrapper (or in several wrappers).
 * - Arguments: the parameter tag is the parameter name; nested objects are nested name tags, array
 *   items are `<item>` tags. Values are raw text typed by the tool's schema, walked down
 *   `properties`, `additionalProperties`, `items` and `prefixItems`; a container whose schema allows a
 *   string keeps its inner text verbatim; a repeated key under an object collects a list; without
 *   tools leaves stay strings (see `families/name-tags.ts`).
 * - Text inside an invoke beside its parameter tags (`<city>Tokyo</city>` written without the
 *   namespace token, `hello world`, a remark between parameters) makes the call an `InvalidToolCall`
 *   (`the call body holds text outside its parameter tags: …`), as in the XML-parameter formats;
 *   so does text beside the child tags of an object or array value. Whitespace between tags is layout.
 * - Reasoning: `<mm:think>…</mm:think>` goes to `reasoning`; a stray `</mm:think>` (the template's
 *   prompt may have closed an empty block) is dropped as markup.
 * - Whitespace between the namespace token and `<` is ignored; a tag without the token is data.
 * - Deliberately not done: a missing `</tool_call>` is tolerated; a missing `</invoke>` is tolerated
 *   before `</tool_call>` only; an invoke cut off at the end of the output is an `InvalidToolCall`.
 *
 * Checked against: SGLang `minimax_m3.py`, vLLM `minimax_m3_tool_parser.py` and its tests, llama.cpp
 * `tests/test-chat.cpp` (see `../shared/docs/formats.md` F16).
 */

import { xmlParametersEnvelope } from '../core/envelopes.js';
import { NameTagParser } from '../families/name-tags.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  namespace: ']<]minimax[>[',
  section: 'tool_call',
  invoke: 'invoke',
  item: 'item',
  reasoning: { open: '<mm:think>', close: '</mm:think>' },
  strayMarkers: ['</mm:think>'],
} as const;

export const minimaxM3: FormatDefinition = {
  id: 'minimax_m3',
  aliases: ['minimax-m3'],
  description: 'name tags behind the ]<]minimax[>[ namespace token (MiniMax-M3)',
  models: ['minimax-m3'],
  markers: [
    ']<]minimax[>[',
    '<tool_call>',
    '</tool_call>',
    '<invoke',
    '</invoke>',
    '<mm:think>',
    '</mm:think>',
  ],
  example:
    ']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="get_time">]<]minimax[>[<city>Tokyo]<]minimax[>[</city>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>',
  envelope: xmlParametersEnvelope({
    section: { open: ']<]minimax[>[<tool_call>\n', close: ']<]minimax[>[</tool_call>' },
    call: { open: ']<]minimax[>[<invoke name="{name}">', close: ']<]minimax[>[</invoke>\n' },
    parameter: { open: ']<]minimax[>[<{key}>', close: ']<]minimax[>[</{key}>' },
    reasoning: { open: '<mm:think>', close: '</mm:think>' },
    rawExcludes: [']<]minimax[>['],
  }),
  create: (options) => new NameTagParser(config, options),
};
