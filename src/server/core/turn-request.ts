import type { ToolChoice } from '../../providers/index.js';
import type { JSONSchema, Message, ToolDefinition } from '../../types/index.js';
import type { SamplingParams } from '../backends/backend.js';
import type { ReasoningSwitch } from './reasoning-switch.js';

/** A response format the answer's content must follow (OpenAI `response_format`). */
export type ResponseFormat =
  | { readonly type: 'text' }
  | { readonly type: 'json_object' }
  | {
      readonly type: 'json_schema';
      readonly name: string;
      readonly schema: JSONSchema;
      readonly strict: boolean;
    };

/**
 * One assistant turn as the gateway core asks for it, whatever surface the request came through:
 * the conversation in canonical messages, the offered tools (and which are `strict`), the tool
 * choice, and the sampling parameters.
 */
export interface TurnRequest {
  readonly model: string;
  readonly messages: readonly Message[];
  readonly tools: readonly ToolDefinition[];
  /** Names of the tools declared with `strict: true`. */
  readonly strictTools: ReadonlySet<string>;
  readonly toolChoice: ToolChoice;
  /** `false`: at most one call in the turn. Default true, as OpenAI's. */
  readonly parallelToolCalls: boolean;
  readonly responseFormat: ResponseFormat;
  /** The surface's name for `responseFormat`, for errors: `response_format` (default) or `text.format`. */
  readonly responseFormatParam?: string;
  readonly params: SamplingParams;
  readonly stream: boolean;
  /** The template's reasoning switch (from the request's reasoning effort); absent: the template's default. */
  readonly reasoning?: ReasoningSwitch;
  /** `stream_options.include_usage`: a last chunk with `usage` and no choices. */
  readonly includeUsage: boolean;
  /**
   * The answer goes on writing the conversation's final assistant message when it holds text
   * (Anthropic's prefill; Chat's `continue_final_message`) instead of starting a new turn: the prompt
   * ends with that text, and the answer holds only what follows it. Default false.
   */
  readonly continueFinal?: boolean;
}
