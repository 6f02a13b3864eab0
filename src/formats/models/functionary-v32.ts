/**
 * `functionary_v32`: meetkai functionary-medium-v3.2 / functionary-small-v3.2: every assistant message
 * part starts with a recipient line after `>>>`: `all` for text to the user, a tool name for a call.
 *
 * ```text
 * all
 * Let me check.>>>get_weather
 * {"city": "SF"}>>>get_time
 * {"tz": "PST"}
 * ```
 *
 * - The chat template's generation prompt ends with `>>>`, so the output starts with the first
 *   recipient line (llama.cpp parses it that way); a leading `>>>` in the output is accepted too.
 * - Content: the text after `>>>all\n`, up to the next `>>>`. A recipient is an identifier
 *   (`[A-Za-z_][\w.-]*`) right after `>>>` and ending the line; anything else (an output that does not
 *   start with a recipient, a `>>> print(1)` REPL line in content) is text, `>>>` included.
 * - Parallel calls: repeated `>>>NAME\n{json}`.
 * - Arguments: one JSON object after the recipient line; `>>>` inside a JSON string is data.
 * - Deliberately not done: `>>>python` code-interpreter calls with raw code (not JSON) become
 *   InvalidToolCalls with their text kept; a call whose JSON is still open at the end is invalid.
 *
 * Checked against: formats.md F39 and llama.cpp `common_chat_params_init_functionary_v3_2` and
 * `tests/test-chat.cpp` (template `meetkai-functionary-medium-v3.2.jinja`, trigger `>>>(?!all)`).
 */
import type { NamedJsonConfig } from '../families/named-json/named-json-config.js';
import { NamedJsonParser } from '../families/named-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config: NamedJsonConfig = {
  callStart: ['>>>'],
  nameEnd: ['\r\n', '\n'],
  startsInCall: true,
  contentRecipient: 'all',
};

/** Functionary v3.2 `>>>recipient` messages; see the file comment. */
export const functionaryV32: FormatDefinition = {
  id: 'functionary_v32',
  aliases: ['functionary_v3_2'],
  description: 'Functionary v3.2: >>>NAME\\n{json} calls and >>>all\\n content, after a prompt ending in >>>',
  models: ['functionary-medium-v3.2', 'functionary-small-v3.2'],
  markers: ['>>>', 'all\n'],
  example: 'get_weather\n{"city": "SF"}',
  envelope: {
    call: { open: '{name}\n', close: '' },
    separator: '>>>',
    arguments: { kind: 'json' },
    trigger: null,
    textBlock: { open: 'all\n', close: '>>>' },
  },
  create: (options) => new NamedJsonParser(config, options),
};
