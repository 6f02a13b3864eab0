import type { SchemaAlignment } from '../../schema/schema-alignment.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { ToolCallFlag, ToolCallIssue, ToolCallRepair } from '../../types/tool-call.js';
import type { FormatOptions } from '../format-definition.js';
import { type ArgumentsForCallOptions, argumentsForCall } from './build-arguments.js';
import type { CallParts } from './call-parts.js';
import { callRepairs, cutOffByLength, formatNotFollowed } from './call-repairs.js';

/** What one ended call is: a call with its aligned input, or an invalid call with its issues. */
export type CallVerdict =
  | {
      readonly ok: true;
      readonly input: Record<string, unknown>;
      readonly issues?: readonly ToolCallIssue[];
      readonly flags?: readonly ToolCallFlag[];
      readonly repairs: readonly ToolCallRepair[];
    }
  | { readonly ok: false; readonly issues: ToolCallIssue[]; readonly repairs?: readonly ToolCallRepair[] };

/**
 * Judges one ended call (`BaseFormatParser.endCall`) from its `parts` and `raw` text: its arguments
 * decoded and aligned to `schema`, the tool's parameters (`argumentsForCall`), the family core's issues
 * first; its repairs (`callRepairs`, with how the call `ended`); then refused when
 * `finishReason: 'length'` cut it off (`cutOffByLength`: no repairs kept) or `strictFormat` finds
 * repairs (`formatNotFollowed`: repairs kept). `unknown`: the tool was not offered but
 * `allowUnknownTools` let the call through (an `unknown_tool` issue goes on it).
 */
export function callVerdict(
  parts: CallParts,
  raw: string,
  schema: JSONSchema | undefined,
  unknown: boolean,
  options: FormatOptions,
  ended: { readonly missingEndMarker: boolean; readonly fed: string },
): CallVerdict {
  // Typed by the tool's schema when tools and `align` are given (alignParameters / alignArguments).
  let result = argumentsForCall(parts, schema, argumentOptionsFor(options, options.align));
  if (unknown && result.ok)
    result = { ...result, issues: [unknownToolIssue(parts.name), ...(result.issues ?? [])] };
  if (parts.issues?.length) result = { ...result, issues: [...parts.issues, ...(result.issues ?? [])] };
  if (!result.ok) return { ok: false, issues: result.issues };
  const repairs = callRepairs(parts, result.repairs, raw, ended);
  // finishReason "length": a call the output's end cut off is not a call, however complete it looks;
  // strictFormat: a call that needed any repair is not one either (its repairs kept on it).
  const cutOff = options.finishReason === 'length' ? cutOffByLength(repairs) : undefined;
  const refusal = cutOff ?? (options.strictFormat === true ? formatNotFollowed(repairs) : undefined);
  if (refusal) return cutOff ? { ok: false, issues: [refusal] } : { ok: false, issues: [refusal], repairs };
  return {
    ok: true,
    input: result.value,
    ...(result.issues ? { issues: result.issues } : {}),
    ...(parts.flags?.length || result.flags
      ? { flags: [...(parts.flags ?? []), ...(result.flags ?? [])] }
      : {}),
    repairs,
  };
}

/** The issue on a call to a tool that was not offered. */
export function unknownToolIssue(name: string): ToolCallIssue {
  return { code: 'unknown_tool', message: `no tool named "${name}" was offered` };
}

/** What `argumentsForCall` reads of `options`, with `align` as the alignment. */
export function argumentOptionsFor(
  options: FormatOptions,
  align: SchemaAlignment | undefined,
): ArgumentsForCallOptions {
  return {
    allowInvalid: options.allowInvalidArguments === true,
    applyDefaults: options.applyDefaults === true,
    align,
  };
}
