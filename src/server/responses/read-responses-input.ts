import { convertFromOpenAIResponsesInput } from '../../providers/index.js';
import type { Message, Warning } from '../../types/index.js';
import { warningText } from '../core/turn-grammar.js';
import { badField } from '../http/gateway-error.js';
import { customCallArguments } from './custom-tool.js';

/**
 * The request's `input` as a list of items: a string is one `user` message item.
 *
 * @throws {GatewayError} 400 (param `input`) when `input` is neither a string nor an array of objects.
 */
export function inputItems(input: unknown): readonly unknown[] {
  if (typeof input === 'string') return [{ type: 'message', role: 'user', content: input }];
  if (!Array.isArray(input)) throw badField('input', '"input" must be a string or an array of items');
  input.forEach((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw badField(`input[${index}]`, `input[${index}] must be an object`);
    checkItem(item as Record<string, unknown>, `input[${index}]`);
  });
  return input;
}

const messageRoles = new Set(['user', 'assistant', 'system', 'developer']);
const partTypes = new Set(['input_text', 'output_text', 'input_image', 'input_file', 'refusal']);

/**
 * The fields of the items the converter reads, where a wrong type would otherwise drop the item (a
 * `function_call` whose `name` is not a string took its output with it; a message of an unknown
 * role, or whose content is a number, vanished): messages (`role`, `content` a string or parts of
 * known types, text parts with a string `text`), `function_call` / `custom_tool_call` (`call_id`,
 * `name`, `arguments` / `input`), their outputs (`call_id`, `output`), `item_reference` (`id`).
 *
 * @throws {GatewayError} 400 naming the field (`input[2].name`).
 */
function checkItem(item: Record<string, unknown>, param: string): void {
  const fail = (field: string, what: string) => {
    throw badField(`${param}.${field}`, `${param}.${field} must be ${what}`);
  };
  const text = (field: string) => {
    if (typeof item[field] !== 'string' || item[field] === '') fail(field, 'a non-empty string');
  };
  switch (item.type ?? (item.role === undefined ? undefined : 'message')) {
    case 'message': {
      if (!messageRoles.has(item.role as string))
        fail('role', '"user", "assistant", "system" or "developer"');
      const content = item.content;
      if (typeof content === 'string') return;
      if (!Array.isArray(content)) fail('content', 'a string or an array of content parts');
      (content as unknown[]).forEach((part: unknown, at) => {
        const { type, text: partText } = (typeof part === 'object' && part !== null ? part : {}) as Record<
          string,
          unknown
        >;
        if (typeof type !== 'string' || !partTypes.has(type))
          fail(`content[${at}].type`, [...partTypes].map((known) => `"${known}"`).join(', '));
        if ((type === 'input_text' || type === 'output_text') && typeof partText !== 'string')
          fail(`content[${at}].text`, 'a string');
      });
      return;
    }
    case 'function_call':
      text('call_id');
      text('name');
      if (typeof item.arguments !== 'string') fail('arguments', 'a string (the arguments as JSON)');
      return;
    case 'custom_tool_call':
      text('call_id');
      text('name');
      if (typeof item.input !== 'string') fail('input', 'a string');
      return;
    case 'function_call_output':
    case 'custom_tool_call_output':
      text('call_id');
      if (typeof item.output !== 'string' && !Array.isArray(item.output))
        fail('output', 'a string or an array of content parts');
      return;
    case 'item_reference':
      text('id');
      return;
  }
}

/**
 * Responses items (and `instructions`) as canonical messages, through `toolwire/providers`'
 * `convertFromOpenAIResponsesInput`, after three rewrites it does not make:
 * - `custom_tool_call` → a `function_call` whose arguments are `{"input": TEXT}` and
 *   `custom_tool_call_output` → a `function_call_output` (custom tools are one-argument function
 *   tools in the core: see `readCustomTool`);
 * - a `reasoning` item's `reasoning_text` content (what open models' servers, and this gateway, send
 *   instead of a summary) is read as its text.
 * Items with no canonical form (OpenAI's built-in tool calls) are skipped; each conversion warning
 * becomes a notice. `item_reference` items are resolved before (`resolveItemReferences`).
 */
export function responsesMessages(
  items: readonly unknown[],
  instructions: unknown,
  notice: (message: string) => void,
): Message[] {
  const warnings: Warning[] = [];
  const messages = convertFromOpenAIResponsesInput(items.map(rewriteItem), instructions, warnings);
  for (const warning of warnings) notice(`input: ${warningText(warning)}`);
  return messages;
}

function rewriteItem(item: unknown): unknown {
  const record = item as Record<string, unknown>;
  switch (record.type) {
    case 'custom_tool_call':
      return {
        type: 'function_call',
        ...(typeof record.id === 'string' ? { id: record.id } : {}),
        call_id: record.call_id,
        name: record.name,
        arguments: customCallArguments(typeof record.input === 'string' ? record.input : ''),
      };
    case 'custom_tool_call_output':
      return { type: 'function_call_output', call_id: record.call_id, output: record.output };
    case 'reasoning': {
      const texts = Array.isArray(record.content)
        ? record.content.filter(
            (part: unknown) =>
              typeof part === 'object' &&
              part !== null &&
              (part as { type?: unknown }).type === 'reasoning_text' &&
              typeof (part as { text?: unknown }).text === 'string',
          )
        : [];
      return texts.length === 0 ? record : { ...record, summary: texts };
    }
    case 'message':
    case undefined:
      // A user's `output_text` part (as a client may send an earlier answer back) is text all the same.
      return record.role === 'user' && Array.isArray(record.content)
        ? {
            ...record,
            content: record.content.map((part: unknown) =>
              (part as { type?: unknown } | null)?.type === 'output_text'
                ? { ...(part as object), type: 'input_text' }
                : part,
            ),
          }
        : record;
    default:
      return record;
  }
}
