import { ToolwireError } from '../../errors/toolwire-error.js';
import { describe } from '../../internal/describe-value.js';
import { TOOL_RESULT_OUTPUT_TYPES } from '../../internal/tool-result-output-types.js';

/** The part types each role's content may hold (`Message` in `types/message.ts`). */
const PART_TYPES: Readonly<Record<string, readonly string[]>> = {
  user: ['text', 'image', 'file'],
  assistant: ['text', 'reasoning', 'file', 'tool-call', 'tool-call-invalid', 'tool-result'],
  tool: ['tool-result'],
};

/**
 * Checks that canonical `messages` have the shape the converters and `repairHistory` walk: an array of
 * objects with a `role` of `system`, `user`, `assistant` or `tool`, `content` a string or an array (an
 * array for `tool`), each part an object whose `type` its role holds (`PART_TYPES`; a text or reasoning
 * part with a string `text`, an image's `image` and a file's `data` a string, `Uint8Array` or `URL`, a
 * result with an `output` of a known `type`, a `content` output's `value` an array of typed items, a
 * `json` / `error-json` output's `value` one `JSON.stringify` can write: no cycle, no BigInt, not nested
 * past the stack; `providerOptions` objects of objects). Canonical messages are developer input, so a
 * wrong shape is API misuse: throws `ToolwireError` code `invalid_argument` naming the first bad
 * position. Linear in the parts.
 */
export function checkMessageShapes(messages: unknown): void {
  if (!Array.isArray(messages)) {
    throw new ToolwireError(
      'invalid_argument',
      `messages must be an array of messages, got ${describe(messages)}`,
    );
  }
  messages.forEach((message: unknown, position) => {
    const role = (message as { role?: unknown } | null)?.role;
    if (typeof message !== 'object' || message === null || typeof role !== 'string') {
      throw new ToolwireError(
        'invalid_argument',
        `messages[${position}] must be a message object with a role`,
      );
    }
    if (role !== 'system' && !Object.hasOwn(PART_TYPES, role)) {
      throw new ToolwireError(
        'invalid_argument',
        `messages[${position}].role ${JSON.stringify(role)} is not one of system, user, assistant, tool`,
      );
    }
    const content = (message as { content?: unknown }).content;
    if (
      (role === 'tool' && !Array.isArray(content)) ||
      (role !== 'tool' && typeof content !== 'string' && !Array.isArray(content))
    ) {
      throw new ToolwireError(
        'invalid_argument',
        `messages[${position}].content must be ${role === 'tool' ? 'an array' : 'a string or an array'}`,
      );
    }
    if (!isOptions((message as { providerOptions?: unknown }).providerOptions)) {
      throw new ToolwireError('invalid_argument', `messages[${position}].providerOptions must be an object`);
    }
    if (Array.isArray(content)) {
      content.forEach((part: unknown, at) => {
        const problem = partProblem(part, PART_TYPES[role]);
        if (problem !== undefined) {
          throw new ToolwireError('invalid_argument', `messages[${position}].content[${at}]${problem}`);
        }
      });
    }
  });
}

function isOptions(value: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((entry) => typeof entry === 'object' && entry !== null);
}

/**
 * What makes a part unusable, or `undefined`: the fields the repair reads, typed as `Message` declares
 * them (a text or reasoning part without its text, a result without an output, ...).
 */
function partProblem(part: unknown, allowed: readonly string[] | undefined): string | undefined {
  const fields = part as {
    type?: unknown;
    text?: unknown;
    image?: unknown;
    data?: unknown;
    output?: unknown;
    providerOptions?: unknown;
  } | null;
  if (typeof fields?.type !== 'string') return ' must be a part object with a type';
  // A system message's parts are read as text by every converter; the other roles hold only their own.
  if (allowed !== undefined && !allowed.includes(fields.type)) {
    return ` has type ${JSON.stringify(fields.type)}, which this role does not hold (${allowed.join(', ')})`;
  }
  if ((fields.type === 'text' || fields.type === 'reasoning') && typeof fields.text !== 'string') {
    return ` (${fields.type}) must have a string text`;
  }
  if (fields.type === 'image' && !isData(fields.image)) {
    return ` (image) must have an image: a string, a Uint8Array or a URL, got ${describe(fields.image)}`;
  }
  if (fields.type === 'file' && !isData(fields.data)) {
    return ` (file) must have data: a string, a Uint8Array or a URL, got ${describe(fields.data)}`;
  }
  if (!isOptions(fields.providerOptions)) return '.providerOptions must be an object of objects';
  if (fields.type === 'tool-result') return outputProblem(fields.output);
  return undefined;
}

function isData(value: unknown): boolean {
  return typeof value === 'string' || value instanceof Uint8Array || value instanceof URL;
}

/** What makes a result's `output` unusable, or `undefined`. */
function outputProblem(value: unknown): string | undefined {
  const output = value as { type?: unknown; value?: unknown; providerOptions?: unknown } | null | undefined;
  if (typeof output?.type !== 'string') return ' (tool-result) must have an output object with a type';
  if (!(TOOL_RESULT_OUTPUT_TYPES as readonly string[]).includes(output.type)) {
    return `.output.type ${JSON.stringify(output.type)} is not one of ${TOOL_RESULT_OUTPUT_TYPES.join(', ')}`;
  }
  if (!isOptions(output.providerOptions)) return '.output.providerOptions must be an object of objects';
  if (output.type === 'content') {
    const items = output.value;
    if (!Array.isArray(items)) return `.output.value (content) must be an array, got ${describe(items)}`;
    const bad = items.findIndex(
      (item: unknown) => typeof (item as { type?: unknown } | null)?.type !== 'string',
    );
    if (bad >= 0) return `.output.value[${bad}] must be a content item object with a type`;
  }
  if (output.type === 'json' || output.type === 'error-json') {
    // Written later by JSON.stringify (the converter's or the HTTP client's): fail here, by position.
    try {
      JSON.stringify(output.value);
    } catch {
      return `.output.value (${output.type}) cannot be written as JSON (a cycle, a BigInt or nested too deep)`;
    }
  }
  return undefined;
}
