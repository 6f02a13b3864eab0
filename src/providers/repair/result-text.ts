import type { ToolResultOutput } from '../../types/message.js';

/** A tool result's output as plain text, for an orphan result kept as user text (H2, policy `text`). */
export function resultText(output: ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value) ?? 'null';
    case 'execution-denied':
      return output.reason === undefined ? 'execution denied' : `execution denied: ${output.reason}`;
    case 'content':
      return output.value
        .map((item) =>
          item.type === 'text'
            ? item.text
            : `[${item.type}${'mediaType' in item ? ` ${item.mediaType}` : ''}]`,
        )
        .join('\n');
    default: {
      const unknown: never = output;
      return JSON.stringify(unknown) ?? '';
    }
  }
}
