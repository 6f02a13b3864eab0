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

/**
 * The text items of a `content` result, for a target whose tool results hold text only: each media
 * item becomes a placeholder text (`contentItemPlaceholder`) and is reported, so the model still sees
 * that something was returned and the result is never emptied.
 */
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
      texts.push(contentItemPlaceholder(item));
      warnings.push({
        type: 'unsupported',
        feature: `tool result ${item.type} content`,
        details: `result ${toolCallId}: ${provider} tool results hold text only; the item was replaced by a placeholder text`,
      });
    }
  }
  return texts;
}

/**
 * The text standing in for a media item of a tool result where only text can go: a URL item names
 * its URL (`[image: https://…]`), a data item its media type and size (`[file application/pdf, 1024
 * base64 characters]`).
 */
export function contentItemPlaceholder(item: Exclude<ToolResultContentPart, { type: 'text' }>): string {
  switch (item.type) {
    case 'image-url':
      return `[image: ${item.url}]`;
    case 'file-url':
      return `[file: ${item.url}]`;
    case 'image-data':
      return `[image ${item.mediaType}, ${item.data.length} base64 characters]`;
    case 'file-data':
    case 'media':
      return `[file ${item.mediaType}, ${item.data.length} base64 characters]`;
  }
}
