import { ToolwireError } from '../../errors/toolwire-error.js';
import { describe } from '../../internal/describe-value.js';

/**
 * Checks that canonical `messages` have the shape the converters and `repairHistory` walk: an array of
 * objects with a string `role`, `content` a string or an array (an array for `tool`), each part an
 * object with a string `type` (a text or reasoning part with a string `text`, a result with an `output`
 * object; `providerOptions` objects of objects). Canonical messages are developer input, so a wrong shape is API misuse:
 * throws `ToolwireError` code `invalid_argument` naming the first bad position. Linear in the parts.
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
        const problem = partProblem(part);
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
function partProblem(part: unknown): string | undefined {
  const fields = part as {
    type?: unknown;
    text?: unknown;
    output?: unknown;
    providerOptions?: unknown;
  } | null;
  if (typeof fields?.type !== 'string') return ' must be a part object with a type';
  if ((fields.type === 'text' || fields.type === 'reasoning') && typeof fields.text !== 'string') {
    return ` (${fields.type}) must have a string text`;
  }
  if (!isOptions(fields.providerOptions)) return '.providerOptions must be an object of objects';
  if (fields.type === 'tool-result') {
    const output = fields.output as { type?: unknown; providerOptions?: unknown } | null | undefined;
    if (typeof output?.type !== 'string') return ' (tool-result) must have an output object with a type';
    if (!isOptions(output.providerOptions)) return '.output.providerOptions must be an object of objects';
  }
  return undefined;
}
