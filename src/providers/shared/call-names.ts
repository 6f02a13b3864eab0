import type { Message, ToolResultPart } from '../../types/message.js';
import type { Warning } from '../../types/warning.js';

/**
 * The names of the calls written so far, by id, so a result whose `toolName` is empty gets its call's
 * name (Gemini `functionResponse.name` is required, Mistral `name` and Ollama `tool_name` are how the
 * result is matched: H14). Never a guess from position (the langchainjs "first call" heuristic is
 * wrong for parallel calls: providers.md §10.2).
 */
export class CallNames {
  private readonly names = new Map<string, string>();

  add(id: string, name: string): void {
    this.names.set(id, name);
  }

  /** Records the calls of an assistant message (valid ones, and invalid ones with an id and a name). */
  addMessage(message: Message): void {
    if (message.role !== 'assistant' || typeof message.content === 'string') return;
    for (const part of message.content) {
      if (part.type === 'tool-call') this.add(part.toolCallId, part.toolName);
      else if (part.type === 'tool-call-invalid' && part.toolCallId && part.toolName)
        this.add(part.toolCallId, part.toolName);
    }
  }

  /** The result's `toolName`, or (reported) its call's when it is empty; `""` when no call has its id. */
  resultName(part: ToolResultPart, provider: string, warnings: Warning[]): string {
    if (part.toolName !== '') return part.toolName;
    const name = this.names.get(part.toolCallId) ?? '';
    warnings.push(
      name === ''
        ? {
            type: 'unsupported',
            feature: 'tool result name',
            details: `${provider}: the result of ${part.toolCallId} has no tool name and no call before it has that id`,
          }
        : {
            type: 'compatibility',
            feature: 'tool result name',
            details: `${provider}: the result of ${part.toolCallId} takes the name of its call, ${name}`,
          },
    );
    return name;
  }
}
