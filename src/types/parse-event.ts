import type { ToolCallFlag, ToolCallIssue, ToolCallRepair } from './tool-call.js';

/**
 * Ordered events of an incremental parse, named as the AI SDK's stream parts, plus `tool-call-invalid`.
 *
 * For each call: `tool-input-start` (name known and whole) → `tool-input-delta`* → `tool-input-end` →
 * `tool-call` (or `tool-call-invalid`). `input` of `tool-call` is the parsed arguments object;
 * concatenated `tool-input-delta`s are JSON text of it.
 */
export type ParseEvent =
  | { readonly type: 'text-delta'; readonly delta: string }
  | { readonly type: 'reasoning-delta'; readonly delta: string }
  | { readonly type: 'tool-input-start'; readonly id: string; readonly toolName: string }
  | { readonly type: 'tool-input-delta'; readonly id: string; readonly delta: string }
  | { readonly type: 'tool-input-end'; readonly id: string }
  | {
      readonly type: 'tool-call';
      readonly id: string;
      readonly toolName: string;
      readonly input: Record<string, unknown>;
      readonly raw: string;
      /** Argument issues that did not stop the call; see `ToolCall.issues`. */
      readonly issues?: readonly ToolCallIssue[];
      /** Coercions applied to the arguments; see `ToolCall.flags`. */
      readonly flags?: readonly ToolCallFlag[];
      /** Fixes made to the call's text so it could be read; see `ToolCall.repairs`. */
      readonly repairs?: readonly ToolCallRepair[];
    }
  | {
      readonly type: 'tool-call-invalid';
      readonly id?: string;
      readonly toolName?: string;
      readonly raw: string;
      readonly error: string;
      readonly issues: readonly ToolCallIssue[];
      /** The repairs `strictFormat: true` refused; see `InvalidToolCall.repairs`. */
      readonly repairs?: readonly ToolCallRepair[];
    };
