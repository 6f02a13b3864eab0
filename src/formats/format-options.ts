import { ToolwireError } from '../errors/toolwire-error.js';
import { describe } from '../internal/describe-value.js';
import { checkedTools } from './core/checked-tools.js';
import { contentModes } from './core/content-shaper.js';
import type { FormatOptions } from './format-definition.js';

/**
 * Checks the options a developer passed to a parser (`create(options)`, `parseToolCalls`) once, where
 * they are read, and returns them with `tools` normalized (OpenAI / Anthropic / AI SDK tool shapes
 * become `{ name, description?, parameters }`; see `checkedTools` for its cache by array). Other keys
 * are passed through untouched; options whose `tools` is already such a normalized array come back
 * as they are, not copied.
 *
 * @throws {ToolwireError} (code `invalid_argument`) when `options` is not an object, `model` is not a
 *   string, `reasoning` is not `"split"` / `"content"` / `"inline"`, `content` is not one of `"verbatim"`,
 *   `"nonblank"`, `"trim"`, `"narrative"`, `"json"`, `finishReason` is not `"stop"` / `"length"`, `align`
 *   is not an object with the functions of a `SchemaAlignment`, or a boolean option is not a boolean.
 * @throws {InvalidToolsError} (code `invalid_tools`) when `tools` is not an array of tools with a
 *   string `name` each.
 */
export function checkFormatOptions<T extends FormatOptions & { readonly model?: string }>(
  options: T | undefined,
): T {
  if (options === undefined) return {} as T;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ToolwireError('invalid_argument', `parser options must be an object, got ${describe(options)}`);
  }
  const model: unknown = options.model;
  if (model !== undefined && typeof model !== 'string')
    throw new ToolwireError('invalid_argument', `options.model must be a string, got ${describe(model)}`);
  const reasoning: unknown = options.reasoning;
  if (reasoning !== undefined && reasoning !== 'split' && reasoning !== 'content' && reasoning !== 'inline') {
    throw new ToolwireError(
      'invalid_argument',
      `options.reasoning must be "split", "content" or "inline", got ${describe(reasoning)}`,
    );
  }
  const content: unknown = options.content;
  if (content !== undefined && !(contentModes as readonly unknown[]).includes(content)) {
    throw new ToolwireError(
      'invalid_argument',
      `options.content must be "verbatim", "nonblank", "trim", "narrative" or "json", got ${describe(content)}`,
    );
  }
  // Named reads, not `options[key]` over a list of keys: this runs twice per `parseToolCalls`, on
  // option objects of many shapes, where a keyed read costs several times a named one.
  checkBoolean('reasoningStartedInPrompt', options.reasoningStartedInPrompt);
  checkBoolean('inputEvents', options.inputEvents);
  checkBoolean('glmShorthand', options.glmShorthand);
  checkBoolean('allowUnknownTools', options.allowUnknownTools);
  checkBoolean('allowInvalidArguments', options.allowInvalidArguments);
  checkBoolean('strictFormat', options.strictFormat);
  checkBoolean('applyDefaults', options.applyDefaults);
  const finishReason: unknown = options.finishReason;
  if (finishReason !== undefined && finishReason !== 'stop' && finishReason !== 'length') {
    throw new ToolwireError(
      'invalid_argument',
      `options.finishReason must be "stop" or "length", got ${describe(finishReason)}`,
    );
  }
  const align: unknown = options.align;
  if (align !== undefined && !isSchemaAlignment(align)) {
    throw new ToolwireError(
      'invalid_argument',
      `options.align must be a SchemaAlignment (schemaAlignment from toolwire/schema), got ${describe(align)}`,
    );
  }
  const given = options.tools;
  if (given === undefined) return options;
  const tools = checkedTools(given);
  // Options checked before (`parseToolCalls` hands its checked options to `create`): no copy.
  if (tools === given) return options;
  // The copy's own `tools` is overwritten, not added: adding a property to an object spread's copy
  // goes through the runtime on Node 20 (see `withSchemaAlignment`).
  const copy = { ...options };
  (copy as { tools?: unknown }).tools = tools;
  return copy;
}

/** Throws unless `value`, the option `key`, is a boolean or absent. */
function checkBoolean(key: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean')
    throw new ToolwireError('invalid_argument', `options.${key} must be a boolean, got ${describe(value)}`);
}

/** The members of a `SchemaAlignment`, each a function. */
const alignmentMembers = ['root', 'alignArguments', 'alignParameters', 'typeParameterText'] as const;

/** Frozen alignments already checked (`schemaAlignment` is one): their members cannot change. */
const checkedAlignments = new WeakSet<object>();

function isSchemaAlignment(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (checkedAlignments.has(value)) return true;
  const record = value as Record<string, unknown>;
  for (const member of alignmentMembers) if (typeof record[member] !== 'function') return false;
  // Only a frozen object's own data properties are sure to stay functions (an accessor or an
  // inherited member could answer otherwise next time: such an object is checked every time).
  if (Object.isFrozen(value) && alignmentMembers.every((member) => isDataProperty(value, member)))
    checkedAlignments.add(value);
  return true;
}

/** Whether `key` is an own data property of `value` (a frozen object's can never change). */
function isDataProperty(value: object, key: string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  return descriptor !== undefined && 'value' in descriptor;
}

/** Throws unless `chunk` is a string: what `push` accepts. */
export function checkChunk(chunk: unknown): asserts chunk is string {
  if (typeof chunk !== 'string')
    throw new ToolwireError('invalid_argument', `push() takes a string, got ${describe(chunk)}`);
}

/** The error for `push()` or `finish()` after `finish()`. */
export function parserFinished(method: 'push' | 'finish'): ToolwireError {
  return new ToolwireError(
    'parser_finished',
    `${method}() after finish(): the turn is over; call reset() to parse another one`,
  );
}

export { describe };
