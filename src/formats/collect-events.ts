import type { ParseEvent } from '../types/parse-event.js';
import type { InvalidToolCall, ParseResult, ToolCall } from '../types/tool-call.js';
import type { Warning } from '../types/warning.js';

/**
 * Folds parse events into a `ParseResult`: text and reasoning deltas concatenated, calls in order.
 * The same fold serves whole-text and streaming parses, so both give equal results.
 */
export class EventCollector {
  private readonly content: string[] = [];
  private readonly reasoning: string[] = [];
  private readonly toolCalls: ToolCall[] = [];
  private readonly invalidToolCalls: InvalidToolCall[] = [];

  add(events: readonly ParseEvent[]): void {
    for (const event of events) {
      switch (event.type) {
        case 'text-delta':
          this.content.push(event.delta);
          break;
        case 'reasoning-delta':
          this.reasoning.push(event.delta);
          break;
        case 'tool-call':
          this.toolCalls.push({
            id: event.id,
            name: event.toolName,
            arguments: event.input,
            raw: event.raw,
            ...(event.issues ? { issues: event.issues } : {}),
            ...(event.flags ? { flags: event.flags } : {}),
            ...(event.repairs ? { repairs: event.repairs } : {}),
          });
          break;
        case 'tool-call-invalid': {
          const call: InvalidToolCall = {
            ...(event.id === undefined ? {} : { id: event.id }),
            ...(event.toolName === undefined ? {} : { name: event.toolName }),
            raw: event.raw,
            error: event.error,
            issues: event.issues,
            ...(event.repairs ? { repairs: event.repairs } : {}),
          };
          this.invalidToolCalls.push(call);
          break;
        }
        case 'tool-input-start':
        case 'tool-input-delta':
        case 'tool-input-end':
          break;
        default: {
          const unreachable: never = event;
          throw new Error(`unhandled parse event ${JSON.stringify(unreachable)}`);
        }
      }
    }
  }

  /** The result so far; `warnings` (e.g. `AutoParser.warnings`) is included when there are any. */
  result(format: string, warnings?: readonly Warning[]): ParseResult {
    return {
      format,
      content: this.content.join(''),
      reasoning: this.reasoning.join(''),
      toolCalls: this.toolCalls,
      invalidToolCalls: this.invalidToolCalls,
      ...(warnings && warnings.length > 0 ? { warnings: [...warnings] } : {}),
    };
  }
}
