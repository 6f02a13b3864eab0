import { badField } from '../http/gateway-error.js';
import type { NoticeOnce } from '../http/notice-once.js';

/**
 * OpenAI's `include` values (API reference, `ResponseIncludable`) and why the gateway adds nothing
 * for each: the tools they belong to are left out, images are not returned, logprobs are not
 * produced, and reasoning comes back as readable `reasoning_text` content that a client sends back as
 * it is, so it needs no `encrypted_content`.
 */
const includable: ReadonlyMap<string, string> = new Map([
  ['file_search_call.results', 'file_search tools are left out'],
  ['web_search_call.results', 'web_search tools are left out'],
  ['web_search_call.action.sources', 'web_search tools are left out'],
  ['code_interpreter_call.outputs', 'code_interpreter tools are left out'],
  ['computer_call_output.output.image_url', 'computer tools are left out'],
  ['message.input_image.image_url', 'input images are not returned'],
  ['message.output_text.logprobs', 'logprobs are not produced'],
  [
    'reasoning.encrypted_content',
    'reasoning items carry their text as reasoning_text content, to send back as it is',
  ],
]);

/** Most `include` entries read (there are 8 values). */
const MAX_INCLUDE = 64;

/**
 * Reads `include` (an array of strings, `param` naming it): each of OpenAI's values is accepted and
 * noted once per gateway with why nothing is added for it (see `includable`).
 *
 * @throws {GatewayError} 400 `invalid_value` for a value that is not one of OpenAI's (param
 *   `include[N]`, OpenAI's "Invalid value" message), or for an `include` that is not an array of
 *   strings.
 */
export function readInclude(value: unknown, noticeOnce: NoticeOnce, param = 'include'): void {
  if (value === undefined || value === null) return;
  if (
    !Array.isArray(value) ||
    value.length > MAX_INCLUDE ||
    !value.every((entry) => typeof entry === 'string')
  )
    throw badField(param, `"${param}" must be an array of up to ${MAX_INCLUDE} strings`);
  value.forEach((entry: string, index) => {
    const why = includable.get(entry);
    if (why === undefined) {
      const supported = [...includable.keys()].map((known) => `'${known}'`).join(', ');
      throw badField(
        `${param}[${index}]`,
        `Invalid value: '${entry.slice(0, 100)}'. Supported values are: ${supported}.`,
      );
    }
    noticeOnce(`include:${entry}`, `include: "${entry}" adds nothing here: ${why}`);
  });
}
