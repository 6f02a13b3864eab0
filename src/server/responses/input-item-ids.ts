import { newCallId } from '../core/call-id.js';
import { badField, GatewayError } from '../http/gateway-error.js';
import { itemIdOf } from './response-store.js';

/**
 * `input` with each `{type: "item_reference", id}` replaced by the item of that id from a kept
 * response (its input or output), as OpenAI resolves references to stored items.
 *
 * @throws {GatewayError} 400 (param `input[N].id`) for a reference without a string `id`; 404
 *   `item_not_found` (param `input`) for an id no kept response holds, with OpenAI's message.
 */
export function resolveItemReferences(input: readonly unknown[], lookup: (id: string) => unknown): unknown[] {
  return input.map((item, index) => {
    const record = item as Record<string, unknown>;
    if (record.type !== 'item_reference') return item;
    const id = record.id;
    if (typeof id !== 'string' || id === '')
      throw badField(`input[${index}].id`, `input[${index}].id must be the id of a stored item`);
    const found = lookup(id);
    if (found === undefined) {
      throw new GatewayError(
        404,
        'invalid_request_error',
        'item_not_found',
        `Item with id '${id}' not found. Items are kept only for responses stored with \`store\` set to ` +
          'true, and the oldest are dropped once the store is full.',
        'input',
      );
    }
    return found;
  });
}

/** Id prefixes of input items by type, as OpenAI's items carry them. */
const prefixes: Readonly<Record<string, string>> = {
  message: 'msg_',
  function_call: 'fc_',
  function_call_output: 'fco_',
  custom_tool_call: 'ctc_',
  custom_tool_call_output: 'ctco_',
  reasoning: 'rs_',
};

/**
 * The items with an `id` each: an item that has one keeps it, others get a fresh one (`msg_…`,
 * `fc_…`, `fco_…`, ... by type; `item_…` for other types), so a stored item can be listed and
 * referred to. Copies; the items given are not changed.
 */
export function withItemIds(items: readonly unknown[]): unknown[] {
  return items.map((item) => {
    if (itemIdOf(item) !== undefined) return item;
    const record = item as Record<string, unknown>;
    const type = record.type ?? (record.role === undefined ? undefined : 'message');
    const prefix = (typeof type === 'string' ? prefixes[type] : undefined) ?? 'item_';
    return { ...record, id: newCallId(prefix) };
  });
}

/**
 * An input item as `input_items` lists it: a message (also one given as `{role, content}`) with
 * `type: "message"`, its string content as one `input_text` part (`output_text` for an assistant)
 * and `status: "completed"`; other items as they were given.
 */
export function listedItem(item: unknown): unknown {
  const record = item as Record<string, unknown>;
  const message = record.type === 'message' || (record.type === undefined && record.role !== undefined);
  if (!message) return item;
  const content =
    typeof record.content === 'string'
      ? [
          record.role === 'assistant'
            ? { type: 'output_text', text: record.content, annotations: [] }
            : { type: 'input_text', text: record.content },
        ]
      : record.content;
  return { ...record, type: 'message', content, status: record.status ?? 'completed' };
}
