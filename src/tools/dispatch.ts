import { ToolwireError } from '../errors/toolwire-error.js';
import { describe } from '../internal/describe-value.js';
import { pointer } from '../schema/align-issue.js';
import type { AlignFlag, AlignIssue } from '../schema/align-result.js';
import { alignValue } from '../schema/align-value.js';
import { argumentsFromValue } from '../schema/decode-arguments.js';
import { SchemaRoot } from '../schema/schema-root.js';
import type {
  InvalidToolCallPart,
  ToolCallPart,
  ToolResultOutput,
  ToolResultPart,
} from '../types/message.js';
import type { InvalidToolCall, ToolCall, ToolCallIssue } from '../types/tool-call.js';
import { standardValidate, type Tool } from './define-tool.js';
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
 * Why a call did not run, or ran and failed:
 *
 * - `unknown_tool`: no tool of that name (the result lists the names offered);
 * - `invalid_call`: the call could not be read (an `InvalidToolCall`, or arguments that are not an object);
 * - `invalid_arguments`: the arguments do not fit the schema, by alignment or by the Standard Schema's
 *   `validate` (each issue with its JSON Pointer path, expected and received);
 * - `unsupported_schema`: the tool's schema is one alignment cannot check (its root is not an object
 *   schema, or it uses validation keywords toolwire does not interpret and the tool has no Standard
 *   Schema to validate with), or reading it threw;
 * - `execution_failed`: `execute` (or `validate`, or `toModelOutput`) threw or rejected, or
 *   `toModelOutput` returned something that is not a tool result output;
 * - `invalid_output`: `execute` returned a value JSON cannot carry (a cycle, a bigint);
 * - `aborted`: the signal aborted before the call finished.
 */
export type DispatchErrorCode =
  | 'unknown_tool'
  | 'invalid_call'
  | 'invalid_arguments'
  | 'unsupported_schema'
  | 'execution_failed'
  | 'invalid_output'
  | 'aborted';

/** The failure of a dispatched call: `message` is the text the model gets in the error result. */
export interface DispatchError {
  readonly code: DispatchErrorCode;
  readonly message: string;
  readonly issues: readonly ToolCallIssue[];
  /** What was thrown, for `execution_failed`, `invalid_output`, `unsupported_schema` and `aborted`. */
  readonly cause?: unknown;
}

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
  const prepared = prepare(tool);
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
    return fail(failed(tool.name, 'validating the arguments failed', cause), { flags });
  }
  let output: unknown;
  try {
    const execute = tool.execute.bind(tool);
    const settled = await untilAborted(
      Promise.resolve().then(() =>
        execute(value, { toolCallId: read.id, ...(signal ? { abortSignal: signal } : {}) }),
      ),
      signal,
    );
    if (settled === ABORTED) return fail(aborted(tool.name, signal?.reason), { input: value, flags });
    output = settled;
  } catch (cause) {
    // A handler that rejects because the signal aborted was aborted, not broken.
    if (signal?.aborted) return fail(aborted(tool.name, signal.reason), { input: value, flags });
    return fail(failed(tool.name, 'it threw', cause), { input: value, flags });
  }
  let modelOutput: ToolResultOutput;
  try {
    modelOutput = tool.toModelOutput ? tool.toModelOutput(output) : toToolOutput(output);
  } catch (cause) {
    const error = tool.toModelOutput
      ? failed(tool.name, 'toModelOutput threw', cause)
      : {
          code: 'invalid_output' as const,
          message: `Tool "${tool.name}" ran but returned a value that cannot be sent as JSON (${errorMessage(cause)}). Do not call it again with the same arguments.`,
          issues: [],
          cause,
        };
    return fail(error, { input: value, flags, output });
  }
  if (!isToolResultOutput(modelOutput)) {
    return fail(
      failed(
        tool.name,
        'toModelOutput gave no tool result output',
        new TypeError(`it returned ${describe(modelOutput)}`),
      ),
      { input: value, flags, output },
    );
  }
  return { result: resultPart(read.id, tool.name, modelOutput), isError: false, input: value, flags, output };
}

const outputTypes: ReadonlySet<unknown> = new Set([
  'text',
  'json',
  'error-text',
  'error-json',
  'execution-denied',
  'content',
]);

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

/**
 * Validation keywords alignment does not check. A schema using one can accept less than alignment
 * lets through, so without a Standard Schema to validate with, the tool is not run (`unsupported_schema`).
 */
const UNCHECKED_KEYWORDS: ReadonlySet<string> = new Set([
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  '$dynamicRef',
  '$recursiveRef',
]);

interface Prepared {
  readonly root: SchemaRoot;
  readonly problem?: DispatchError;
}

const prepared = new WeakMap<Tool, Prepared>();

/** The tool's `SchemaRoot` and whether alignment can check its schema, computed once per tool. */
function prepare(tool: Tool): Prepared {
  let entry = prepared.get(tool);
  if (entry) return entry;
  const root = new SchemaRoot(tool.parameters);
  try {
    const options = root.options(tool.parameters);
    if (!options.some((option) => option.kind === 'object' || option.kind === 'any')) {
      entry = {
        root,
        problem: unsupportedSchema(tool.name, 'its parameters schema does not describe a JSON object'),
      };
    } else {
      root.expandAll();
      const unchecked = root.unsupportedKeywords.filter(({ keyword }) => UNCHECKED_KEYWORDS.has(keyword));
      entry =
        unchecked.length > 0 && !standardValidate(tool.standardSchema)
          ? {
              root,
              problem: unsupportedSchema(
                tool.name,
                `its parameters schema uses ${unchecked
                  .map(({ keyword, pointer: at }) => `"${keyword}" at ${at === '' ? '/' : at}`)
                  .join(', ')}, which toolwire cannot check`,
              ),
            }
          : { root };
    }
  } catch (cause) {
    entry = {
      root,
      problem: unsupportedSchema(
        tool.name,
        `its parameters schema cannot be read: ${errorMessage(cause)}`,
        cause,
      ),
    };
  }
  prepared.set(tool, entry);
  return entry;
}

function errorMessage(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  if (typeof cause === 'string') return cause;
  try {
    return JSON.stringify(cause) ?? String(cause);
  } catch {
    return String(cause);
  }
}

function quoteList(names: readonly string[]): string {
  return names.map((name) => JSON.stringify(name)).join(', ');
}

function issueLines(issues: readonly ToolCallIssue[]): string {
  return issues
    .map((entry) => {
      const at =
        entry.path === undefined ? '' : `${entry.path === '' ? '(the arguments object)' : entry.path}: `;
      const detail =
        entry.expected !== undefined && entry.received !== undefined
          ? `expected ${entry.expected}, received ${entry.received}`
          : entry.message;
      return `\n- ${at}${detail}`;
    })
    .join('');
}

function unknownTool(name: string, offered: readonly string[]): DispatchError {
  const message =
    offered.length === 0
      ? `There is no tool named ${JSON.stringify(name)}: no tools are offered. Answer without calling a tool.`
      : `There is no tool named ${JSON.stringify(name)}. The tools offered are: ${quoteList(offered)}. Call one of them by its exact name.`;
  return {
    code: 'unknown_tool',
    message,
    issues: [{ code: 'unknown_tool', message: `unknown tool ${JSON.stringify(name)}` }],
  };
}

function invalidCall(
  name: string | undefined,
  error: string,
  issues: readonly ToolCallIssue[],
): DispatchError {
  const call = name === undefined || name === '' ? 'The tool call' : `The call to ${JSON.stringify(name)}`;
  return {
    code: 'invalid_call',
    message: `${call} could not be read: ${error}.${issueLines(issues)}\nWrite the call again, complete, with its arguments as one JSON object.`,
    issues,
  };
}

function invalidArguments(name: string, issues: readonly ToolCallIssue[]): DispatchError {
  return {
    code: 'invalid_arguments',
    message: `The arguments of ${JSON.stringify(name)} do not fit its parameters:${issueLines(issues)}\nFix these arguments and call ${JSON.stringify(name)} again.`,
    issues,
  };
}

function unsupportedSchema(name: string, why: string, cause?: unknown): DispatchError {
  return {
    code: 'unsupported_schema',
    message: `Tool ${JSON.stringify(name)} cannot be called: ${why}. Answer without this tool.`,
    issues: [],
    ...(cause === undefined ? {} : { cause }),
  };
}

function failed(name: string, what: string, cause: unknown): DispatchError {
  return {
    code: 'execution_failed',
    message: `Tool ${JSON.stringify(name)} failed: ${what}: ${errorMessage(cause)}. Check the arguments before calling it again.`,
    issues: [],
    cause,
  };
}

function aborted(name: string, cause: unknown): DispatchError {
  return {
    code: 'aborted',
    message: `Tool ${JSON.stringify(name)} was cancelled before it finished; it gave no result.`,
    issues: [],
    cause,
  };
}

function fromAlignIssue(entry: AlignIssue): ToolCallIssue {
  return {
    code: entry.code,
    message: entry.message,
    path: entry.path,
    expected: entry.expected,
    received: entry.received,
  };
}

/** A Standard Schema issue with its path as a JSON Pointer. */
function fromStandardIssue(entry: {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}): ToolCallIssue {
  let path = '';
  for (const segment of entry.path ?? []) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    path = pointer(path, typeof key === 'number' ? key : String(key));
  }
  return { code: 'invalid_arguments', message: entry.message, path };
}
