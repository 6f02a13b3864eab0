import { ToolwireError } from '../../errors/toolwire-error.js';
import { isRecord } from './call-accumulator.js';

/**
 * The body of a provider request or response as an object.
 * @throws {ToolwireError} code `invalid_request` when `body` is not an object, or `field` is given and
 * `body[field]` is not an array (`messages` of a request: the one thing every reader needs).
 */
export function readBody(body: unknown, what: string, field?: string): Record<string, unknown> {
  if (!isRecord(body)) throw new ToolwireError('invalid_request', `${what}: the body is not a JSON object`);
  if (field !== undefined && !Array.isArray(body[field])) {
    throw new ToolwireError('invalid_request', `${what}: "${field}" is not an array`);
  }
  return body;
}

/** A finite number, or `undefined` (`null`, strings and the like are ignored). */
export const optionalNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** `{ [key]: value }` when `value` is defined, else `{}`, for building objects without `undefined` members. */
export function definedMember<Key extends string, Value>(
  key: Key,
  value: Value | undefined,
): { [K in Key]?: Value } {
  return (value === undefined ? {} : { [key]: value }) as { [K in Key]?: Value };
}
