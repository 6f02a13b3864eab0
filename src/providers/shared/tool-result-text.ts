import type { ToolResultOutput } from '../../types/message.js';
import type { Warning } from '../../types/warning.js';

/**
 * A tool result as the single text a text-only result field holds (Mistral and Ollama `tool` message
 * `content`): `text` / `error-text` as is, `json` / `error-json` as their JSON text, `execution-denied`
 * as its reason (or `Tool execution denied.`), `content` as its text items joined. What the text cannot
 * carry is reported in `warnings`: the error flag (neither provider has one), media items (dropped), the
 * JSON type of a value (it reads back as text).
 */
export function toolResultText(output: ToolResultOutput, provider: string, warnings: Warning[]): string {
  switch (output.type) {
    case 'text':
      return output.value;
    case 'json':
      return JSON.stringify(output.value) ?? 'null';
    case 'error-text':
      warnings.push(errorFlagLost(provider));
      return output.value;
    case 'error-json':
      warnings.push(errorFlagLost(provider));
      return JSON.stringify(output.value) ?? 'null';
    case 'execution-denied':
      warnings.push(errorFlagLost(provider));
      return output.reason ?? 'Tool execution denied.';
    case 'content': {
      const texts: string[] = [];
      for (const item of output.value) {
        if (item.type === 'text') texts.push(item.text);
        else {
          warnings.push({
            type: 'unsupported',
            feature: `tool result ${item.type}`,
            details: `${provider} tool results hold text only; the ${item.type} item was left out`,
          });
        }
      }
      return texts.join('\n');
    }
    default: {
      const unreachable: never = output;
      throw new Error(`unhandled tool result output ${JSON.stringify(unreachable)}`);
    }
  }
}

function errorFlagLost(provider: string): Warning {
  return {
    type: 'compatibility',
    feature: 'tool result error flag',
    details: `${provider} has no error flag on tool results; the error is sent as the result text`,
  };
}
