import { setOwnProperty } from '../../internal/set-own-property.js';
import { nestedDeeperThan } from '../../internal/value-depth.js';
import {
  type ArgumentsResult,
  argumentsFromText,
  argumentsFromValue,
  MAX_ARGUMENT_DEPTH,
  tooDeep,
} from '../../schema/decode-arguments.js';
import type { SchemaAlignment } from '../../schema/schema-alignment.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { ToolCallFlag, ToolCallIssue } from '../../types/tool-call.js';

export { type ArgumentsResult, argumentsFromText, argumentsFromValue, MAX_ARGUMENT_DEPTH };

/**
 * The arguments object of an XML-style call from `[key, raw text]` pairs, untyped (no schema: each value
 * the raw string). A repeated key keeps the last value. `__proto__` is a plain key.
 */
function argumentsFromParameters(
  parameters: ReadonlyArray<readonly [string, string]>,
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [key, text] of parameters) setOwnProperty(value, key, text);
  return value;
}

/**
 * The arguments of one call: XML-style `parameters` (raw text per key) or a JSON `argumentsText` /
 * `argumentsValue`, decoded as above and, when the tool's parameters schema is known and `options.align`
 * is given, aligned with it (`alignParameters` / `alignArguments` of `schema/`); without `align` the
 * arguments are decoded as without a schema.
 *
 * Policy (issue: "an InvalidToolCall when a required argument cannot be produced, never dropped"):
 * an issue about the whole object (path `""`) or about a required top-level argument itself (missing,
 * or a value that could not be aligned) makes the result not ok, so the call comes back invalid with
 * its raw text. Any other issue (an optional argument of the wrong type, a constraint deeper inside a
 * value) is attached to the still-valid call, and the value is kept as received. Arguments nested
 * deeper than `MAX_ARGUMENT_DEPTH` (measured without recursion), or a `too_deep` issue from alignment,
 * make the result not ok with code `too_deep`. With `allowInvalid` (`FormatOptions.allowInvalidArguments`)
 * the issues of alignment never stop the call: it is ok with every issue attached; only arguments that
 * do not decode to an object, or nest too deep, are not ok. JSON argument text that needed repairs
 * gives an ok result with `repairs` (offsets into `argumentsText`; see `ArgumentsResult`).
 */
export function argumentsForCall(
  parts: {
    readonly parameters?: ReadonlyArray<readonly [string, string]>;
    readonly argumentsText?: string;
    readonly argumentsValue?: unknown;
    readonly argumentsShallow?: boolean;
  },
  toolSchema: JSONSchema | undefined,
  options: ArgumentsForCallOptions = {},
): ArgumentsResult {
  const allowInvalid = options.allowInvalid === true;
  const alignment = options.align;
  const align = { applyDefaults: options.applyDefaults === true };
  if (parts.parameters !== undefined) {
    if (toolSchema === undefined || alignment === undefined)
      return { ok: true, value: argumentsFromParameters(parts.parameters) };
    const root = alignment.root(toolSchema);
    return withPolicy(
      alignment.alignParameters(parts.parameters, root, align),
      toolSchema,
      undefined,
      allowInvalid,
    );
  }
  // A shallow object is what `argumentsFromValue` returns it as, without walking it.
  const decoded: ArgumentsResult =
    parts.argumentsText !== undefined
      ? argumentsFromText(parts.argumentsText)
      : parts.argumentsShallow === true
        ? { ok: true, value: parts.argumentsValue as Record<string, unknown> }
        : argumentsFromValue(parts.argumentsValue);
  if (!decoded.ok || toolSchema === undefined || alignment === undefined) return decoded;
  const result = withPolicy(
    alignment.alignArguments(decoded.value, alignment.root(toolSchema), align),
    toolSchema,
    decoded.value,
    allowInvalid,
  );
  return result.ok && decoded.repairs ? { ...result, repairs: decoded.repairs } : result;
}

/**
 * Options of `argumentsForCall`: `allowInvalid` is `FormatOptions.allowInvalidArguments`,
 * `applyDefaults` is `FormatOptions.applyDefaults` (schema `default`s filled in; default `false`),
 * `align` is `FormatOptions.align` (without it nothing is aligned).
 */
export interface ArgumentsForCallOptions {
  readonly allowInvalid?: boolean;
  readonly applyDefaults?: boolean;
  readonly align?: SchemaAlignment | undefined;
}

function withPolicy(
  aligned: {
    readonly value: Record<string, unknown>;
    readonly issues: readonly ToolCallIssue[];
    readonly flags: readonly ToolCallFlag[];
  },
  toolSchema: JSONSchema,
  checked: Record<string, unknown> | undefined,
  allowInvalid: boolean,
): ArgumentsResult {
  // Alignment can deepen a value (JSON text in a string becomes an object): measure what comes out,
  // unless it is the very object already measured (`deepened`).
  if (aligned.issues.length === 0) {
    // The usual call: no issue to judge, no objects spread.
    if (deepened(aligned.value, checked)) return tooDeep();
    return aligned.flags.length > 0
      ? { ok: true, value: aligned.value, flags: aligned.flags }
      : { ok: true, value: aligned.value };
  }
  if (aligned.issues.some((issue) => issue.code === 'too_deep') || deepened(aligned.value, checked))
    return tooDeep();
  // The required names are read only when there is an issue to judge (the usual call has none).
  const required = aligned.issues.length > 0 ? requiredArguments(toolSchema) : undefined;
  const fatal =
    required !== undefined &&
    !allowInvalid &&
    aligned.issues.some((issue) => {
      const path = issue.path ?? '';
      if (path === '') return true;
      const key = path.slice(1).split('/')[0]?.replaceAll('~1', '/').replaceAll('~0', '~') ?? '';
      return path.indexOf('/', 1) < 0 && required.has(key);
    });
  if (fatal) return { ok: false, issues: [...aligned.issues] };
  return {
    ok: true,
    value: aligned.value,
    ...(aligned.issues.length > 0 ? { issues: aligned.issues } : {}),
    ...(aligned.flags.length > 0 ? { flags: aligned.flags } : {}),
  };
}

/** Whether aligning made `value` (other than the `checked` object) nest too deep. */
function deepened(value: Record<string, unknown>, checked: Record<string, unknown> | undefined): boolean {
  return value !== checked && nestedDeeperThan(value, MAX_ARGUMENT_DEPTH);
}

/** The `required` names of a tool's parameters schema (top level only). */
function requiredArguments(schema: JSONSchema): Set<string> {
  if (typeof schema !== 'object' || schema === null || !Array.isArray(schema.required)) return new Set();
  return new Set(schema.required.filter((name): name is string => typeof name === 'string'));
}
