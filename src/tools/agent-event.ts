// The events an agent run gives its listener, and why a step or a run ended.

import type { Usage } from '../providers/provider-converter.js';
import type {
  AssistantMessage,
  InvalidToolCallPart,
  ToolCallPart,
  ToolResultPart,
} from '../types/message.js';
import type { ParseEvent } from '../types/parse-event.js';
import type { DispatchError } from './dispatch-error.js';

/** Why a step ended: it made calls (another step follows unless `maxSteps`), it made none, or it failed. */
export type StepEndReason = 'tool-calls' | 'stop' | 'error' | 'aborted';

/**
 * The events of a run, in the order they happen; each carries its `step` (from 1). Per step:
 * `step-start`; while a streaming model writes, each of its `parse-event`s (and `usage` as it comes);
 * `usage` (a whole reply's token counts, before its message); `assistant-message`; one `tool-call` per call
 * (invalid calls included), in the message's order; one `tool-result` per call, in the calls' order
 * (whatever order they finished in); `step-end`. A run that ends normally ends with `finish`.
 */
export type AgentEvent =
  | { readonly type: 'step-start'; readonly step: number }
  | { readonly type: 'parse-event'; readonly step: number; readonly event: ParseEvent }
  | { readonly type: 'usage'; readonly step: number; readonly usage: Usage }
  | { readonly type: 'assistant-message'; readonly step: number; readonly message: AssistantMessage }
  | { readonly type: 'tool-call'; readonly step: number; readonly call: ToolCallPart | InvalidToolCallPart }
  | {
      readonly type: 'tool-result';
      readonly step: number;
      readonly result: ToolResultPart;
      readonly isError: boolean;
      readonly error?: DispatchError;
    }
  | { readonly type: 'step-end'; readonly step: number; readonly reason: StepEndReason }
  | {
      readonly type: 'finish';
      readonly step: number;
      readonly finishReason: AgentFinishReason;
      readonly usage: Usage;
    };

/** Why a run ended normally: a reply without calls (`stop`), or `maxSteps` steps that all made calls. */
export type AgentFinishReason = 'stop' | 'max-steps';
