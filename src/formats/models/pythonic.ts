/**
 * `pythonic`: a Python list of calls, written by Llama 3.2 (pythonic template), ToolACE-8B and other
 * fine-tunes that follow the "function calling in Python syntax" prompt.
 *
 * ```text
 * Let me check. [get_weather(city='San Francisco', units="metric"), get_time(tz=None)]
 * ```
 *
 * - Parallel calls: elements of the one list; several lists in one turn are all read.
 * - Arguments: keyword arguments, Python literals (`str` in either quote style with escapes,
 *   `int`/`float`, `True`/`False`/`None`, lists, tuples, dicts); JSON's `true`/`false`/`null` are
 *   accepted too. Positional arguments (`f(1, 2)`) take the tool's parameter names in the order of
 *   its schema's `properties`; without tools, or with more of them than parameters, the call is an
 *   `InvalidToolCall` (vLLM's regex rejects them and its AST reader would drop them silently).
 * - Text before and after the list stays content (SGLang `PythonicDetector`); vLLM only accepts output
 *   that starts with the list and drops the rest, which the "nothing lost" rule forbids.
 * - A bracketed list in prose is a call list once it starts like one (`[NAME(`): `[1, 2]`,
 *   `[see above]` or a Markdown link stay content. In a call list, an element that cannot be read
 *   (an expression such as `datetime(2026, 1, 1)`, values nested 256 deep, a non-call element) is an
 *   `InvalidToolCall` whose raw runs to the next top-level `,` or the list's `]`; the other elements
 *   are still read. A list cut off at the end yields its complete calls and an `InvalidToolCall` for
 *   the unfinished one.
 * - Deliberately not done: expressions are not evaluated (an error in Python's `literal_eval` too).
 *
 * Checked against: vLLM `pythonic_tool_parser.py` / `llama4_pythonic_tool_parser.py` and their tests,
 * SGLang `test_function_call_parser.py` (TestPythonicDetector) — `../shared/docs/formats.md` F21.
 */

import { pythonCallsEnvelope } from '../core/envelopes.js';
import { PythonicCallsParser } from '../families/pythonic-calls.js';
import type { FormatDefinition } from '../format-definition.js';

const config = { bareLists: true } as const;

export const pythonic: FormatDefinition = {
  id: 'pythonic',
  aliases: [],
  description: 'Python list of calls [NAME(k=v), ...] (Llama 3.2 pythonic, ToolACE)',
  models: ['toolace'],
  markers: ['[', ']'],
  example: "[get_weather(city='San Francisco', units='metric')]",
  envelope: pythonCallsEnvelope('', ''),
  create: (options) => new PythonicCallsParser(config, options),
};
