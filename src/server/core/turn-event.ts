import type { BackendUsage } from '../backends/backend.js';

/** Why a turn ended, in OpenAI Chat's terms: `tool_calls` exactly when calls were returned. */
export type TurnFinishReason = 'stop' | 'length' | 'tool_calls';

/** What a turn counted, for the request log. */
export interface TurnStats {
  readonly calls: number;
  /** Calls the model wrote that could not be read or broke a rule; sent as content text. */
  readonly invalidCalls: number;
  readonly historyRepairs: number;
  readonly retries: number;
}

/**
 * One piece of an answer, surface-neutral: content and reasoning text as they come, each call once
 * it is complete and checked (`arguments` is its JSON text, aligned to the tool's schema), then `end`.
 */
export type TurnEvent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'reasoning'; readonly text: string }
  | { readonly type: 'call'; readonly id: string; readonly name: string; readonly arguments: string }
  | {
      readonly type: 'end';
      readonly finishReason: TurnFinishReason;
      readonly usage: BackendUsage;
      readonly stats: TurnStats;
      /**
       * The request's stop sequence (`params.stop`) the backend stopped at, when `finishReason` is
       * `stop` and the backend said which one matched (see `BackendChunk`); else absent.
       */
      readonly stopSequence?: string;
    };
