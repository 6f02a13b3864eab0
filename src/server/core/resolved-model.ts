import type { Backend } from '../backends/backend.js';
import type { TokenCounter } from '../config/gateway-config.js';
import type { PromptRenderer } from '../template/prompt-renderer.js';

/** A served model with its backend made and its template loaded (see `createGateway`). */
export interface ResolvedModel {
  readonly name: string;
  readonly format: string;
  readonly renderer: PromptRenderer | undefined;
  readonly backend: Backend;
  readonly backendModel: string;
  readonly retries: number;
  readonly reasoningStartedInPrompt: boolean | undefined;
  readonly reasoningBudget: number | undefined;
  /** The `max_tokens` sent when the request sets none (see `ModelConfig.maxTokens`). */
  readonly maxTokens: number | undefined;
  readonly contextLength: number | undefined;
  /** The model's tokenizer, when the config gives one (`count_tokens`). */
  readonly tokenCounter: TokenCounter | undefined;
  /** For `openai-chat-passthrough`: where the tools go (see `passthroughChat`). */
  readonly toolsIn: 'tools' | 'system';
  /** Text that ends the model's turn (`endOfTurnMarkers`): the answer ends where it first appears. */
  readonly endOfTurn: readonly string[];
}
