import type { ToolCallFlag, ToolCallIssue, ToolCallRepair } from '../../types/tool-call.js';

/** What a format recovered for one call; exactly one of the argument fields is given. */
export interface CallParts {
  readonly name: string;
  /** The model's own call id, when the format carries one. */
  readonly id?: string;
  /** Arguments as JSON text (decoded leniently). */
  readonly argumentsText?: string;
  /** Arguments already decoded (from a JSON body that held name and arguments). */
  readonly argumentsValue?: unknown;
  /**
   * `argumentsValue` is an object (not an array) known to nest at most `MAX_ARGUMENT_DEPTH` levels,
   * judged from its JSON text (`textNestsAtMost`): no walk of it is needed to check its depth.
   */
  readonly argumentsShallow?: boolean;
  /**
   * With `argumentsValue`: the model's exact JSON text of that value, when the format has it at hand.
   * When alignment leaves the value as it is, the call's argument delta is this text instead of
   * `JSON.stringify` of the value (the same JSON, without serializing a long value again).
   */
  readonly argumentsJson?: string;
  /**
   * For a format that streamed the arguments as members it built (`{"k":v,…` without the closing `}`),
   * with `argumentsValue` or with `parameters` and `streamedValues`: the keys whose last member was
   * streamed with its value in `argumentsValue` (`streamedValues`). `endCall` then sends the members
   * alignment changed or added (defaults) and `}`.
   */
  readonly streamedKeys?: ReadonlySet<string>;
  /**
   * With `streamedKeys`: the value each streamed member was sent with, when that may differ from
   * `argumentsValue` (the format typed raw `parameters` itself, or a later copy of a key did not
   * stream); `endCall` compares these with the aligned input instead of `argumentsValue`.
   */
  readonly streamedValues?: Readonly<Record<string, unknown>>;
  /** XML-style `[key, raw text]` pairs, typed by the tool's schema. */
  readonly parameters?: ReadonlyArray<readonly [string, string]>;
  /**
   * Fixes the family core made to the call's text to read it (a format glitch recovered, an end marker
   * missing), positions relative to the call's raw text; they end up in the call's `repairs`.
   */
  readonly repairs?: readonly ToolCallRepair[];
  /**
   * Problems the family core found that did not stop the call (a parameter it had to drop: `path` is
   * that argument's JSON Pointer); they lead the call's `issues`.
   */
  readonly issues?: readonly ToolCallIssue[];
  /**
   * Coercions the family core applied typing raw parameter text itself (paths from the arguments
   * object); they lead the call's `flags`.
   */
  readonly flags?: readonly ToolCallFlag[];
}
