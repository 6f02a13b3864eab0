/**
 * `tagged` (aliases `tinyagents`, `openhuman`): the agent-style tagged dialect that the tinyagents /
 * OpenHuman agent harness accepts from any model it prompts to "wrap tool calls in `<tool_call>`
 * tags", with every near-miss shape models produce.
 *
 * ```text
 * Checking.
 * <tool_call>{"name": "get_weather", "arguments": {"location": "London"}}</tool_call>
 * <|tool_call>call:GMAIL_FETCH_EMAILS{label_ids:[<|"|>INBOX<|"|>],max_results:1}<tool_call|>
 * <tool_call>get_weather[London|metric]</tool_call>
 * ```
 *
 * - Parallel calls: repeated blocks, or several JSON values, a JSON array, or a
 *   `{"tool_calls": [...]}` envelope in one block. Blocks are `<tool_call>` tags in any spelling the
 *   source normalizes (`<toolcall>`, `<tool-call>`, pipe-garbled `<|tool_call>`…`<tool_call|>`,
 *   `<|tool_call|>`, attributes), `<invoke>{json}</invoke>`, `<invoke name="X"><parameter name="k">v
 *   </parameter></invoke>`, and ```` ```tool_call ```` fences.
 * - Arguments: JSON under `arguments`, `args`, `parameters`, `params` or `input` (first present wins)
 *   inside a block; OpenAI `{"function": {"name", "arguments": "<json text>"}}`; Kimi/Gemma
 *   `NAME{key:value}` with `<|"|>` quotes; a `call:` prefix; fenced or relaxed JSON; P-Format
 *   positional `name[a|b]` (alphabetical slots) and indexed `name[0|a|1|b]` (required parameters
 *   first), mapped to parameter names through the offered tools' schemas (option `pformat`); the GLM
 *   shorthand `name/key>value` in a tag body the JSON path cannot read (always, as tinyagents PR #105
 *   reads it), and on lines of prose only with option `glmShorthand`. A whole response that is one JSON call
 *   object (canonical `arguments` key), an array of them, a wire message `{"content", "tool_calls"}`
 *   (each possibly inside one ```` ```json ```` fence), or one P-Format call to an offered tool, is
 *   read as calls (option `wholeResponse: false` turns that off, so nothing is buffered).
 * - Reasoning: `<think>…</think>` goes to `reasoning`.
 * - Deliberately not done: a block inside a Markdown fence that carries another language
 *   (```` ```bash ````, ```` ```json ````) is an example and stays content (tinytools' protected
 *   fences); JSON in prose outside any marker is never a call (a bare object with an
 *   alias key such as `{"name": "Alice", "input": {...}}` stays text); a bare URL line is not a curl
 *   call (the later tinytools revision dropped that); text around calls is kept as written (the source
 *   trims pieces and joins them with `\n`); a block that holds no readable call is an
 *   `InvalidToolCall` (the source deletes it silently); P-Format never invents names for tools that
 *   were not offered, and with `tools` given a call to any other name is invalid (`unknown_tool`; the
 *   source's registry only serves P-Format); with `glmShorthand`, every GLM line of prose is a call
 *   (the source reads prose lines only when nothing else was found, which needs the whole output).
 *
 * Checked against: `../shared/docs/openhuman.md` (tinyagents `src/harness/tool_calling/{parse.rs,
 * pformat.rs}` @ bbcd0a6, tinytools `crates/tinytools-agent/src/parse/`), and the tinyagents cases of
 * the parse corpus.
 */

import type { ParseResult } from '../../types/tool-call.js';
import { EventCollector } from '../collect-events.js';
import { taggedObjectEnvelope, thinkTags } from '../core/envelopes.js';
import { type AgentTaggedOptions, AgentTaggedParser } from '../families/agent-tagged.js';
import type { FormatDefinition } from '../format-definition.js';

const config = { reasoning: { open: '<think>', close: '</think>' } } as const;

export const tagged: FormatDefinition = {
  id: 'tagged',
  aliases: ['tinyagents', 'openhuman'],
  description:
    'agent-style tagged calls: <tool_call> JSON in any spelling, <invoke>, ```tool_call fences, P-Format, Kimi bodies (tinyagents / OpenHuman)',
  models: [],
  markers: [
    '<tool_call>',
    '</tool_call>',
    '<|tool_call>',
    '<tool_call|>',
    '<|tool_call|>',
    '</tool_call|>',
    '<toolcall>',
    '</toolcall>',
    '<tool-call>',
    '</tool-call>',
    '<tool_calls>',
    '</tool_calls>',
    '<invoke>',
    '</invoke>',
    '<function_calls>',
    '</function_calls>',
    '```tool_call',
    '```json',
    '```',
    // The whole-response wire message `{"content": "…", "tool_calls": [...]}`: its envelope syntax
    // around the content field is structure.
    '"content"',
    '"tool_calls"',
    '{',
    '}',
    ':',
    '"',
    '<think>',
    '</think>',
  ],
  example: '<tool_call>{"name": "get_weather", "arguments": {"location": "London"}}</tool_call>',
  envelope: taggedObjectEnvelope('<tool_call>', '</tool_call>', { reasoning: thinkTags }),
  create: (options) => new AgentTaggedParser(config, options as AgentTaggedOptions | undefined),
};

/**
 * Finds agent-style tagged calls in a whole text (for `auto` to use as a fallback layer): exactly the
 * `tagged` format's parser, pushed `text` once and finished. `options.tools` enables P-Format and
 * schema typing (and makes calls to other names invalid, code `unknown_tool`); `glmShorthand` and
 * `pformat` as for the format. Never throws on model text.
 *
 * @returns content (text outside calls, as written), reasoning, calls and invalid calls, with
 *   `format: "tagged"`.
 */
export function findTaggedCalls(text: string, options?: AgentTaggedOptions): ParseResult {
  const parser = new AgentTaggedParser(config, { inputEvents: false, ...options });
  const collector = new EventCollector();
  collector.add(parser.push(text));
  collector.add(parser.finish());
  return collector.result(tagged.id);
}
