import type { ToolResultContentPart, ToolResultOutput } from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { safeStringify } from './decode-tool-call.js';

/**
 * A tool result as the text a provider without result kinds holds (OpenAI Chat `role: "tool"` content,
 * Responses `function_call_output.output`): `text` as is; `json` as its JSON text; `error-text` as is
 * and `error-json` as JSON text, each with a `compatibility` warning (OpenAI has no error flag on a
 * result: the model reads the error from the text, providers.md §8); `execution-denied` as its reason
 * (default `"Tool execution denied."`, as the AI SDK writes it), also with a warning. `content` is not
 * handled here (each provider writes its own parts): it returns `undefined`.
 */
export function toolOutputText(
  output: ToolResultOutput,
  toolCallId: string,
  provider: string,
  warnings: Warning[],
): string | undefined {
  switch (output.type) {
    case 'text':
      return output.value;
    case 'json':
      return safeStringify(output.value) ?? 'null';
    case 'error-text':
    case 'error-json':
      warnings.push({
        type: 'compatibility',
        feature: `${output.type} tool result`,
        details: `result ${toolCallId}: sent as plain text (${provider} has no error flag on tool results)`,
      });
      return output.type === 'error-text' ? output.value : (safeStringify(output.value) ?? 'null');
    case 'execution-denied':
      warnings.push({
        type: 'compatibility',
        feature: 'execution-denied tool result',
        details: `result ${toolCallId}: sent as its reason text (${provider} has no denial flag)`,
      });
      return output.reason ?? 'Tool execution denied.';
    case 'content':
      return undefined;
  }
}

/** The text items of a `content` result; each media item is reported (the target holds text only). */
export function contentTextItems(
  items: readonly ToolResultContentPart[],
  toolCallId: string,
  provider: string,
  warnings: Warning[],
): string[] {
  const texts: string[] = [];
  for (const item of items) {
    if (item.type === 'text') texts.push(item.text);
    else {
      warnings.push({
        type: 'unsupported',
        feature: `tool result ${item.type} content`,
        details: `result ${toolCallId}: ${provider} tool results hold text only; the item was left out`,
      });
    }
  }
  return texts;
}
