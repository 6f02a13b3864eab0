/**
 * `firefunction_v2`: fireworks-ai llama-3-firefunction-v2: ` functools` (with a leading space)
 * followed by a JSON array of call objects.
 *
 * ```text
 *  functools[{"name": "get_weather", "arguments": {"city": "SF"}}]
 * ```
 *
 * - Parallel calls: elements of the array; no closing marker.
 * - Arguments: the `arguments` object (or `parameters`); a JSON string holding the object is decoded
 *   once more. The array is scanned as JSON, so brackets inside strings are data.
 * - The leading space belongs to the marker (the model writes it); `functools` without it is accepted
 *   too. The word counts as a marker only when a JSON array or object follows; otherwise it is
 *   content.
 * - Deliberately not done: the model's tool-result and multi-turn conventions (prompt side only).
 *
 * Checked against: formats.md F27, llama.cpp `tests/test-chat.cpp` (firefunction-v2 template).
 */
import { objectListEnvelope } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: [' functools', 'functools'],
  end: [],
  startNeedsJson: true,
} as const;

/** FireFunction v2 ` functools[…]`; see the file comment. */
export const firefunctionV2: FormatDefinition = {
  id: 'firefunction_v2',
  aliases: ['firefunction'],
  description: 'FireFunction v2: " functools[{json}, ...]"',
  models: ['firefunction-v2'],
  markers: [' functools', 'functools'],
  example: ' functools[{"name": "get_weather", "arguments": {"city": "SF"}}]',
  envelope: objectListEnvelope(' functools', '', { trigger: ' functools' }),
  create: (options) => new TaggedJsonParser(config, options),
};
