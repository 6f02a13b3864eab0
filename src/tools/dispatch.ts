// Dispatching one tool call: read it, check and align its arguments, validate, run, and shape the output.

import { ToolwireError } from '../errors/toolwire-error.js';
import { describe } from '../internal/describe-value.js';
import { TOOL_RESULT_OUTPUT_TYPES } from '../internal/tool-result-output-types.js';
import type { AlignFlag } from '../schema/align-result.js';
import { alignValue } from '../schema/align-value.js';
import { argumentsFromValue } from '../schema/decode-arguments.js';
import type {
  InvalidToolCallPart,
  ToolCallPart,
  ToolResultOutput,
  ToolResultPart,
} from '../types/message.js';
import type { InvalidToolCall, ToolCall, ToolCallIssue } from '../types/tool-call.js';
import { standardValidate } from './define-tool.js';
import {
  aborted,
  type DispatchError,
  errorMessage,
  executionFailed,
  fromAlignIssue,
  fromStandardIssue,
  invalidArguments,
  invalidCall,
  invalidOutput,
  unknownTool,
  unsupportedSchema,
} from './dispatch-error.js';
import { prepareToolSchema } from './prepare-tool-schema.js';
import { toToolOutput } from './to-tool-output.js';
import { type Tools, toToolset } from './toolset.js';
import { ABORTED, untilAborted } from './until-aborted.js';

/** Options of `dispatch`. */
export interface DispatchOptions {
  /** Aborts the call: an aborted call is an error result; `execute` gets it as `abortSignal`. */
  readonly signal?: AbortSignal;
}

/**
 * What `dispatch` takes: a parsed `ToolCall` or `InvalidToolCall` (`parseToolCalls`), or the canonical
 * message parts `tool-call` / `tool-call-invalid` (an assistant message from a provider converter), or a
 * call built by code in either shape.
 */
export type DispatchCall = ToolCall | InvalidToolCall | ToolCallPart | InvalidToolCallPart;

/**
 * The outcome of one dispatched call. `result` is the canonical `tool-result` part to send back (paired by
 * `toolCallId`); `isError` says whether its output is an `error-*` one; `error` the reason then. `input` is
 * what `execute` was given (absent when it was not called); `flags` the coercions dispatch's alignment
 * applied (none for arguments that already fit); `output` what `execute` returned.
 */
export interface DispatchResult {
  readonly result: ToolResultPart;
  readonly isError: boolean;
  readonly error?: DispatchError;
  readonly input?: unknown;
  readonly flags: readonly AlignFlag[];
  readonly output?: unknown;
}

/**
 * Runs one tool call against a toolset and returns its `tool-result`. Never throws on model data: every
 * failure is an error result (`error-text` output) whose text tells the model what to fix.
 *
 * 1. A call that could not be parsed (`InvalidToolCall`, `tool-call-invalid`) is `invalid_call`, with the
 *    parse error and its issues; a name no tool has is `unknown_tool`, with the names offered (also when
 *    the call is invalid: the parser makes a call to a tool not offered an invalid one).
 * 2. The arguments must be an object (`null` is `{}`, JSON text of an object is decoded, anything else is
 *    `invalid_call`); they are aligned with the tool's JSON Schema (`alignValue`, one `SchemaRoot` per tool, cached):
 *    arguments that already fit pass through untouched (the same value: an integer in a number slot stays
 *    that number, an object stays that object, no flag), others are coerced (class / list arguments sent as
 *    JSON text are decoded, enum strings matched, numbers read); `const` and `enum` membership is the one
 *    function alignment uses (`matchesLiteral`), so `"manual"` fits `"auto" | "manual"` and `"other"` is an
 *    issue naming both. Issues make `invalid_arguments`, each with its JSON Pointer path, expected and received.
 * 3. A tool defined with a Standard Schema is validated by its own `validate`; `execute` gets the
 *    validated value (zod defaults and transforms applied). Its issues are `invalid_arguments` too.
 * 4. `execute(input, { toolCallId, abortSignal })` runs; a throw or rejection is `execution_failed`
 *    (its message in the text); an abort before it settles is `aborted` (dispatch does not wait for a
 *    handler that ignores the signal).
 * 5. What it returned becomes the output: `toModelOutput(output)` when the tool has one, else a string is
 *    `text` and any other value `json` (see `toToolOutput`: deterministic key order).
 *
 * The BAML reflected-tool pitfalls each have a test (`test/tools/`), after BAML's fix (coercion.md).
 *
 * @throws {ToolwireError} code `invalid_argument` when `call` is not an object; code `invalid_tools` when
 *   `tools` is not a toolset or a list of tools.
 */
export async function dispatch(
  tools: Tools,
  call: DispatchCall,
  options?: DispatchOptions,
): Promise<DispatchResult> {
  const toolset = toToolset(tools);
  if (typeof call !== 'object' || call === null)
    throw new ToolwireError('invalid_argument', `dispatch() takes a tool call, got ${describe(call)}`);
  const read = readCall(call);
  const signal = options?.signal;
  const fail = (error: DispatchError, extra?: Partial<DispatchResult>): DispatchResult => ({
    result: resultPart(read.id, read.name ?? '', { type: 'error-text', value: error.message }),
    isError: true,
    error,
    flags: [],
    ...extra,
  });
  const name = read.name ?? '';
  const tool = toolset.get(name);
  // An invalid call naming no tool (the parser's `unknown_tool`) is answered as an unknown tool: the
  // names offered are what the model needs, not "write the call again" for a tool that does not exist.
  if (read.invalid && (name === '' || tool))
    return fail(invalidCall(read.name, read.invalid.error, read.invalid.issues));
  if (!tool) return fail(unknownTool(name, toolset.names));
  if (signal?.aborted) return fail(aborted(tool.name, signal.reason));
  const prepared = prepareToolSchema(tool);
  if (prepared.problem !== undefined) return fail(prepared.problem);
  // The arguments object: null is `{}`, JSON text of an object is decoded (some providers send text).
  const decoded = argumentsFromValue(read.input);
  if (!decoded.ok) {
    const first = decoded.issues[0];
    return fail(
      invalidCall(tool.name, first?.message ?? 'the arguments are not a JSON object', decoded.issues),
    );
  }
  const input = decoded.value;
  let aligned: ReturnType<typeof alignValue>;
  try {
    // The handler gets complete arguments: defaults the model left out are filled here, where parsing
    // does not invent them (FormatOptions.applyDefaults).
    aligned = alignValue(input, prepared.root, { applyDefaults: true });
  } catch (cause) {
    return fail(unsupportedSchema(tool.name, `alignment failed: ${errorMessage(cause)}`, cause));
  }
  if (aligned.issues.length > 0)
    return fail(invalidArguments(tool.name, aligned.issues.map(fromAlignIssue)), { flags: aligned.flags });
  const flags = aligned.flags;
  let value = aligned.value;
  const validate = standardValidate(tool.standardSchema);
  try {
    if (validate) {
      const checked = await untilAborted(
        Promise.resolve().then(() => validate(value)),
        signal,
      );
      if (checked === ABORTED) return fail(aborted(tool.name, signal?.reason), { flags });
      if (checked.issues)
        return fail(invalidArguments(tool.name, checked.issues.map(fromStandardIssue)), { flags });
      value = checked.value;
    }
  } catch (cause) {
    return fail(executionFailed(tool.name, 'validating the arguments failed', cause), { flags });
  }
  let output: unknown;
  try {
    const execute = tool.execute.bind(tool);
    const settled = await untilAborted(
      handlerPromise(
        () => execute(value, { toolCallId: read.id, ...(signal ? { abortSignal: signal } : {}) }),
        signal,
      ),
      signal,
    );
    if (settled === ABORTED) return fail(aborted(tool.name, signal?.reason), { input: value, flags });
    output = settled;
  } catch (cause) {
    // Only a handler that failed before any abort gets here: one that rejects because the signal
    // aborted settles after it, and `untilAborted` gave ABORTED for it above.
    return fail(executionFailed(tool.name, 'it threw', cause), { input: value, flags });
  }
  let modelOutput: ToolResultOutput;
  try {
    modelOutput = tool.toModelOutput ? tool.toModelOutput(output) : toToolOutput(output);
  } catch (cause) {
    const error = tool.toModelOutput
      ? executionFailed(tool.name, 'toModelOutput threw', cause)
      : invalidOutput(tool.name, cause);
    return fail(error, { input: value, flags, output });
  }
  if (!isToolResultOutput(modelOutput)) {
    return fail(
      executionFailed(
        tool.name,
        'toModelOutput gave no tool result output',
        new TypeError(`it returned ${describe(modelOutput)}`),
      ),
      { input: value, flags, output },
    );
  }
  return { result: resultPart(read.id, tool.name, modelOutput), isError: false, input: value, flags, output };
}

/**
 * `run()` in the next microtask, as a promise that settles when what it returns settles (one reaction
 * later, not the two of `Promise.resolve().then(run)` adopting a promise), so that `untilAborted` tells
 * a handler that finished before an abort (delivered) from one cut off by it. A handler that returns
 * or throws at once after the signal aborted (it aborted the run itself) settles one microtask later,
 * after the abort: cut off.
 */
function handlerPromise(run: () => unknown, signal: AbortSignal | undefined): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const settle = (done: () => void): void => {
      if (signal?.aborted) queueMicrotask(done);
      else done();
    };
    queueMicrotask(() => {
      try {
        const out = run();
        if (typeof (out as PromiseLike<unknown> | null)?.then === 'function')
          (out as PromiseLike<unknown>).then(resolve, reject);
        else settle(() => resolve(out));
      } catch (error) {
        settle(() => reject(error));
      }
    });
  });
}

const outputTypes: ReadonlySet<unknown> = new Set(TOOL_RESULT_OUTPUT_TYPES);

/**
 * Whether `toModelOutput` gave an output the result part can carry: a string `value` for text, an array
 * for content (anything else would be sent as it is and break the next request).
 */
function isToolResultOutput(output: unknown): output is ToolResultOutput {
  const fields = output as { type?: unknown; value?: unknown } | null;
  if (typeof fields !== 'object' || fields === null || !outputTypes.has(fields.type)) return false;
  if (fields.type === 'text' || fields.type === 'error-text') return typeof fields.value === 'string';
  if (fields.type === 'content') return Array.isArray(fields.value);
  return true;
}

interface ReadCall {
  readonly id: string;
  readonly name: string | undefined;
  readonly input?: unknown;
  readonly invalid?: { readonly error: string; readonly issues: readonly ToolCallIssue[] };
}

/** The id, name and arguments of any accepted call shape, read leniently (model data never throws). */
function readCall(call: object): ReadCall {
  const record = call as Record<string, unknown>;
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const parts = record.type === 'tool-call' || record.type === 'tool-call-invalid';
  const id = text(parts ? record.toolCallId : record.id) ?? '';
  const name = text(parts ? record.toolName : record.name);
  const isInvalid =
    record.type === 'tool-call-invalid' ||
    (!parts && typeof record.error === 'string' && !('arguments' in record));
  if (isInvalid) {
    const issues = Array.isArray(record.issues) ? (record.issues as ToolCallIssue[]) : [];
    return { id, name, invalid: { error: text(record.error) ?? 'the call could not be read', issues } };
  }
  return { id, name, input: parts ? record.input : record.arguments };
}

function resultPart(toolCallId: string, toolName: string, output: ToolResultOutput): ToolResultPart {
  return { type: 'tool-result', toolCallId, toolName, output };
}
