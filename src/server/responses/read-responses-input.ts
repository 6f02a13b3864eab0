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
  });
  return input;
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
    default:
      return record;
  }
}
