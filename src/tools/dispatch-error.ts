// The errors dispatch answers a call with, each with the text the model reads to fix the call.

import { pointer } from '../schema/align-issue.js';
import type { AlignIssue } from '../schema/align-result.js';
import type { ToolCallIssue } from '../types/tool-call.js';

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

/** What `errorMessage` says of a thrown value it cannot read (a Proxy that throws, a throwing getter). */
const UNREADABLE_ERROR = 'a value that could not be read';

/**
 * The text of a thrown value: an `Error`'s message, a string as is, else its JSON or `String` text.
 * Never throws: a handler may throw anything (a Proxy whose traps throw, an error whose `message`
 * getter throws), and what it threw must still become an error result.
 */
export function errorMessage(cause: unknown): string {
  try {
    if (cause instanceof Error) {
      const message: unknown = cause.message;
      return typeof message === 'string' ? message : UNREADABLE_ERROR;
    }
    if (typeof cause === 'string') return cause;
  } catch {
    return UNREADABLE_ERROR;
  }
  try {
    const text = JSON.stringify(cause);
    if (typeof text === 'string') return text;
  } catch {
    // no JSON text: try String below
  }
  try {
    return String(cause);
  } catch {
    return UNREADABLE_ERROR;
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

export function unknownTool(name: string, offered: readonly string[]): DispatchError {
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

export function invalidCall(
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

export function invalidArguments(name: string, issues: readonly ToolCallIssue[]): DispatchError {
  return {
    code: 'invalid_arguments',
    message: `The arguments of ${JSON.stringify(name)} do not fit its parameters:${issueLines(issues)}\nFix these arguments and call ${JSON.stringify(name)} again.`,
    issues,
  };
}

export function unsupportedSchema(name: string, why: string, cause?: unknown): DispatchError {
  return {
    code: 'unsupported_schema',
    message: `Tool ${JSON.stringify(name)} cannot be called: ${why}. Answer without this tool.`,
    issues: [],
    ...(cause === undefined ? {} : { cause }),
  };
}

export function executionFailed(name: string, what: string, cause: unknown): DispatchError {
  return {
    code: 'execution_failed',
    message: `Tool ${JSON.stringify(name)} failed: ${what}: ${errorMessage(cause)}. Check the arguments before calling it again.`,
    issues: [],
    cause,
  };
}

export function aborted(name: string, cause: unknown): DispatchError {
  return {
    code: 'aborted',
    message: `Tool ${JSON.stringify(name)} was cancelled before it finished; it gave no result.`,
    issues: [],
    cause,
  };
}

/** `execute` returned a value JSON cannot carry (a cycle, a bigint). */
export function invalidOutput(name: string, cause: unknown): DispatchError {
  return {
    code: 'invalid_output',
    message: `Tool "${name}" ran but returned a value that cannot be sent as JSON (${errorMessage(cause)}). Do not call it again with the same arguments.`,
    issues: [],
    cause,
  };
}

export function fromAlignIssue(entry: AlignIssue): ToolCallIssue {
  return {
    code: entry.code,
    message: entry.message,
    path: entry.path,
    expected: entry.expected,
    received: entry.received,
  };
}

/** A Standard Schema issue with its path as a JSON Pointer. */
export function fromStandardIssue(entry: {
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
